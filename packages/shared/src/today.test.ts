import { describe, expect, it } from 'vitest';
import { scoreMessages } from './score-constants';
import { bestScoreAction } from './today-constants';

const line = (key: string, points: number, detail: { attended: number; counted: number } | null = null) =>
  ({ key, points, note: null, detail }) as Parameters<typeof bestScoreAction>[0][number];

describe('bestScoreAction: the one action that raises the score most', () => {
  it('picks the largest gain of one more action, counted by hand', () => {
    // One more of each: attendance 25 × 3/6 − 10 = 2.5, recommendations 20/26 ≈ 0.77, guests 2.5,
    // one-to-ones full, business 2.5, testimonials 10/3 ≈ 3.33.
    expect(
      bestScoreAction([
        line('attendance', 10, { attended: 2, counted: 5 }),
        line('recommendations', 8),
        line('guests', 0),
        line('oneToOnes', 15),
        line('business', 5),
        line('testimonials', 3),
      ]),
    ).toBe('testimonials');
  });

  it('gives the tie to the criterion listed first, and attendance 25 points with no meeting counted', () => {
    // Attendance 25 × 1/1 − 0 = 25 beats every other.
    expect(bestScoreAction([line('attendance', 0, { attended: 0, counted: 0 })])).toBe('attendance');
    // Without attendance to gain: guests 2.5 and business 2.5 tie, guests is listed first.
    expect(
      bestScoreAction([
        line('attendance', 25, { attended: 4, counted: 4 }),
        line('recommendations', 20),
        line('guests', 0),
        line('oneToOnes', 15),
        line('business', 0),
        line('testimonials', 10),
      ]),
    ).toBe('guests');
  });

  it('never asks for a meeting without a seat, and says nothing when every point is earned', () => {
    expect(
      bestScoreAction([
        { key: 'attendance', points: 0, note: scoreMessages.noGroup, detail: null },
        line('recommendations', 20),
        line('guests', 15),
        line('oneToOnes', 15),
        line('business', 15),
        line('testimonials', 9),
      ]),
    ).toBe('testimonials');
    expect(
      bestScoreAction([
        line('attendance', 25, { attended: 3, counted: 3 }),
        line('recommendations', 20),
        line('guests', 15),
        line('oneToOnes', 15),
        line('business', 15),
        line('testimonials', 10),
      ]),
    ).toBeNull();
  });

  it('caps the gain at what is left of a criterion', () => {
    // Testimonials 9/10: one more adds 1 (not 3.33); recommendations 19/20 adds 0.77: testimonials.
    // Guests 14/15 adds 1 too and is listed before testimonials.
    expect(
      bestScoreAction([
        line('attendance', 25, { attended: 3, counted: 3 }),
        line('recommendations', 19),
        line('guests', 14),
        line('oneToOnes', 15),
        line('business', 15),
        line('testimonials', 9),
      ]),
    ).toBe('guests');
  });
});
