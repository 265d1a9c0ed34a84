import './zod-locale';
import { z } from 'zod';
import { isoDateTime } from './api-dates';

// Electronic invoicing through a plateforme agréée (issue 32, docs/product/invoicing.md
// "Facturation électronique"): each invoice and credit note with a SIREN on both sides is deposited
// on the platform, and its lifecycle statuses are read back and shown to the member and the admin.

/**
 * The lifecycle statuses the reform defines (XP Z12-012, "statuts du cycle de vie"), by code: the
 * ones this product shows. 213 and 210 end the invoice's course (rejected by the platform's
 * checks, refused by the buyer); 212 ends it paid.
 */
export const LIFECYCLE_STATUSES = {
  200: 'Déposée',
  203: 'Mise à disposition',
  204: 'Prise en charge',
  205: 'Approuvée',
  210: 'Refusée',
  212: 'Encaissée',
  213: 'Rejetée',
} as const;
export type LifecycleCode = keyof typeof LIFECYCLE_STATUSES;
export const FINAL_LIFECYCLE_CODES: readonly number[] = [210, 212, 213];

/** What each status means, printed beside it. */
export const LIFECYCLE_DEFINITIONS: Record<LifecycleCode, string> = {
  200: 'La facture a été remise à la plateforme agréée.',
  203: 'La plateforme du destinataire l’a reçue et la lui présente.',
  204: 'Le destinataire l’a ouverte et la traite.',
  205: 'Le destinataire l’a acceptée.',
  210: 'Le destinataire l’a refusée.',
  212: 'Le paiement est enregistré.',
  213: 'La plateforme l’a rejetée à ses contrôles.',
};

export const lifecycleLabel = (code: number): string =>
  (LIFECYCLE_STATUSES as Record<number, string>)[code] ?? `Statut ${code}`;

export const einvoicingMessages = {
  waiting: 'En attente de dépôt',
  waitingHint: 'La facture sera déposée sur la plateforme agréée dès qu’elle répondra.',
  failed: 'Dépôt refusé',
  title: 'Facturation électronique',
  history: 'Suivi de la facture',
  statusColumn: 'Plateforme agréée',
  intro: (platform: string) =>
    `Vos factures sont transmises par la plateforme agréée ${platform}\u00a0: leur état est indiqué à côté de chacune.`,
} as const;

export const einvoiceStepSchema = z.object({
  code: z.number().int(),
  label: z.string(),
  at: isoDateTime(),
  reason: z.string().nullable(),
});
export type EinvoiceStep = z.infer<typeof einvoiceStepSchema>;

/** An invoice's course on the platform: null when it is not deposited (no platform, no SIREN). */
export const einvoiceStatusSchema = z.object({
  /** waiting: not yet deposited; deposited: on the platform (its steps below); failed: refused at the deposit. */
  state: z.enum(['waiting', 'deposited', 'failed']),
  label: z.string(),
  at: isoDateTime().nullable(),
  reason: z.string().nullable(),
  steps: z.array(einvoiceStepSchema),
});
export type EinvoiceStatus = z.infer<typeof einvoiceStatusSchema>;
