import './zod-locale';
import { z } from 'zod';
import { isoDateTime } from './api-dates';
import { einvoiceStatusSchema } from './einvoicing';
import {
  EU_COUNTRY_CODES,
  euVatMessages,
  euVatNumberProblem,
  normalizeVatNumber,
  postcodeProblem,
  REVERSE_CHARGE_MENTION,
} from './eu-vat';

// Self-billing (autofacturation, CGI art. 289 I-2; docs/product/network-core.md §10): the mandate a
// beneficiary of commissions accepts, the invoices issued in their name, the credit notes.

/** The version of the mandate's text: a new text gets a new version (acceptances keep theirs). */
export const MANDATE_VERSION = '2026-12';
/** An invoice may be contested this many days after it is issued. */
export const SELF_BILLING_CONTEST_DAYS = 15;
/** VAT added on top of the commission for a beneficiary liable to VAT (assujetti), basis points. */
export const SELF_BILLING_VAT_RATE_BPS = 2000;
export const FRANCHISE_MENTION = 'TVA non applicable, art. 293 B du CGI';
export const SELF_BILLING_MENTION = 'Autofacturation';

const nnbsp = '\u202f';
const nbsp = '\u00a0';
/** « text » with no-break spaces inside the guillemets. */
const quoted = (text: string) => `«${nbsp}${text}${nbsp}»`;

/** The mandate's French text, as the member reads and accepts it (kept in full with the acceptance). */
export function mandateText(): string {
  return [
    `Mandat d'autofacturation (version ${MANDATE_VERSION})`,
    '',
    `En application de l'article 289 I-2 du code général des impôts, le bénéficiaire (le ${quoted('mandant')}) donne mandat à Synergie Pro (le ${quoted('mandataire')}) d'établir en son nom et pour son compte les factures des commissions de parrainage qui lui sont dues.`,
    '',
    `1. Chaque mois, lors de la clôture du relevé des commissions, Synergie Pro émet une facture au nom du bénéficiaire, portant la mention ${quoted(SELF_BILLING_MENTION)}, numérotée dans une série propre au bénéficiaire, chronologique et sans rupture.`,
    `2. Le bénéficiaire garantit l'exactitude des informations déclarées (dénomination, SIREN ou SIRET, adresse, régime de TVA) et s'engage à signaler sans délai toute modification en acceptant un nouveau mandat.`,
    `3. Si le bénéficiaire bénéficie de la franchise en base de TVA, la facture porte la mention ${quoted(FRANCHISE_MENTION)}. S'il est assujetti, la TVA au taux de 20${nnbsp}% s'ajoute au montant de la commission${nnbsp}; le bénéficiaire reste seul redevable de la TVA collectée et de sa déclaration. S'il est établi dans un autre État membre de l'Union européenne et identifié à la TVA dans cet État, la facture est émise sans TVA et porte la mention ${quoted(REVERSE_CHARGE_MENTION)}${nnbsp}: la TVA est due par Synergie Pro, preneur établi en France (art. 283-2 du CGI).`,
    `4. Chaque facture est mise à disposition du bénéficiaire dans son espace. Il peut la contester dans un délai de ${SELF_BILLING_CONTEST_DAYS} jours à compter de son émission${nnbsp}; passé ce délai, elle est réputée acceptée. Une facture contestée à juste titre est annulée par un avoir, jamais modifiée.`,
    `5. Le bénéficiaire conserve l'entière responsabilité de ses obligations fiscales et sociales. Il peut révoquer ce mandat à tout moment depuis son espace${nnbsp}: les commissions restent alors en attente jusqu'à l'acceptation d'un nouveau mandat.`,
  ].join('\n');
}

/** Digits only: spaces, dots and dashes typed in a number are ignored. */
export const digitsOf = (raw: string) => raw.replace(/[\s.\-\u00a0\u202f]/g, '');

/** The Luhn key over a string of digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function isValidSiren(raw: string): boolean {
  const digits = digitsOf(raw);
  return /^\d{9}$/.test(digits) && luhnValid(digits);
}

/** A SIRET: its SIREN is valid and the 14 digits pass the Luhn key (La Poste's establishments: digit sum divisible by 5). */
export function isValidSiret(raw: string): boolean {
  const digits = digitsOf(raw);
  if (!/^\d{14}$/.test(digits) || !luhnValid(digits.slice(0, 9))) return false;
  if (digits.startsWith('356000000') && digits !== '35600000000048') {
    return [...digits].reduce((s, d) => s + Number(d), 0) % 5 === 0;
  }
  return luhnValid(digits);
}

/** The two-digit key of a French VAT number: (12 + 3 × (SIREN mod 97)) mod 97. */
export function frenchVatKey(siren: string): string {
  const key = (12 + 3 * (Number(siren) % 97)) % 97;
  return String(key).padStart(2, '0');
}

export function frenchVatNumber(siren: string): string {
  return `FR${frenchVatKey(siren)}${siren}`;
}

/**
 * Why an intra-EU VAT number is refused, or null when it is plausible. A French number must be FR,
 * its key, then the SIREN (and the SIREN of the mandate when given); another member state's is
 * checked by its country's format (`euVatNumberProblem`, eu-vat.ts).
 */
