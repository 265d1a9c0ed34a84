import {
  type AdminMembershipInvoice,
  type BillingDetails,
  excludingVatCents,
  formatCalendarDate,
  frenchVatNumber,
  getPlan,
  MEMBERSHIP_CREDIT_NOTE_PREFIX,
  MEMBERSHIP_INVOICE_PREFIX,
  MEMBERSHIP_VAT_RATE_BPS,
  type MembershipInvoice,
  type MyMembershipInvoices,
  type PlanId,
  REVERSE_CHARGE_MENTION,
  REVERSE_CHARGE_SALE_NOTE,
  reverseChargeApplies,
  type SavedBillingDetails,
  toIsoDateTime,
} from '@synergie/shared';
import type { EinvoiceStatus } from '@synergie/shared/einvoicing';
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { invoices, membershipInvoices, profiles, user } from '../db/schema';
import type { Env } from '../env';
import { AppError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { einvoiceStatuses } from './einvoicing/status';
import type { Party } from './self-billing';
import type { InvoiceDocument } from './self-billing-documents';
import { queueWebhookEvent } from './webhooks/events';

/**
 * Membership invoices (issue 32, docs/product/invoicing.md "Factures d'adhésion"): every
 * membership payment recorded by domain/subscriptions.ts gets an invoice in the `FA` series, in
 * the payment's own transaction; a refund gets a credit note in the `AV` series. Numbers come
 * from one counter row per series and Paris year, locked until the transaction ends, so there is
 * no gap and no duplicate under concurrency; (payment, kind) is unique, so a replayed event never
 * writes a second document. Amounts are integer cents, VAT included as paid.
 */

export type PaymentRow = typeof invoices.$inferSelect;
type DocumentRow = typeof membershipInvoices.$inferSelect;

/** The seller's identity and legal mentions, from the settings (docs/settings.md), kept on every document. */
export interface InvoiceSeller extends Party {
  rcs: string;
  legalForm: string;
  paymentTerms: string;
  latePenalties: string;
  recoveryIndemnityEuros: number;
}

export function invoiceSellerOf(env: Env): InvoiceSeller {
  return {
    name: env.COMPANY_LEGAL_NAME,
    siren: env.COMPANY_SIREN,
    siret: null,
    vatNumber: env.COMPANY_VAT_NUMBER ?? frenchVatNumber(env.COMPANY_SIREN),
    addressLine: env.COMPANY_ADDRESS_LINE,
    postcode: env.COMPANY_POSTCODE,
    city: env.COMPANY_CITY,
    country: 'FR',
    rcs: env.COMPANY_RCS,
    legalForm: env.COMPANY_LEGAL_FORM,
    paymentTerms: env.INVOICE_PAYMENT_TERMS,
    latePenalties: env.INVOICE_LATE_PENALTIES,
    recoveryIndemnityEuros: env.INVOICE_RECOVERY_INDEMNITY_EUROS,
  };
}

const parisDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** 'YYYY-MM-DD' of an instant in Paris. */
export const parisDay = (at: Date) => parisDayFormat.format(at);
const parisYear = (at: Date) => Number(parisDay(at).slice(0, 4));

/** The last day of the period a payment of `planId` starting on Paris day `start` pays for. */
export function periodLastDay(planId: PlanId, start: string): string {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const next = getPlan(planId).period === 'year' ? new Date(Date.UTC(y + 1, m - 1, d)) : new Date(Date.UTC(y, m, d));
  // 31 January + 1 month: JavaScript rolls to 3 March; the period then ends on the last of February.
  if (getPlan(planId).period === 'month' && next.getUTCDate() !== d) next.setUTCDate(0);
  else next.setUTCDate(next.getUTCDate() - 1);
  return next.toISOString().slice(0, 10);
}

export function documentNumberOf(prefix: string, year: number, seq: number): string {
  return `${prefix}-${year}-${String(seq).padStart(6, '0')}`;
}

/**
 * The next number of a series for a year. The upsert takes the counter row's lock, held until
 * the transaction ends: a concurrent issuer waits, then reads the committed value; a rolled-back
 * transaction gives its number back. No gap, no duplicate.
 */
async function nextNumber(tx: Tx, series: string, year: number): Promise<number> {
  const { rows } = await tx.execute<{ last_number: number }>(sql`
    insert into membership_invoice_counters (series, year, last_number) values (${series}, ${year}, 1)
    on conflict (series, year) do update set last_number = membership_invoice_counters.last_number + 1
    returning last_number`);
  const value = rows[0]?.last_number;
  if (value === undefined) throw new Error('no number');
  return Number(value);
}

/**
 * The buyer as the member's profile names them at payment time (applyInvoicePaid reads it once:
 * it decides the payment's VAT split and is the invoice's snapshot).
 */
export async function membershipBuyerOf(tx: Tx, userId: string | null): Promise<Party> {
  const [row] = userId
    ? await tx
        .select({
          accountName: user.name,
          fullName: profiles.fullName,
          companyName: profiles.companyName,
          siren: profiles.billingSiren,
          vatNumber: profiles.billingVatNumber,
          addressLine: profiles.billingAddressLine,
          postcode: profiles.billingPostcode,
          city: profiles.billingCity,
          country: profiles.billingCountry,
          profileCity: profiles.city,
        })
        .from(user)
        .leftJoin(profiles, eq(profiles.userId, user.id))
        .where(eq(user.id, userId))
        .limit(1)
    : [];
  return {
    name: row?.companyName?.trim() || row?.fullName?.trim() || row?.accountName || 'Membre',
    siren: row?.siren ?? '',
    siret: null,
    vatNumber: row?.vatNumber ?? null,
    addressLine: row?.addressLine ?? '',
    postcode: row?.postcode ?? '',
    // The profile's city is a French one: a company abroad gives its own in its billing details.
    city: row?.city ?? (row?.country && row.country !== 'FR' ? '' : (row?.profileCity ?? '')),
    country: row?.country ?? 'FR',
  };
}

/**
 * How a membership payment splits (docs/product/invoicing.md "Autoliquidation"): the amount the
 * provider charged is the price TTC, 20 % French VAT included (99 € = 82,50 € HT + 16,50 € TVA);
 * for a company of another member state with its VAT number there (CGI art. 259 and 283-2) the
 * same amount is the price HT, without VAT (99 € HT, the buyer accounts for its VAT). The provider
 * charges one price to everyone: a lower price abroad would need prices of its own.
 */
export function membershipVatSplit(amountCents: number, buyer: Pick<Party, 'country' | 'vatNumber'>) {
  if (reverseChargeApplies(buyer)) {
    return { reverseCharge: true, exclVatCents: amountCents, vatCents: 0, vatRateBps: 0 };
  }
  const exclVatCents = excludingVatCents(amountCents);
  return {
    reverseCharge: false,
    exclVatCents,
    vatCents: amountCents - exclVatCents,
    vatRateBps: MEMBERSHIP_VAT_RATE_BPS,
  };
}

const KIND_WORDS = {
  first: 'première adhésion',
  renewal: 'renouvellement',
  change: 'changement de formule',
} as const;

/**
 * An invoice for a membership payment just recorded (called by applyInvoicePaid in its
 * transaction, after the payment row is written). 'change' when the plan differs from the
 * member's previous payment.
 */
export async function issueMembershipInvoice(tx: Tx, payment: PaymentRow, seller: InvoiceSeller, buyer?: Party) {
  const party = buyer ?? (await membershipBuyerOf(tx, payment.userId));
  // The payment row was split by membershipVatSplit with the same buyer: no VAT means reverse charge.
  const reverseCharge = reverseChargeApplies(party) && payment.vatCents === 0;
  const planId = payment.planId as PlanId;
  let kind: keyof typeof KIND_WORDS = payment.kind === 'first' ? 'first' : 'renewal';
  if (payment.userId && kind === 'renewal') {
    const [previous] = await tx
      .select({ planId: invoices.planId })
      .from(invoices)
      .where(and(eq(invoices.userId, payment.userId), lt(invoices.paidAt, payment.paidAt)))
      .orderBy(desc(invoices.paidAt))
      .limit(1);
    if (previous && previous.planId !== planId) kind = 'change';
  }
  const issuedAt = payment.paidAt;
  const start = parisDay(payment.paidAt);
  const year = parisYear(issuedAt);
  const number = documentNumberOf(
    MEMBERSHIP_INVOICE_PREFIX,
    year,
    await nextNumber(tx, MEMBERSHIP_INVOICE_PREFIX, year),
  );
  const [row] = await tx
    .insert(membershipInvoices)
    .values({
      number,
      kind: 'invoice',
      paymentId: payment.id,
      userId: payment.userId,
      issuedAt,
      seller,
      buyer: party,
      planId,
      label: `Adhésion Synergie Pro, ${getPlan(planId).formula.toLowerCase()} (${KIND_WORDS[kind]})`,
      periodStart: start,
      periodEnd: periodLastDay(planId, start),
      vatRateBps: reverseCharge ? 0 : MEMBERSHIP_VAT_RATE_BPS,
      reverseCharge,
      totalExclVatCents: payment.amountExclVatCents,
      vatCents: payment.vatCents,
      totalInclVatCents: payment.amountCents,
    })
    .returning();
  if (row) await tellInvoiceWebhooks(tx, row);
  return row;
}

/** `invoice.issued` to the admins' webhooks (issue 33), in the invoice's transaction: ids and amounts only. */
async function tellInvoiceWebhooks(tx: Tx, row: DocumentRow) {
  await queueWebhookEvent(tx, {
    type: 'invoice.issued',
    key: row.id,
    data: {
      invoiceId: row.id,
      number: row.number,
      series: 'membership',
      kind: row.kind,
      userId: row.userId,
      totalExclVatCents: row.totalExclVatCents,
      vatCents: row.vatCents,
      totalInclVatCents: row.totalInclVatCents,
    },
  });
}

/**
 * The credit note of a refunded payment (called by applyInvoiceRefunded in its transaction, once
 * the payment is marked refunded): the whole invoice is cancelled. None when the payment had no
 * invoice (paid before issue 32) or already has its credit note.
 */
export async function issueMembershipCreditNote(tx: Tx, payment: PaymentRow, seller: InvoiceSeller, at: Date) {
  const [invoice] = await tx
    .select()
    .from(membershipInvoices)
    .where(and(eq(membershipInvoices.paymentId, payment.id), eq(membershipInvoices.kind, 'invoice')))
    .for('update')
    .limit(1);
  if (!invoice) return null;
  const [existing] = await tx
    .select({ id: membershipInvoices.id })
    .from(membershipInvoices)
    .where(eq(membershipInvoices.creditsInvoiceId, invoice.id))
    .limit(1);
  if (existing) return null;
  const year = parisYear(at);
  const number = documentNumberOf(
    MEMBERSHIP_CREDIT_NOTE_PREFIX,
    year,
    await nextNumber(tx, MEMBERSHIP_CREDIT_NOTE_PREFIX, year),
  );
  const [row] = await tx
    .insert(membershipInvoices)
    .values({
      number,
      kind: 'credit_note',
      paymentId: payment.id,
      creditsInvoiceId: invoice.id,
      userId: invoice.userId,
      issuedAt: at,
      seller,
      buyer: invoice.buyer,
      planId: invoice.planId,
      label: `Remboursement\u00a0: ${invoice.label}`,
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
      vatRateBps: invoice.vatRateBps,
      reverseCharge: invoice.reverseCharge,
      totalExclVatCents: -invoice.totalExclVatCents,
      vatCents: -invoice.vatCents,
      totalInclVatCents: -invoice.totalInclVatCents,
    })
    .returning();
  if (row) await tellInvoiceWebhooks(tx, row);
  return row;
}

function toInvoice(
  row: DocumentRow,
  creditsNumber: string | null,
  statuses: Map<string, EinvoiceStatus>,
): MembershipInvoice {
  return {
    id: row.id,
    number: row.number,
    kind: row.kind as MembershipInvoice['kind'],
    issuedAt: toIsoDateTime(row.issuedAt),
    label: row.label,
    totalExclVatCents: row.totalExclVatCents,
    vatCents: row.vatCents,
    totalInclVatCents: row.totalInclVatCents,
    reverseCharge: row.reverseCharge,
    creditsNumber,
    einvoice: statuses.get(row.id) ?? null,
  };
}

// Written out: inside the subquery an interpolated column would name the inner table.
const credited = sql<
  string | null
>`(select c.number from membership_invoices c where c.id = membership_invoices.credits_invoice_id)`;

/** `Mes factures`: the member's documents, newest first, their billing details, and whether the SIREN lookup is offered. */
export async function getMyMembershipInvoices(
  db: DbOrTx,
  userId: string,
  sireneLookup: boolean,
): Promise<Omit<MyMembershipInvoices, 'einvoicingPlatform'>> {
  const [rows, details] = await Promise.all([
    db
      .select({ row: membershipInvoices, creditsNumber: credited })
      .from(membershipInvoices)
      .where(eq(membershipInvoices.userId, userId))
      .orderBy(desc(membershipInvoices.issuedAt), desc(membershipInvoices.number)),
    getBillingDetails(db, userId),
  ]);
  const statuses = await einvoiceStatuses(
    db,
    'membership',
    rows.map((r) => r.row.id),
  );
  return { details, sireneLookup, invoices: rows.map((r) => toInvoice(r.row, r.creditsNumber, statuses)) };
}

export async function getBillingDetails(db: DbOrTx, userId: string): Promise<SavedBillingDetails> {
  const [row] = await db
    .select({
      siren: profiles.billingSiren,
      vatNumber: profiles.billingVatNumber,
      addressLine: profiles.billingAddressLine,
      postcode: profiles.billingPostcode,
      city: profiles.billingCity,
      country: profiles.billingCountry,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  const details = row ?? { siren: null, vatNumber: null, addressLine: null, postcode: null, city: null, country: 'FR' };
  return { ...details, reverseCharge: reverseChargeApplies(details) };
}

/** Saves the buyer's details (already checked by billingDetailsInputSchema): the next invoices carry them. */
export async function saveBillingDetails(
  db: DbOrTx,
  userId: string,
  input: Omit<BillingDetails, 'country'> & { country?: BillingDetails['country'] },
): Promise<SavedBillingDetails> {
  const values = {
    billingCountry: input.country ?? 'FR',
    billingSiren: input.siren,
    billingVatNumber: input.vatNumber,
    billingAddressLine: input.addressLine,
    billingPostcode: input.postcode,
    billingCity: input.city,
  };
  await db
    .insert(profiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: profiles.userId, set: { ...values, updatedAt: new Date() } });
  return getBillingDetails(db, userId);
}

/** The Paris calendar year as instants: [1 January 00:00 Paris, next 1 January). */
export function parisYearBounds(year: number): [Date, Date] {
  const start = (y: number) => {
    // Midnight in Paris is 23:00 UTC the day before in winter (no summer time on 1 January).
    return new Date(Date.UTC(y - 1, 11, 31, 23, 0, 0));
  };
  return [start(year), start(year + 1)];
}

/** Every document issued in the Paris year: invoices, then credit notes, in number order. */
export async function membershipDocumentsOfYear(db: DbOrTx, year: number) {
  const [from, to] = parisYearBounds(year);
  return db
    .select({ row: membershipInvoices, creditsNumber: credited })
    .from(membershipInvoices)
    .where(and(gte(membershipInvoices.issuedAt, from), lt(membershipInvoices.issuedAt, to)))
    .orderBy(desc(membershipInvoices.kind), asc(membershipInvoices.number));
}

/** The admin's list of the year. */
export async function adminMembershipInvoices(db: DbOrTx, year: number): Promise<AdminMembershipInvoice[]> {
  const rows = await membershipDocumentsOfYear(db, year);
  const statuses = await einvoiceStatuses(
    db,
    'membership',
    rows.map((r) => r.row.id),
  );
  return rows.map((r) => ({
    ...toInvoice(r.row, r.creditsNumber, statuses),
    userId: r.row.userId,
    buyerName: (r.row.buyer as Party).name,
  }));
}

const csvCell = (value: string | number) => {
  const text = String(value);
  // A cell starting with = + - @ would be a formula in a spreadsheet: quoted with a leading '.
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+,\d{2}$/.test(text) ? `'${text}` : text;
  return /[;"\n\r]/.test(safe) || safe !== text ? `"${safe.replace(/"/g, '""')}"` : safe;
};
const decimal = (cents: number) => {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
};

/** The year's documents for a spreadsheet (semicolons, decimal commas, UTF-8 with a BOM). */
export async function membershipInvoicesCsv(db: DbOrTx, year: number): Promise<string> {
  const rows = await membershipDocumentsOfYear(db, year);
  const header = [
    'Numéro',
    'Type',
    'Date',
    'Client',
    'SIREN',
    'N° TVA',
    'Désignation',
    'Montant HT',
    'TVA',
    'Montant TTC',
    'Facture annulée',
    'Régime de TVA',
  ];
  const lines = rows.map(({ row, creditsNumber }) => {
    const buyer = row.buyer as Party;
    return [
      row.number,
      row.kind === 'invoice' ? 'Facture' : 'Avoir',
      parisDay(row.issuedAt),
      buyer.name,
      buyer.siren,
      buyer.vatNumber ?? '',
      row.label,
      decimal(row.totalExclVatCents),
      decimal(row.vatCents),
      decimal(row.totalInclVatCents),
      creditsNumber ?? '',
      row.reverseCharge ? REVERSE_CHARGE_MENTION : `TVA ${row.vatRateBps / 100}\u202f%`,
    ]
      .map(csvCell)
      .join(';');
  });
  return `\ufeff${[header.join(';'), ...lines].join('\r\n')}\r\n`;
}

/** One document for its PDF and Factur-X: the member's own only, or any for an admin. */
export async function loadMembershipDocument(
  db: DbOrTx,
  id: string,
  viewer: { userId: string; admin: boolean },
): Promise<InvoiceDocument> {
  if (!isUuid(id)) throw new AppError('INVOICE_NOT_FOUND');
  const [row] = await db.select().from(membershipInvoices).where(eq(membershipInvoices.id, id)).limit(1);
  if (!row || (!viewer.admin && row.userId !== viewer.userId)) throw new AppError('INVOICE_NOT_FOUND');
  let credits: { number: string; issuedAt: Date } | null = null;
  if (row.creditsInvoiceId) {
    const [original] = await db
      .select({ number: membershipInvoices.number, issuedAt: membershipInvoices.issuedAt })
      .from(membershipInvoices)
      .where(eq(membershipInvoices.id, row.creditsInvoiceId))
      .limit(1);
    credits = original ?? null;
  }
  return membershipDocument(row, credits);
}

/** A stored document as the Factur-X/PDF generator (domain/self-billing-documents.ts) draws it. */
export function membershipDocument(row: DocumentRow, credits: { number: string; issuedAt: Date } | null) {
  const seller = row.seller as InvoiceSeller;
  const { rcs, legalForm, paymentTerms, latePenalties, recoveryIndemnityEuros, ...issuer } = seller;
  const doc: InvoiceDocument = {
    row: {
      kind: row.kind,
      number: row.number,
      issuedAt: row.issuedAt,
      month: row.periodStart.slice(0, 7),
      vatStatus: row.reverseCharge ? 'autoliquidation' : 'assujetti',
      totalExclVatCents: row.totalExclVatCents,
      vatCents: row.vatCents,
      totalInclVatCents: row.totalInclVatCents,
    },
    issuer,
    client: row.buyer as Party,
    lines: [
      {
        label: row.label,
        month: `du ${formatCalendarDate(row.periodStart)} au ${formatCalendarDate(row.periodEnd)}`,
        amountCents: row.totalExclVatCents,
      },
    ],
    credits,
    sale: {
      periodStart: row.periodStart,
      periodEnd: row.periodEnd,
      notes: [
        `${seller.name}, ${legalForm}, ${rcs}, SIREN ${seller.siren}, TVA ${seller.vatNumber}`,
        row.reverseCharge
          ? `${REVERSE_CHARGE_SALE_NOTE} Prix HT ${row.kind === 'credit_note' ? 'remboursé' : 'payé'}\u00a0: ${decimal(Math.abs(row.totalInclVatCents))}\u00a0€.`
          : `TVA au taux normal de ${row.vatRateBps / 100}\u202f% (prix TTC ${row.kind === 'credit_note' ? 'remboursé' : 'payé'}\u00a0: ${decimal(Math.abs(row.totalInclVatCents))}\u00a0€)`,
      ],
      paymentTerms,
      paymentMentions: [
        `Taux des pénalités de retard\u00a0: ${latePenalties}.`,
        `Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement\u00a0: ${recoveryIndemnityEuros}\u00a0€.`,
      ],
    },
  };
  return doc;
}
