import { describe, expect, it } from 'vitest';
import { monthsBefore, parisToday } from './recommendation-constants';

describe('one-to-one dates', () => {
  it('today is the Paris calendar date, not UTC', () => {
    expect(parisToday(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
    expect(parisToday(new Date('2026-12-31T22:59:00Z'))).toBe('2026-12-31');
    expect(parisToday(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
  });

  it('months before, the day clamped to the end of a shorter month', () => {
    expect(monthsBefore('2026-08-31', 6)).toBe('2026-02-28');
    expect(monthsBefore('2028-08-31', 6)).toBe('2028-02-29');
    expect(monthsBefore('2026-03-15', 6)).toBe('2025-09-15');
    expect(monthsBefore('2026-01-01', 12)).toBe('2025-01-01');
  });
});