export function vatNumberProblem(raw: string, siren?: string): string | null {
  const vat = normalizeVatNumber(raw);
  if (vat.startsWith('FR')) {
    const match = /^FR([0-9A-Z]{2})(\d{9})$/.exec(vat);
    if (!match) return selfBillingMessages.vatFrenchFormat;
    const [, key, vatSiren] = match as unknown as [string, string, string];
    if (!isValidSiren(vatSiren)) return selfBillingMessages.vatFrenchSiren;
    if (/^\d{2}$/.test(key) && key !== frenchVatKey(vatSiren)) return selfBillingMessages.vatFrenchKey;
    const own = siren ? digitsOf(siren).slice(0, 9) : '';
    if (isValidSiren(own) && own !== vatSiren) {
      return selfBillingMessages.vatSirenMismatch;
    }
    return null;
  }
  return euVatNumberProblem(vat);
}

export const selfBillingMessages = {
  legalNameRequired: 'Indiquez la dénomination (raison sociale ou nom de l’entreprise).',
  sirenRequired: 'Indiquez le SIREN (9 chiffres) ou le SIRET (14 chiffres).',
  sirenLength: 'Le SIREN compte 9 chiffres et le SIRET 14 chiffres.',
  sirenKey: `Ce SIREN n’est pas valide${nbsp}: vérifiez les chiffres (clé de contrôle incorrecte).`,
  siretKey: `Ce SIRET n’est pas valide${nbsp}: vérifiez les chiffres (clé de contrôle incorrecte).`,
  addressRequired: 'Indiquez l’adresse (numéro et voie).',
  postcodeInvalid: 'Le code postal compte 5 chiffres.',
  cityRequired: 'Indiquez la ville.',
  vatRequired: 'Indiquez votre numéro de TVA intracommunautaire.',
  vatFrenchFormat: 'Un numéro de TVA français s’écrit FR, 2 caractères de clé puis les 9 chiffres du SIREN.',
  vatFrenchSiren: `Ce numéro de TVA n’est pas valide${nbsp}: le SIREN qu’il contient est incorrect.`,
  vatFrenchKey: `Ce numéro de TVA n’est pas valide${nbsp}: la clé ne correspond pas au SIREN.`,
  vatSirenMismatch: 'Ce numéro de TVA ne correspond pas au SIREN indiqué.',
  vatFrenchRequired: `Avec un SIREN et une adresse en France, indiquez votre numéro de TVA français${nbsp}: FR, la clé puis les 9 chiffres du SIREN (pour une entreprise établie dans un autre pays de l’Union, choisissez l’autoliquidation).`,
  frenchStatusAbroad: `La franchise en base et la TVA française concernent une entreprise établie en France${nbsp}: pour une entreprise d’un autre pays de l’Union, choisissez l’autoliquidation.`,
  acceptRequired: 'Cochez la case pour accepter le mandat d’autofacturation.',
  contestReasonRequired: 'Expliquez en quelques mots le motif de la contestation.',
} as const;

/**
 * The beneficiary's VAT regime: franchise en base (art. 293 B du CGI), assujetti (French VAT at
 * 20 % on top), or autoliquidation: a business established in another member state, with its VAT
 * number there, whose services to Synergie Pro are invoiced without VAT (Synergie Pro, the buyer,
 * accounts for it: CGI art. 283-2; docs/product/invoicing.md "Autoliquidation").
 */
export const vatStatusSchema = z.enum(['franchise', 'assujetti', 'autoliquidation']);
export type VatStatus = z.infer<typeof vatStatusSchema>;

