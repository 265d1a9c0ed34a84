import { describe, expect, it } from 'vitest';
import { parseApiCalendarDate, parseApiDateTime, parseApiDateTimeOrNull } from './api-dates';

describe('parseApiDateTime', () => {
  it('reads the ISO strings with offset the API sends', () => {
    expect(parseApiDateTime('2026-11-25T08:00:00.000Z').getTime()).toBe(Date.UTC(2026, 10, 25, 8));
    expect(parseApiDateTime('2026-11-25T09:00:00+01:00').getTime()).toBe(Date.UTC(2026, 10, 25, 8));
    expect(parseApiDateTimeOrNull(null)).toBeNull();
  });

  it.each(['2026-11-25 08:00:00', '2026-11-25T08:00:00', '2026-11-25', 'Wed Nov 25 2026', '', '2026-13-45T08:00:00Z'])(
    'refuses %j: no silent local-time guess',
    (value) => {
      expect(() => parseApiDateTime(value)).toThrow(TypeError);
    },
  );
});

describe('parseApiCalendarDate', () => {
  it('reads a day as midnight UTC', () => {
    expect(parseApiCalendarDate('2026-11-25').toISOString()).toBe('2026-11-25T00:00:00.000Z');
  });

  it.each(['2026-02-30', '2026-11-25T00:00:00Z', '25/11/2026', ''])('refuses %j', (value) => {
    expect(() => parseApiCalendarDate(value)).toThrow(TypeError);
  });
});
