// SEPA Direct Debit (issue 32, docs/product/decisions.md "Issue 32 — prélèvement SEPA"): the
// mandate's wording the member reads before paying, the rules of a failed debit, and what the
// member's billing section shows. No dependency but zod, for the server and the pricing page.
import './zod-locale';
import { z } from 'zod';
import { isoDateTime } from './api-dates';

/**
 * The version of the mandate's wording below. A new wording gets a new version: each mandate we
 * keep records the version that was shown, so what a member agreed to can always be reread.
 */
export const SEPA_MANDATE_TEXT_VERSION = 'sepa-fr-2026-1';

/** The creditor the member authorizes (the wording names it; it does not follow SITE_NAME). */
export const SEPA_CREDITOR_NAME = 'Synergie Pro';

/**
 * The standard French SEPA Core mandate wording (the European Payments Council's rulebook, as
 * Stripe shows it), with our name and Stripe's role. Each version's text, kept forever.
 */
export const SEPA_MANDATE_TEXTS: Record<string, string> = {
  [SEPA_MANDATE_TEXT_VERSION]:
    `En signant ce formulaire de mandat, vous autorisez (A) ${SEPA_CREDITOR_NAME} et Stripe, notre prestataire de services de paiement, à envoyer des instructions à votre banque pour débiter votre compte, et (B) votre banque à débiter votre compte conformément aux instructions de ${SEPA_CREDITOR_NAME}. ` +
    'Vous bénéficiez du droit d’être remboursé par votre banque selon les conditions décrites dans la convention que vous avez passée avec elle. ' +
    'Toute demande de remboursement doit être présentée dans les 8\u00a0semaines suivant la date de débit de votre compte. ' +
    'Vos droits concernant le mandat ci-dessus sont expliqués dans un document que vous pouvez obtenir auprès de votre banque.',
};

export const sepaMandateText = (version: string = SEPA_MANDATE_TEXT_VERSION) => SEPA_MANDATE_TEXTS[version] ?? null;

/**
 * A failed debit: the member keeps access and seat this many days from the first failure, then
 * the seat lapses (lapseSeats) unless a retry or a payment settled the invoice.
 */
export const DEBIT_GRACE_DAYS = 30;
/** Stripe retries a failed invoice this many times (its custom retry schedule, docs/settings.md). */
export const DEBIT_RETRIES = 3;
/** The reminder before a retry is sent this many days before Stripe's next attempt. */
export const DEBIT_RETRY_NOTICE_DAYS = 2;

/** A mandate as the member sees it: never the IBAN, only its last 4 digits. */
export const sepaMandateSchema = z.object({
  reference: z.string(),
  textVersion: z.string(),
  text: z.string().nullable(),
  acceptedAt: isoDateTime(),
  ibanLast4: z.string().nullable(),
  status: z.string(),
});
export type SepaMandate = z.infer<typeof sepaMandateSchema>;

/** A debit that failed and is not settled yet: the grace and Stripe's next attempt. */
export const failedDebitSchema = z.object({
  amountCents: z.number().int(),
  firstFailedAt: isoDateTime(),
  graceEndsAt: isoDateTime(),
  attemptCount: z.number().int(),
  nextAttemptAt: isoDateTime().nullable(),
});
export type FailedDebit = z.infer<typeof failedDebitSchema>;

export const paymentDetailsResponseSchema = z.object({
  mandates: z.array(sepaMandateSchema),
  failedDebit: failedDebitSchema.nullable(),
});
export type PaymentDetailsResponse = z.infer<typeof paymentDetailsResponseSchema>;

export const sepaMessages = {
  mandateTitle: 'Mandat de prélèvement SEPA',
  mandateIntro:
    'Vous pourrez payer par carte ou par prélèvement SEPA. Si vous choisissez le prélèvement, voici le mandat que vous signerez sur la page de paiement\u00a0:',
  continueToPayment: 'Continuer vers le paiement',
  cancel: 'Annuler',
  mandateReference: 'Référence du mandat',
  mandateSignedOn: 'Signé le',
  mandateAccount: 'Compte',
  mandateVersion: 'Version du texte',
  failedDebitTitle: 'Prélèvement refusé',
} as const;
