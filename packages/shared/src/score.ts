import './zod-locale';
import { z } from 'zod';
import { calendarDate, isoDateTime } from './api-dates';
import { SCORE_COLOURS, SCORE_SOURCE_KEYS } from './score-constants';

export * from './score-constants';

/** One line of `Pourquoi ce score ?`. */
export const scoreLineSchema = z.object({
  key: z.enum(SCORE_SOURCE_KEYS),
  /** What was counted over the period (attendance: the rate, 0 to 1). */
  found: z.number(),
  points: z.number().int(),
  /** Why the line gives 0 when there was nothing to count (scoreMessages), else null. */
  note: z.string().nullable(),
  /** Attendance only: meetings attended and meetings counted. */
  detail: z.object({ attended: z.number().int(), counted: z.number().int() }).nullable(),
});
export type ScoreLine = z.infer<typeof scoreLineSchema>;

export const memberScoreSchema = z.object({
  userId: z.string(),
  score: z.number().int().min(0).max(100),
  colour: z.enum(SCORE_COLOURS),
  breakdown: z.array(scoreLineSchema),
  periodStart: calendarDate(),
  periodEnd: calendarDate(),
  /** The Paris day it was computed: every figure shown says it. */
  computedOn: calendarDate(),
  computedAt: isoDateTime(),
});
export type MemberScore = z.infer<typeof memberScoreSchema>;

/**
 * GET /api/score/me: null until the first computation. `nextAction` is the criterion whose next
 * action would raise the score most (bestScoreAction, issue 29: `Pour gagner des points`), null
 * without a score or with every point earned.
 */
export const myScoreResponseSchema = z.object({
  score: memberScoreSchema.nullable(),
  nextAction: z.enum(SCORE_SOURCE_KEYS).nullable(),
});
export type MyScoreResponse = z.infer<typeof myScoreResponseSchema>;

/** GET /api/groups/:groupId/scores (the group's leaders): every active member, best first. */
export const groupScoresResponseSchema = z.object({
  members: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      trade: z.string().nullable(),
      score: memberScoreSchema.nullable(),
    }),
  ),
});
export type GroupScoresResponse = z.infer<typeof groupScoresResponseSchema>;

/** Beside the directory's ratings: the colour and its date (null until computed). */
export const scoreBadgeSchema = z
  .object({ score: z.number().int(), colour: z.enum(SCORE_COLOURS), computedOn: calendarDate() })
  .nullable();
export type ScoreBadge = z.infer<typeof scoreBadgeSchema>;
