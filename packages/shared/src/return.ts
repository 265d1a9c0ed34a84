import './zod-locale';
import { z } from 'zod';
import { isoDateTime } from './api-dates';

export * from './return-constants';

/** One Paris month of `Mon retour sur cotisation`, 'YYYY-MM', amounts in cents. */
export const returnMonthSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  receivedCents: z.number().int(),
  givenCents: z.number().int(),
  paidCents: z.number().int(),
  paidExclVatCents: z.number().int(),
});
export type ReturnMonth = z.infer<typeof returnMonthSchema>;

const sourceSchema = z.object({ label: z.string(), amountCents: z.number().int(), count: z.number().int() });

/** GET /api/me/return: the member's return on the fee over RETURN_MONTHS Paris months (issue 29). */
export const myReturnSchema = z.object({
  /** Oldest first, the current month last. */
  months: z.array(returnMonthSchema),
  totals: z.object({
    receivedCents: z.number().int(),
    givenCents: z.number().int(),
    paidCents: z.number().int(),
    paidExclVatCents: z.number().int(),
  }),
  /** The first month the cumulated received business reached the cumulated fee (HT), else null. */
  breakEvenMonth: z.string().nullable(),
  byMember: z.array(sourceSchema),
  byTrade: z.array(sourceSchema),
  declared: z.object({ count: z.number().int(), amountCents: z.number().int() }),
  lost: z.array(z.object({ recommendationId: z.string(), reason: z.string().nullable(), at: isoDateTime() })),
});
export type MyReturn = z.infer<typeof myReturnSchema>;