/** The mandate form, in the browser and on the server. */
export const mandateInputSchema = z
  .object({
    legalName: z.string().trim().min(2, selfBillingMessages.legalNameRequired).max(200),
    /** The SIREN or SIRET of a business established in France; empty for one of another member state. */
    siren: z.string().trim().max(40).default(''),
    addressLine: z.string().trim().min(3, selfBillingMessages.addressRequired).max(200),
    postcode: z.string().trim().max(10),
    city: z.string().trim().min(1, selfBillingMessages.cityRequired).max(100),
    /** Where the business is established (ISO 3166 code of a member state); France unless said. */
    country: z.enum(EU_COUNTRY_CODES, { error: euVatMessages.countryRequired }).default('FR'),
    vatStatus: vatStatusSchema,
    vatNumber: z.string().trim().max(40).optional(),
    // Checked below rather than as z.literal(true): a failed literal would stop the checks that
    // follow, and the form shows every message at once.
    accepted: z.boolean({ error: selfBillingMessages.acceptRequired }).optional(),
  })
  .superRefine((value, c) => {
    if (value.accepted !== true)
      c.addIssue({ code: 'custom', path: ['accepted'], message: selfBillingMessages.acceptRequired });
    const postcode = postcodeProblem(value.postcode, value.country);
    if (postcode) c.addIssue({ code: 'custom', path: ['postcode'], message: postcode });
    if (value.vatStatus === 'autoliquidation') {
      if (value.country === 'FR') {
        c.addIssue({ code: 'custom', path: ['country'], message: euVatMessages.countryOutsideFrance });
        return;
      }
      if (value.siren !== '') c.addIssue({ code: 'custom', path: ['siren'], message: euVatMessages.noSirenAbroad });
      if (!value.vatNumber) {
        c.addIssue({ code: 'custom', path: ['vatNumber'], message: euVatMessages.vatRequired });
        return;
      }
      const problem = euVatNumberProblem(value.vatNumber, value.country);
      if (problem) c.addIssue({ code: 'custom', path: ['vatNumber'], message: problem });
      return;
    }
    if (value.country !== 'FR') {
      c.addIssue({ code: 'custom', path: ['vatStatus'], message: selfBillingMessages.frenchStatusAbroad });
      return;
    }
    const digits = digitsOf(value.siren);
    if (digits === '') c.addIssue({ code: 'custom', path: ['siren'], message: selfBillingMessages.sirenRequired });
    else if (!/^\d{9}$|^\d{14}$/.test(digits))
      c.addIssue({ code: 'custom', path: ['siren'], message: selfBillingMessages.sirenLength });
    else if (digits.length === 9 && !isValidSiren(digits))
      c.addIssue({ code: 'custom', path: ['siren'], message: selfBillingMessages.sirenKey });
    else if (digits.length === 14 && !isValidSiret(digits))
      c.addIssue({ code: 'custom', path: ['siren'], message: selfBillingMessages.siretKey });
    if (value.vatStatus !== 'assujetti') return;
    if (!value.vatNumber) {
      c.addIssue({ code: 'custom', path: ['vatNumber'], message: selfBillingMessages.vatRequired });
      return;
    }
    // The mandate's address is in France and its SIREN French: the VAT number is the French one of
    // that SIREN (another member state's number means autoliquidation, with that country chosen).
    const problem = normalizeVatNumber(value.vatNumber).startsWith('FR')
      ? vatNumberProblem(value.vatNumber, value.siren)
      : selfBillingMessages.vatFrenchRequired;
    if (problem) c.addIssue({ code: 'custom', path: ['vatNumber'], message: problem });
  });
export type MandateInput = z.input<typeof mandateInputSchema>;

export const mandateSchema = z.object({
  id: z.string(),
  legalName: z.string(),
  siren: z.string(),
  siret: z.string().nullable(),
  addressLine: z.string(),
  postcode: z.string(),
  city: z.string(),
  country: z.string(),
  vatStatus: vatStatusSchema,
  vatNumber: z.string().nullable(),
  version: z.string(),
  textHash: z.string(),
  acceptedAt: isoDateTime(),
  revokedAt: isoDateTime().nullable(),
});
export type Mandate = z.infer<typeof mandateSchema>;

export const selfBillingInvoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  kind: z.enum(['invoice', 'credit_note']),
  month: z.string(),
  issuedAt: isoDateTime(),
  issuerName: z.string(),
  userId: z.string().nullable(),
  vatStatus: vatStatusSchema,
  totalExclVatCents: z.number().int(),
  vatCents: z.number().int(),
  totalInclVatCents: z.number().int(),
  creditsNumber: z.string().nullable(),
  creditedBy: z.string().nullable(),
  contestedAt: isoDateTime().nullable(),
  contestReason: z.string().nullable(),
  contestableUntil: isoDateTime().nullable(),
  /** Its course on the plateforme agréée: null when it is not deposited (no platform set, no SIREN). */
  einvoice: einvoiceStatusSchema.nullable(),
});
export type SelfBillingInvoice = z.infer<typeof selfBillingInvoiceSchema>;

export const mySelfBillingResponseSchema = z.object({
  mandateVersion: z.string(),
  mandateText: z.string(),
  mandate: mandateSchema.nullable(),
  invoices: z.array(selfBillingInvoiceSchema),
});
export type MySelfBillingResponse = z.infer<typeof mySelfBillingResponseSchema>;

export const contestInputSchema = z.object({
  reason: z.string().trim().min(5, selfBillingMessages.contestReasonRequired).max(2000),
});

export const closeMonthResponseSchema = z.object({
  month: z.string(),
  invoices: z.array(
    z.object({
      number: z.string(),
      issuerName: z.string(),
      totalInclVatCents: z.number().int(),
      lineCount: z.number().int(),
    }),
  ),
  skipped: z.array(z.object({ sponsorId: z.string(), name: z.string().nullable(), reason: z.string() })),
});
export type CloseMonthResponse = z.infer<typeof closeMonthResponseSchema>;

export const adminSelfBillingResponseSchema = z.object({
  month: z.string(),
  invoices: z.array(selfBillingInvoiceSchema),
  contests: z.array(selfBillingInvoiceSchema),
});
export type AdminSelfBillingResponse = z.infer<typeof adminSelfBillingResponseSchema>;

/** The credit note issued to cancel a contested invoice (POST …/credit-note). */
export const creditNoteResponseSchema = z.object({ id: z.string(), number: z.string() });
export type CreditNoteResponse = z.infer<typeof creditNoteResponseSchema>;
