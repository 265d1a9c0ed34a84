import './zod-locale';
import { z } from 'zod';

import { HEALTH_MAX_COMPARED } from './group-health-constants';

export * from './group-health-constants';

/** One Paris week of a group's (or a set of groups') health; rates null when nothing to divide by. */
export const healthWeekSchema = z.object({
  /** The week's Monday, 'YYYY-MM-DD' (Europe/Paris). */
  week: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  meetingsHeld: z.number().int(),
  meetingsCancelled: z.number().int(),
  expected: z.number().int(),
  attended: z.number().int(),
  attendancePercent: z.number().nullable(),
  members: z.number().int(),
  recommendations: z.number().int(),
  recommendationsPerMember: z.number().nullable(),
  oneToOnes: z.number().int(),
  visitors: z.number().int(),
  visitorsCame: z.number().int(),
  visitorsBecameMembers: z.number().int(),
  joined: z.number().int(),
  left: z.number().int(),
});
export type HealthWeek = z.infer<typeof healthWeekSchema>;

/** The period's figures (groupHealthDefinitions says what each counts). */
export const healthTotalsSchema = z.object({
  meetingsHeld: z.number().int(),
  meetingsCancelled: z.number().int(),
  attendancePercent: z.number().nullable(),
  /** Members at the end of the current week. */
  members: z.number().int(),
  recommendations: z.number().int(),
  /** The mean over the weeks of each week's recommendations per member. */
  recommendationsPerMember: z.number().nullable(),
  oneToOnes: z.number().int(),
  visitors: z.number().int(),
  visitorsCame: z.number().int(),
  visitorsBecameMembers: z.number().int(),
  joined: z.number().int(),
  left: z.number().int(),
  won: z.number().int(),
  lost: z.number().int(),
  noFollowUp: z.number().int(),
  transformationPercent: z.number().nullable(),
});
export type HealthTotals = z.infer<typeof healthTotalsSchema>;

export const healthFiguresSchema = z.object({
  weeks: z.array(healthWeekSchema),
  totals: healthTotalsSchema,
  seatsByFamily: z.array(z.object({ family: z.string(), label: z.string(), filled: z.number().int() })),
  scores: z.object({
    bands: z.array(z.object({ from: z.number().int(), to: z.number().int(), count: z.number().int() })),
    scored: z.number().int(),
    median: z.number().nullable(),
  }),
});
export type HealthFigures = z.infer<typeof healthFiguresSchema>;

/** The national median: of each group's figure, over the groups with at least one member. */
export const healthMedianSchema = z.object({
  groups: z.number().int(),
  totals: z.object({
    attendancePercent: z.number().nullable(),
    recommendationsPerMember: z.number().nullable(),
    oneToOnes: z.number().nullable(),
    visitors: z.number().nullable(),
    visitorsBecameMembers: z.number().nullable(),
    left: z.number().nullable(),
    members: z.number().nullable(),
    transformationPercent: z.number().nullable(),
  }),
  weeks: z.array(
    z.object({
      week: z.string(),
      attendancePercent: z.number().nullable(),
      recommendationsPerMember: z.number().nullable(),
    }),
  ),
});
export type HealthMedian = z.infer<typeof healthMedianSchema>;

/** A group as the comparison names it: no member, only its public identity. */
const healthGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string(),
  region: z.string(),
});

/**
 * GET /api/groups/:groupId/health (the group's leaders): the group's figures, those of the groups
 * the leader chose (aggregates only, never a member) and the national median.
 */
export const groupHealthSchema = z.object({
  group: healthGroupSchema,
  figures: healthFiguresSchema,
  compared: z.array(z.object({ group: healthGroupSchema, figures: healthFiguresSchema })),
  national: healthMedianSchema,
  /** The groups the leader may pick for the comparison (every other group of the network). */
  choices: z.array(healthGroupSchema),
});
export type GroupHealth = z.infer<typeof groupHealthSchema>;

export const groupHealthQuerySchema = z.object({
  /** Comma-separated group ids, at most HEALTH_MAX_COMPARED; unknown ones are left out. */
  comparer: z
    .string()
    .max(200)
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter((s) => /^[0-9a-f-]{36}$/i.test(s))
        .slice(0, HEALTH_MAX_COMPARED),
    ),
});

/** GET /api/admin/health: the network's and each region's health, pooled (admins). */
export const networkHealthSchema = z.object({
  network: healthFiguresSchema,
  regions: z.array(z.object({ region: z.string(), groups: z.number().int(), figures: healthFiguresSchema })),
  national: healthMedianSchema,
});
export type NetworkHealth = z.infer<typeof networkHealthSchema>;
