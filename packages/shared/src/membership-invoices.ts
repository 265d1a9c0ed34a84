import './zod-locale';
import { z } from 'zod';
import { isoDateTime } from './api-dates';
import { einvoiceStatusSchema } from './einvoicing';
import { EU_COUNTRY_CODES, euVatMessages, euVatNumberProblem, normalizeVatNumber, postcodeProblem } from './eu-vat';
import { optionalText } from './fields';
import { digitsOf, isValidSiren, selfBillingMessages, vatNumberProblem } from './self-billing';

// Membership invoices (issue 32, docs/product/invoicing.md "Factures d'adhésion"): one invoice for
// every membership payment, one credit note for a refund, in their own series.

/** The invoices' and the credit notes' series: FA-2026-000001, AV-2026-000001 (numbered per Paris year). */
export const MEMBERSHIP_INVOICE_PREFIX = 'FA';
export const MEMBERSHIP_CREDIT_NOTE_PREFIX = 'AV';
/** The VAT rate of a membership (20 %), basis points. */
export const MEMBERSHIP_VAT_RATE_BPS = 2000;

export const membershipInvoiceMessages = {
  sirenLength: 'Le SIREN compte 9 chiffres.',
  sirenKey: selfBillingMessages.sirenKey,
  vatFrench: `Ce numéro de TVA n’est pas valide\u00a0: un numéro français s’écrit FR, sa clé de 2 chiffres puis les 9 chiffres du SIREN.`,
  vatNeedsSiren: 'Indiquez le SIREN avant le numéro de TVA.',
  vatOtherCountry: `Ce numéro de TVA est celui d’un autre pays de l’Union\u00a0: choisissez ce pays pour l’adresse de l’entreprise.`,
  reverseCharge: `Entreprise établie dans un autre pays de l’Union avec son numéro de TVA\u00a0: vos factures sont émises hors TVA, en autoliquidation (la TVA est due par vous, dans votre pays).`,
  postcodeInvalid: selfBillingMessages.postcodeInvalid,
  saved: 'Coordonnées de facturation enregistrées',
  listTitle: 'Mes factures',
  empty: 'Aucune facture pour l’instant\u00a0: chaque paiement de votre adhésion en fera une.',
} as const;

/**
 * The buyer's identity printed on the member's invoices (kept on the profile): in France, the SIREN
 * checked by its Luhn key and the VAT number French (FR, its key, the SIREN) matching the SIREN;
 * in another member state, no SIREN and that country's VAT number. Empty = none.
 */
/** A SIREN as typed: spaces, dots and dashes ignored; '' stays '' (the caller says whether it may be empty). */
const sirenDigits = z
  .string()
  .trim()
  .max(20)
  .transform((v) => digitsOf(v))
  .superRefine((digits, c) => {
    if (digits === '') return;
    if (!/^\d{9}$/.test(digits)) c.addIssue({ code: 'custom', message: membershipInvoiceMessages.sirenLength });
    else if (!isValidSiren(digits)) c.addIssue({ code: 'custom', message: membershipInvoiceMessages.sirenKey });
  });

/** A SIREN that must be given: 9 digits and its Luhn key (the Sirene lookup's path, issue 32). */
export const requiredSiren = sirenDigits.refine((digits) => digits !== '', {
  error: membershipInvoiceMessages.sirenLength,
});

