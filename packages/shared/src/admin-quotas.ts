import { z } from 'zod';
import { isoDateTime } from './api-dates';
import { MEMBER_QUOTA_NAMES, type MemberQuotaName, QUOTA_LIFT_HOURS } from './quotas';

/** The admins' page of member quotas (issue 33, /admin/quotas). */

const quotaName = z.enum(MEMBER_QUOTA_NAMES as [MemberQuotaName, ...MemberQuotaName[]], {
  error: 'Choisissez une limite de la liste',
});

export const quotaHitSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  quota: quotaName,
  hourCount: z.number().int(),
  dayCount: z.number().int(),
  perHour: z.number().int(),
  perDay: z.number().int(),
  refusedCount: z.number().int(),
  lastRefusedAt: isoDateTime().nullable(),
  liftedUntil: isoDateTime().nullable(),
});
export type QuotaHitItem = z.infer<typeof quotaHitSchema>;

export const quotaHitsSchema = z.object({
  items: z.array(quotaHitSchema),
  /** The numbers in force (the catalogue's or the MEMBER_QUOTAS setting's), per quota. */
  limits: z.array(z.object({ quota: quotaName, perHour: z.number().int(), perDay: z.number().int() })),
});
export type QuotaHits = z.infer<typeof quotaHitsSchema>;

const liftHours = z.union([z.literal(0), ...QUOTA_LIFT_HOURS.map((h) => z.literal(h))], {
  error: 'Choisissez une durée de la liste',
});

/** POST /api/admin/quotas/:userId/lift: `hours` 0 ends a lift now. */
export const quotaLiftSchema = z.object({ quota: quotaName, hours: liftHours });
export type QuotaLiftInput = z.input<typeof quotaLiftSchema>;

export const quotaLiftedSchema = z.object({ liftedUntil: isoDateTime().nullable() });
