import './zod-locale';
import { z } from 'zod';
import { isoDateTime } from './api-dates';

/** The referral cookie set by /r/{code}: remembered 30 days until sign-up (docs/product/decisions.md). */
export const REFERRAL_COOKIE = 'synergie_ref';
export const REFERRAL_COOKIE_DAYS = 30;
/** Commissions become payable this many days after the payment is collected. */
export const COMMISSION_PAYABLE_AFTER_DAYS = 15;

export const referralMessages = {
  invalidMonth: 'Le mois doit être au format AAAA-MM.',
  linkCopied: 'Lien copié',
  copyFailed: 'Impossible de copier le lien',
} as const;

export const commissionKindSchema = z.enum(['first', 'renewal', 'reversal']);
export const commissionStatusSchema = z.enum(['pending', 'payable', 'paid']);
export type CommissionStatus = z.infer<typeof commissionStatusSchema>;

export const commissionLineSchema = z.object({
  id: z.string(),
  sponsorId: z.string().nullable(),
  referredName: z.string().nullable(),
  kind: commissionKindSchema,
  rateBps: z.number().int(),
  amountCents: z.number().int(),
  status: commissionStatusSchema,
  payableAt: isoDateTime(),
  statementMonth: z.string(),
  paidAt: isoDateTime().nullable(),
  createdAt: isoDateTime(),
});
export type CommissionLine = z.infer<typeof commissionLineSchema>;

export const commissionTotalsSchema = z.object({
  pendingCents: z.number().int(),
  payableCents: z.number().int(),
  paidCents: z.number().int(),
});
export type CommissionTotals = z.infer<typeof commissionTotalsSchema>;

export const referralResponseSchema = z.object({
  code: z.string(),
  link: z.string(),
  referrals: z.array(z.object({ name: z.string(), joinedAt: isoDateTime(), subscribed: z.boolean() })),
  totals: commissionTotalsSchema,
  lines: z.array(commissionLineSchema),
});
export type ReferralResponse = z.infer<typeof referralResponseSchema>;

export const statementMonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, referralMessages.invalidMonth);
export const commissionMonthQuerySchema = z.object({ month: statementMonthSchema });
export const commissionMonthParamsSchema = z.object({ month: statementMonthSchema });

export const adminCommissionsResponseSchema = z.object({
  month: z.string(),
  lines: z.array(commissionLineSchema),
  sponsors: z.array(
    z.object({
      sponsorId: z.string().nullable(),
      name: z.string().nullable(),
      email: z.string().nullable(),
      lineCount: z.number().int(),
      totals: commissionTotalsSchema,
      totalCents: z.number().int(),
    }),
  ),
  /** Payable, unpaid lines of earlier statements: the month's closing invoices them too. */
  earlierPayableCents: z.number().int(),
});
export type AdminCommissionsResponse = z.infer<typeof adminCommissionsResponseSchema>;
export const markPaidResponseSchema = z.object({ month: z.string(), marked: z.number().int() });
export type MarkPaidResponse = z.infer<typeof markPaidResponseSchema>;
