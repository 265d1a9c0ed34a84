import { formatCalendarDate } from '@synergie/shared/format';
import { describe, expect, it } from 'vitest';
import { sampleTopics } from './sample-topics';

describe('forum sample topics', () => {
  it('lists the five static topics of the spec', () => {
    expect(sampleTopics).toHaveLength(5);
  });

  it('formats a calendar day in French, whatever the time zone', () => {
    expect(formatCalendarDate('2026-11-01')).toBe('1 novembre 2026');
    expect(formatCalendarDate('2026-02-28')).toBe('28 février 2026');
  });
});
