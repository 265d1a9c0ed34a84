import './zod-locale';
import { z } from 'zod';
import { isoDateTime } from './api-dates';
import { apiErrors } from './errors';

// Issue 19 (network-core §1 and §10): the DAS2 export, the commissions opt-out of regulated
// trades, the annual plan's renewal reminder and the cancellation from the profile.

/** DAS2 (CGI art. 240): beneficiaries paid MORE than this in a calendar year, VAT included. */
export const DAS2_THRESHOLD_CENTS = 240_000;
/** The first year the export covers: the 2 400 € threshold applies to payments from 2024 on. */
export const DAS2_FIRST_YEAR = 2024;

/** The renewal reminder goes out between 3 and 1 month(s) before the annual plan renews. */
export const RENEWAL_REMINDER_MONTHS = { earliest: 3, latest: 1 } as const;

/** The purpose of the signed link that stops an annual plan's renewal (lib/signed-links.ts). */
export const STOP_RENEWAL_LINK_PURPOSE = 'stop-renewal';

export const renewalMessages = {
  invalidYear: 'L’année doit être comprise entre 2024 et 2100.',
  /** The 2 400 € threshold applies to payments from 2024 on; earlier years had another one. */
  das2Before2024: apiErrors.DAS2_YEAR_TOO_EARLY.message,
  optOutLabel: 'Je renonce aux commissions',
  optedOut: 'Vous avez renoncé aux commissions\u00a0: aucune commission ne vous sera versée.',
  optedIn: 'Vos parrainages vous ouvrent de nouveau droit aux commissions.',
  cancelled:
    'Votre abonnement prendra fin à l’issue de la période en cours. Un e-mail de confirmation vous a été envoyé.',
} as const;

export const das2YearParamsSchema = z.object({
  year: z.coerce
    .number()
    .int(renewalMessages.invalidYear)
    .min(DAS2_FIRST_YEAR, renewalMessages.das2Before2024)
    .max(2100, renewalMessages.invalidYear),
});

export const commissionOptOutSchema = z.object({
  /** The member's trade carries the regulated flag: the notice and the setting are shown. */
  regulated: z.boolean(),
  optedOut: z.boolean(),
});
export type CommissionOptOut = z.infer<typeof commissionOptOutSchema>;
export const commissionOptOutBodySchema = z.object({ optedOut: z.boolean() });

export const stopRenewalTokenSchema = z.object({ token: z.string().min(1).max(2000) });

/** What the page behind the reminder's link shows before the member confirms. */
export const stopRenewalInfoSchema = z.object({
  renewsAt: isoDateTime(),
  amountCents: z.number().int(),
  /** Already set to end with the period: nothing left to confirm. */
  cancelAtPeriodEnd: z.boolean(),
});
export type StopRenewalInfo = z.infer<typeof stopRenewalInfoSchema>;