export const billingDetailsInputSchema = z
  .object({
    siren: sirenDigits
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    vatNumber: z
      .string()
      .trim()
      .max(40)
      .transform((v) => normalizeVatNumber(v))
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    addressLine: optionalText(200, 'L’adresse'),
    postcode: z
      .string()
      .trim()
      .max(10)
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    city: optionalText(100, 'La ville'),
    /** Where the company is established (ISO 3166 code of a member state); France unless said. */
    country: z
      .enum(EU_COUNTRY_CODES, { error: euVatMessages.countryRequired })
      .optional()
      .transform((v) => v ?? 'FR'),
  })
  .superRefine((value, c) => {
    if (value.postcode) {
      const problem = postcodeProblem(value.postcode, value.country);
      if (problem) c.addIssue({ code: 'custom', path: ['postcode'], message: problem });
    }
    if (value.country !== 'FR') {
      // A company of another member state: no SIREN; its VAT number, when given, is its country's
      // (and then its invoices are issued without French VAT: `reverseChargeApplies`, eu-vat.ts).
      if (value.siren) c.addIssue({ code: 'custom', path: ['siren'], message: euVatMessages.noSirenAbroad });
      const problem = value.vatNumber ? euVatNumberProblem(value.vatNumber, value.country) : null;
      if (problem) c.addIssue({ code: 'custom', path: ['vatNumber'], message: problem });
      return;
    }
    if (!value.vatNumber) return;
    if (!value.vatNumber.startsWith('FR') || !/^FR\d{2}\d{9}$/.test(value.vatNumber)) {
      const foreign = euVatNumberProblem(value.vatNumber) === null;
      c.addIssue({
        code: 'custom',
        path: ['vatNumber'],
        message: foreign ? membershipInvoiceMessages.vatOtherCountry : membershipInvoiceMessages.vatFrench,
      });
      return;
    }
    if (!value.siren) {
      c.addIssue({ code: 'custom', path: ['vatNumber'], message: membershipInvoiceMessages.vatNeedsSiren });
      return;
    }
    const problem = vatNumberProblem(value.vatNumber, value.siren);
    if (problem) c.addIssue({ code: 'custom', path: ['vatNumber'], message: problem });
  });
export type BillingDetailsInput = z.input<typeof billingDetailsInputSchema>;
export type BillingDetails = z.output<typeof billingDetailsInputSchema>;
/** The details as saved and shown, with whether they mean reverse charge. */
export type SavedBillingDetails = z.infer<typeof billingDetailsSchema>;

export const billingDetailsSchema = z.object({
  siren: z.string().nullable(),
  vatNumber: z.string().nullable(),
  addressLine: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string(),
  /** Whether the member's invoices are issued without French VAT (intra-EU reverse charge). */
  reverseCharge: z.boolean(),
});

export const membershipInvoiceKindSchema = z.enum(['invoice', 'credit_note']);

export const membershipInvoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  kind: membershipInvoiceKindSchema,
  issuedAt: isoDateTime(),
  label: z.string(),
  /** Amounts in cents; a credit note's are negative. */
  totalExclVatCents: z.number().int(),
  vatCents: z.number().int(),
  totalInclVatCents: z.number().int(),
  /** Issued without VAT, `Autoliquidation` (intra-EU reverse charge). */
  reverseCharge: z.boolean(),
  /** The invoice a credit note cancels. */
  creditsNumber: z.string().nullable(),
  /** Its course on the plateforme agréée: null when it is not deposited (no platform set, no SIREN). */
  einvoice: einvoiceStatusSchema.nullable(),
});
export type MembershipInvoice = z.infer<typeof membershipInvoiceSchema>;

export const myMembershipInvoicesSchema = z.object({
  details: billingDetailsSchema,
  /** Whether the server may look a SIREN up in INSEE's Sirene directory (SIRENE_API_URL is set). */
  sireneLookup: z.boolean(),
  invoices: z.array(membershipInvoiceSchema),
  /** The plateforme agréée's name when invoices are deposited on one, null when they are downloads only. */
  einvoicingPlatform: z.string().nullable(),
});
export type MyMembershipInvoices = z.infer<typeof myMembershipInvoicesSchema>;

export const adminMembershipInvoiceSchema = membershipInvoiceSchema.extend({
  userId: z.string().nullable(),
  buyerName: z.string(),
});
export const adminMembershipInvoicesSchema = z.object({ invoices: z.array(adminMembershipInvoiceSchema) });
export type AdminMembershipInvoice = z.infer<typeof adminMembershipInvoiceSchema>;

/** ?year=2026 for the admin's list and exports (the Paris calendar year of issue). */
export const invoiceYearParamsSchema = z.object({
  year: z.coerce
    .number({ error: 'Indiquez une année (par exemple 2026).' })
    .int({ error: 'Indiquez une année (par exemple 2026).' })
    .min(2020, { error: 'Indiquez une année entre 2020 et 2100.' })
    .max(2100, { error: 'Indiquez une année entre 2020 et 2100.' }),
});
