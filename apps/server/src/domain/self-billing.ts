import { createHash } from 'node:crypto';
import {
  digitsOf,
  frenchVatNumber,
  MANDATE_VERSION,
  type Mandate,
  type MandateInput,
  mandateInputSchema,
  mandateText,
  normalizeVatNumber,
  SELF_BILLING_CONTEST_DAYS,
  SELF_BILLING_VAT_RATE_BPS,
  type SelfBillingInvoice,
  toIsoDateTime,
  toIsoDateTimeOrNull,
  type VatStatus,
} from '@synergie/shared';
import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbOrTx, Tx } from '../db/client';
import { installation, selfBillingInvoices, selfBillingMandates, user, userRoles } from '../db/schema';
import { AppError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { enqueueMail } from '../mail/outbox';
import { creditNoteIssuedMail, invoiceContestedMail } from '../mail/self-billing-mails';
import { statementMonthOf } from './commissions';
import { einvoiceStatuses } from './einvoicing/status';
import { parisNow } from './events/clock';
import { ensureReferralCode } from './referral';

/**
 * Self-billing (autofacturation, CGI art. 289 I-2; docs/product/network-core.md §10): mandates,
 * the month closing that issues one invoice per beneficiary in their own series, contests and
 * credit notes. Amounts are integer cents.
 */

/**
 * The client of every self-billed invoice: the company, from the settings (COMPANY_LEGAL_NAME,
 * COMPANY_SIREN, COMPANY_ADDRESS_LINE, COMPANY_POSTCODE, COMPANY_CITY: docs/settings.md).
 */
export function companyIdentity(env: AppContext['env']) {
  return {
    name: env.COMPANY_LEGAL_NAME,
    siren: env.COMPANY_SIREN,
    vatNumber: frenchVatNumber(env.COMPANY_SIREN),
    addressLine: env.COMPANY_ADDRESS_LINE,
    postcode: env.COMPANY_POSTCODE,
    city: env.COMPANY_CITY,
    country: 'FR',
  } as const;
}

export interface Party {
  name: string;
  siren: string;
  siret: string | null;
  addressLine: string;
  postcode: string;
  city: string;
  country: string;
  vatNumber: string | null;
}

export interface InvoiceLine {
  commissionId: string;
  label: string;
  month: string;
  amountCents: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * VAT on top of the commission: 20 % rounded half up to the cent (also for negative amounts);
 * none under the franchise, none on the invoice under reverse charge (Synergie Pro, the buyer,
 * accounts for it: {@link selfAssessedVatOf}).
 */
export function vatOf(exclVatCents: number, vatStatus: VatStatus): number {
  if (vatStatus === 'franchise' || vatStatus === 'autoliquidation') return 0;
  return selfAssessedVatOf(exclVatCents);
}

/** 20 % of an amount excluding VAT, rounded half up to the cent: the VAT the buyer self-assesses under reverse charge. */
export function selfAssessedVatOf(exclVatCents: number): number {
  const sign = exclVatCents < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(exclVatCents) * SELF_BILLING_VAT_RATE_BPS + 5000) / 10_000);
}

type MandateRow = typeof selfBillingMandates.$inferSelect;

function toMandate(row: MandateRow): Mandate {
  return {
    id: row.id,
    legalName: row.legalName,
    siren: row.siren,
    siret: row.siret,
    addressLine: row.addressLine,
    postcode: row.postcode,
    city: row.city,
    country: row.country,
    vatStatus: row.vatStatus as VatStatus,
    vatNumber: row.vatNumber,
    version: row.version,
    textHash: row.textHash,
    acceptedAt: toIsoDateTime(row.acceptedAt),
    revokedAt: toIsoDateTimeOrNull(row.revokedAt),
  };
}

const activeMandate = (userId: string) =>
  and(
    eq(selfBillingMandates.userId, userId),
    isNull(selfBillingMandates.revokedAt),
    isNull(selfBillingMandates.supersededAt),
  );

export async function findActiveMandate(db: DbOrTx, userId: string): Promise<MandateRow | null> {
  const [row] = await db.select().from(selfBillingMandates).where(activeMandate(userId)).limit(1);
  return row ?? null;
}

/**
 * Accepts the current mandate text: supersedes the active mandate, if any, in the same
 * transaction. Acceptances of one member are settled one after the other by a lock on the member's
 * row (each then supersedes the one before); the partial unique index stays the last guard.
 */
export async function acceptMandate(db: DbOrTx, userId: string, raw: MandateInput, at?: Date) {
  const input = mandateInputSchema.parse(raw);
  const digits = digitsOf(input.siren);
  const text = mandateText();
  const row = await db.transaction(async (tx) => {
    await lockMember(tx, userId);
    // Read once the lock is held: the acceptances of one member are dated in the order they win.
    const now = at ?? new Date();
    await tx.update(selfBillingMandates).set({ supersededAt: now }).where(activeMandate(userId));
    const [inserted] = await tx
      .insert(selfBillingMandates)
      .values({
        userId,
        legalName: input.legalName,
        siren: digits.slice(0, 9),
        siret: digits.length === 14 ? digits : null,
        addressLine: input.addressLine,
        postcode: input.postcode,
        city: input.city,
        country: input.country,
        vatStatus: input.vatStatus,
        vatNumber: input.vatStatus !== 'franchise' && input.vatNumber ? normalizeVatNumber(input.vatNumber) : null,
        version: MANDATE_VERSION,
        text,
        textHash: sha256(text),
        acceptedAt: now,
      })
      .returning();
    if (!inserted) throw new Error('mandate not stored');
    return inserted;
  });
  return toMandate(row);
}

/** Revokes the active mandate: the commissions then wait. 409 MANDATE_REQUIRED when there is none. */
export async function revokeMandate(db: DbOrTx, userId: string, at?: Date) {
  return db.transaction(async (tx) => {
    // After an acceptance under way (same lock): it revokes the mandate that acceptance leaves.
    await lockMember(tx, userId);
    const [row] = await tx
      .update(selfBillingMandates)
      .set({ revokedAt: at ?? new Date() })
      .where(activeMandate(userId))
      .returning();
    if (!row) throw new AppError('MANDATE_REQUIRED');
    return toMandate(row);
  });
}

/** The member's row, locked until the transaction ends: one mandate change of a member at a time. */
async function lockMember(tx: Tx, userId: string) {
  const locked = await tx.execute(sql`select id from "user" where id = ${userId} for no key update`);
  if (locked.rows.length === 0) throw new AppError('UNAUTHENTICATED');
}

type InvoiceRow = typeof selfBillingInvoices.$inferSelect;

export function contestableUntil(row: Pick<InvoiceRow, 'kind' | 'issuedAt'>): Date | null {
  return row.kind === 'invoice' ? new Date(row.issuedAt.getTime() + SELF_BILLING_CONTEST_DAYS * DAY_MS) : null;
}

/** Rows as the API sends them, with the numbers of the credit notes that cancel them or that they cancel. */
async function toInvoices(db: DbOrTx, rows: InvoiceRow[]): Promise<SelfBillingInvoice[]> {
  const ids = rows.map((r) => r.id);
  const creditIds = rows.map((r) => r.creditsInvoiceId).filter((id): id is string => id !== null);
  const related = ids.length
    ? await db
        .select({
          id: selfBillingInvoices.id,
          number: selfBillingInvoices.number,
          creditsInvoiceId: selfBillingInvoices.creditsInvoiceId,
        })
        .from(selfBillingInvoices)
        .where(
          creditIds.length
            ? or(inArray(selfBillingInvoices.creditsInvoiceId, ids), inArray(selfBillingInvoices.id, creditIds))
            : inArray(selfBillingInvoices.creditsInvoiceId, ids),
        )
    : [];
  const numberOf = new Map(related.map((r) => [r.id, r.number]));
  const creditedBy = new Map(related.filter((r) => r.creditsInvoiceId).map((r) => [r.creditsInvoiceId, r.number]));
  const statuses = await einvoiceStatuses(db, 'self_billing', ids);
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    kind: row.kind as SelfBillingInvoice['kind'],
    month: row.month,
    issuedAt: toIsoDateTime(row.issuedAt),
    issuerName: (row.issuer as Party).name,
    userId: row.userId,
    vatStatus: row.vatStatus as VatStatus,
    totalExclVatCents: row.totalExclVatCents,
    vatCents: row.vatCents,
    totalInclVatCents: row.totalInclVatCents,
    creditsNumber: row.creditsInvoiceId ? (numberOf.get(row.creditsInvoiceId) ?? null) : null,
    creditedBy: creditedBy.get(row.id) ?? null,
    contestedAt: toIsoDateTimeOrNull(row.contestedAt),
    contestReason: row.contestReason,
    contestableUntil: toIsoDateTimeOrNull(contestableUntil(row)),
    einvoice: statuses.get(row.id) ?? null,
  }));
}

/** GET /api/me/self-billing: the mandate's text and version, the active mandate, the invoices. */
export async function getMySelfBilling(db: DbOrTx, userId: string) {
  const mandate = await findActiveMandate(db, userId);
  const rows = await db
    .select()
    .from(selfBillingInvoices)
    .where(eq(selfBillingInvoices.userId, userId))
    .orderBy(desc(selfBillingInvoices.issuedAt), desc(selfBillingInvoices.number));
  return {
    mandateVersion: MANDATE_VERSION,
    mandateText: mandateText(),
    mandate: mandate ? toMandate(mandate) : null,
    invoices: await toInvoices(db, rows),
  };
}

/** GET /api/admin/self-billing?month=: the month's documents and every contest not yet answered. */
export async function adminSelfBilling(db: DbOrTx, month: string) {
  const rows = await db
    .select()
    .from(selfBillingInvoices)
    .where(eq(selfBillingInvoices.month, month))
    .orderBy(selfBillingInvoices.number);
  const contested = await db
    .select()
    .from(selfBillingInvoices)
    .where(
      and(
        isNotNull(selfBillingInvoices.contestedAt),
        sql`not exists (select 1 from self_billing_invoices c where c.credits_invoice_id = ${selfBillingInvoices.id})`,
      ),
    )
    .orderBy(selfBillingInvoices.contestedAt);
  return { month, invoices: await toInvoices(db, rows), contests: await toInvoices(db, contested) };
}

/**
 * The next number of a series for the year, in the caller's transaction (no gap: rolled back with
 * it). Keyed by the series, so a credit note issued after the beneficiary deleted their account
 * continues their series.
 */
async function nextNumber(tx: Tx, series: string, year: number): Promise<number> {
  const { rows } = await tx.execute<{ last_number: number }>(sql`
    insert into self_billing_counters (series, year, last_number) values (${series}, ${year}, 1)
    on conflict (series, year) do update set last_number = self_billing_counters.last_number + 1
    returning last_number`);
  const value = rows[0]?.last_number;
  if (value === undefined) throw new Error('no number');
  return Number(value);
}

const parisYear = (at: Date) => Number(statementMonthOf(at).slice(0, 4));

export function documentNumber(code: string, year: number, seq: number): string {
  return `AF-${code}-${year}-${String(seq).padStart(4, '0')}`;
}

/** The label of a statement line by commission kind (exported for the PDF typography test). */
export const KIND_LABELS: Record<string, string> = {
  first: 'Commission de parrainage (première adhésion)',
  renewal: 'Commission de parrainage (renouvellement)',
  reversal: 'Annulation de commission (remboursement)',
};

function partyOfMandate(m: MandateRow): Party {
  return {
    name: m.legalName,
    siren: m.siren,
    siret: m.siret,
    addressLine: m.addressLine,
    postcode: m.postcode,
    city: m.city,
    country: m.country,
    vatNumber: m.vatNumber,
  };
}

const clientParty = (env: AppContext['env']): Party => ({ ...companyIdentity(env), siret: null });

type CloseResult =
  | { issued: { number: string; issuerName: string; totalInclVatCents: number; lineCount: number } }
  | { skipped: string }
  | null;

/**
 * One beneficiary's part of a month closing, in one transaction: locks their unpaid lines due by
 * now in this month's statement or an earlier one (in id order, so that concurrent closings never
 * deadlock), then, with an active mandate and a positive total, takes the next number of their
 * series, writes the invoice and its lines and marks the lines paid. A line already invoiced by a
 * concurrent closing is no longer unpaid once its lock is granted, so it is invoiced once.
 */
async function closeForSponsor(ctx: AppContext, sponsorId: string, month: string, now: Date): Promise<CloseResult> {
  return ctx.db.transaction(async (tx) => {
    const { rows: lines } = await tx.execute<{
      id: string;
      kind: string;
      amount_cents: number;
      statement_month: string;
      referred_name: string | null;
    }>(sql`
      select c.id, c.kind, c.amount_cents, c.statement_month, u.name as referred_name
      from commissions c left join "user" u on u.id = c.referred_id
      where c.sponsor_id = ${sponsorId} and c.status <> 'paid' and c.payable_at <= ${now}
        and c.statement_month <= ${month}
      order by c.id
      for update of c`);
    if (lines.length === 0) return null;
    const mandate = await findActiveMandate(tx, sponsorId);
    if (!mandate) return { skipped: 'Aucun mandat d’autofacturation actif\u00a0: commissions en attente' };
    const total = lines.reduce((sum, l) => sum + Number(l.amount_cents), 0);
    if (total <= 0) return { skipped: 'Solde nul ou négatif\u00a0: reporté au mois suivant' };
    const vatStatus = mandate.vatStatus as VatStatus;
    const vat = vatOf(total, vatStatus);
    const year = parisYear(now);
    const code = await ensureReferralCode(tx, sponsorId);
    const number = documentNumber(code, year, await nextNumber(tx, code, year));
    const invoiceLines: InvoiceLine[] = lines.map((l) => ({
      commissionId: l.id,
      label: `${KIND_LABELS[l.kind] ?? 'Commission'}${l.referred_name ? ` — ${l.referred_name}` : ''}`,
      month: l.statement_month,
      amountCents: Number(l.amount_cents),
    }));
    const [invoice] = await tx
      .insert(selfBillingInvoices)
      .values({
        number,
        series: code,
        kind: 'invoice',
        userId: sponsorId,
        mandateId: mandate.id,
        month,
        issuedAt: now,
        issuer: partyOfMandate(mandate),
        client: clientParty(ctx.env),
        vatStatus,
        vatRateBps: vatStatus === 'assujetti' ? SELF_BILLING_VAT_RATE_BPS : 0,
        totalExclVatCents: total,
        vatCents: vat,
        totalInclVatCents: total + vat,
        lines: invoiceLines,
      })
      .returning({ id: selfBillingInvoices.id });
    if (!invoice) throw new Error('invoice not stored');
    const ids = lines.map((l) => l.id);
    await tx.execute(sql`
      insert into self_billing_invoice_lines (invoice_id, commission_id, amount_cents)
      select ${invoice.id}::uuid, c.id, c.amount_cents from commissions c where c.id in ${ids}`);
    await tx.execute(sql`update commissions set status = 'paid', paid_at = ${now} where id in ${ids}`);
    return {
      issued: { number, issuerName: mandate.legalName, totalInclVatCents: total + vat, lineCount: lines.length },
    };
  });
}

/**
 * `Clôturer le mois`: per beneficiary with payable lines in this month's statement (or earlier
 * ones still waiting), an invoice in their name and the lines paid; beneficiaries without an
 * active mandate are skipped and listed.
 */
export async function closeMonth(ctx: AppContext, month: string, now = new Date()) {
  // A month not yet begun in Paris cannot be closed (its lines would be paid before their statement).
  if (month > statementMonthOf(now)) throw new AppError('MONTH_NOT_CLOSABLE');
  const { rows } = await ctx.db.execute<{ sponsor_id: string; name: string | null }>(sql`
    select distinct c.sponsor_id, u.name from commissions c left join "user" u on u.id = c.sponsor_id
    where c.sponsor_id is not null and c.status <> 'paid' and c.payable_at <= ${now}
      and c.statement_month <= ${month}
    order by c.sponsor_id`);
  const invoices: { number: string; issuerName: string; totalInclVatCents: number; lineCount: number }[] = [];
  const skipped: { sponsorId: string; name: string | null; reason: string }[] = [];
  for (const row of rows) {
    const result = await closeForSponsor(ctx, row.sponsor_id, month, now);
    if (!result) continue;
    if ('issued' in result) invoices.push(result.issued);
    else skipped.push({ sponsorId: row.sponsor_id, name: row.name, reason: result.skipped });
  }
  return { month, invoices, skipped };
}

/** The Paris hour of the 1st from which the month before is closed by the job (issue 32). */
export const MONTH_CLOSING_HOUR = '06:00:00';

/** The month before 'YYYY-MM'. */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** The `installation` key that says a month was closed by the job (one row per month). */
export const monthClosedKey = (month: string) => `self-billing-closed:${month}`;

/**
 * The month closing as a job (issue 32, job `close-self-billing-month`): from 06:00 Paris on the
 * 1st, the month before is closed once, as `Clôturer le mois` does (kept for the admins). Safe on
 * two instances: closeMonth locks each sponsor's lines (`FOR UPDATE`), so the second instance
 * finds them paid and issues nothing; the month is marked done in `installation` afterwards, so
 * a crash half-way is finished at the next tick, and a month marked is never closed again by the
 * job (lines becoming payable later wait for the next month's closing, as with the button).
 * Returns the number of invoices issued.
 */
export async function closeMonthOnSchedule(ctx: AppContext, now = new Date()): Promise<number> {
  const { date, time } = parisNow(now);
  if (date.endsWith('-01') && time < MONTH_CLOSING_HOUR) return 0;
  const month = previousMonth(date.slice(0, 7));
  const key = monthClosedKey(month);
  const [done] = await ctx.db.select({ key: installation.key }).from(installation).where(eq(installation.key, key));
  if (done) return 0;
  const result = await closeMonth(ctx, month, now);
  await ctx.db
    .insert(installation)
    .values({ key, value: JSON.stringify({ closedAt: now.toISOString(), invoices: result.invoices.length }) })
    .onConflictDoNothing();
  return result.invoices.length;
}

/** One document with its lines, for its PDF: the member's own only, or any for an admin. */
export async function loadInvoice(db: DbOrTx, id: string, viewer: { userId: string; admin: boolean }) {
  // A malformed id names no invoice: 404 like an unknown one (PostgreSQL would refuse to compare it).
  if (!isUuid(id)) throw new AppError('INVOICE_NOT_FOUND');
  const [row] = await db.select().from(selfBillingInvoices).where(eq(selfBillingInvoices.id, id)).limit(1);
  if (!row || (!viewer.admin && row.userId !== viewer.userId)) throw new AppError('INVOICE_NOT_FOUND');
  let credits: { number: string; issuedAt: Date } | null = null;
  if (row.creditsInvoiceId) {
    const [original] = await db
      .select({ number: selfBillingInvoices.number, issuedAt: selfBillingInvoices.issuedAt })
      .from(selfBillingInvoices)
      .where(eq(selfBillingInvoices.id, row.creditsInvoiceId))
      .limit(1);
    credits = original ?? null;
  }
  return {
    row,
    issuer: row.issuer as Party,
    client: row.client as Party,
    lines: row.lines as InvoiceLine[],
    credits,
  };
}
export type LoadedInvoice = Awaited<ReturnType<typeof loadInvoice>>;

async function adminEmails(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ email: user.email })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .where(eq(userRoles.role, 'admin'));
  return rows.map((r) => r.email);
}

/**
 * The member contests their invoice within 15 days: the reason is kept on the invoice and mailed
 * to the admins. Late: 409 CONTEST_TOO_LATE.
 */
export async function contestInvoice(ctx: AppContext, userId: string, id: string, reason: string, now = new Date()) {
  if (!isUuid(id)) throw new AppError('INVOICE_NOT_FOUND');
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(selfBillingInvoices)
      .where(eq(selfBillingInvoices.id, id))
      .limit(1)
      .for('update');
    if (!row || row.userId !== userId) throw new AppError('INVOICE_NOT_FOUND');
    if (row.kind !== 'invoice') throw new AppError('NOT_CONTESTABLE');
    const [credit] = await tx
      .select({ id: selfBillingInvoices.id })
      .from(selfBillingInvoices)
      .where(eq(selfBillingInvoices.creditsInvoiceId, id))
      .limit(1);
    if (credit) throw new AppError('INVOICE_ALREADY_CREDITED');
    if (row.contestedAt) throw new AppError('ALREADY_CONTESTED');
    const until = contestableUntil(row);
    if (!until || now.getTime() > until.getTime()) throw new AppError('CONTEST_TOO_LATE');
    await tx
      .update(selfBillingInvoices)
      .set({ contestedAt: now, contestReason: reason })
      .where(eq(selfBillingInvoices.id, id));
    const issuerName = (row.issuer as Party).name;
    await enqueueMail(
      tx,
      (await adminEmails(tx)).map((to) => ({
        ...invoiceContestedMail(ctx.mailContext, {
          to,
          invoiceNumber: row.number,
          issuerName,
          month: row.month,
          reason,
        }),
        template: 'self-billing-contest',
        meta: { invoiceId: row.id },
      })),
    );
  });
  ctx.mailer.wake();
}

/**
 * The admin's answer to a contest: a credit note in the beneficiary's series (negative amounts,
 * referencing the invoice), the invoice's lines released and payable again at the next closing.
 * The invoice itself is never edited. A second credit note: 409 INVOICE_ALREADY_CREDITED.
 */
export async function issueCreditNote(ctx: AppContext, id: string, now = new Date()) {
  if (!isUuid(id)) throw new AppError('INVOICE_NOT_FOUND');
  const result = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(selfBillingInvoices)
      .where(eq(selfBillingInvoices.id, id))
      .limit(1)
      .for('update');
    if (!row) throw new AppError('INVOICE_NOT_FOUND');
    if (row.kind !== 'invoice') throw new AppError('NOT_CONTESTABLE');
    const [existing] = await tx
      .select({ id: selfBillingInvoices.id })
      .from(selfBillingInvoices)
      .where(eq(selfBillingInvoices.creditsInvoiceId, id))
      .limit(1);
    if (existing) throw new AppError('INVOICE_ALREADY_CREDITED');
    const year = parisYear(now);
    const number = documentNumber(row.series, year, await nextNumber(tx, row.series, year));
    const lines = (row.lines as InvoiceLine[]).map((l) => ({ ...l, amountCents: -l.amountCents }));
    const [credit] = await tx
      .insert(selfBillingInvoices)
      .values({
        number,
        series: row.series,
        kind: 'credit_note',
        userId: row.userId,
        mandateId: row.mandateId,
        creditsInvoiceId: row.id,
        month: row.month,
        issuedAt: now,
        issuer: row.issuer,
        client: row.client,
        vatStatus: row.vatStatus,
        vatRateBps: row.vatRateBps,
        totalExclVatCents: -row.totalExclVatCents,
        vatCents: -row.vatCents,
        totalInclVatCents: -row.totalInclVatCents,
        lines,
      })
      .returning({ id: selfBillingInvoices.id });
    if (!credit) throw new Error('credit note not stored');
    const released = await tx.execute<{ commission_id: string }>(sql`
      update self_billing_invoice_lines set released_at = ${now}
      where invoice_id = ${row.id} and released_at is null returning commission_id`);
    const ids = released.rows.map((r) => r.commission_id);
    if (ids.length) {
      await tx.execute(sql`update commissions set status = 'pending', paid_at = null where id in ${ids}`);
    }
    if (row.userId) {
      const [owner] = await tx.select({ email: user.email }).from(user).where(eq(user.id, row.userId)).limit(1);
      if (owner) {
        await enqueueMail(tx, {
          ...creditNoteIssuedMail(ctx.mailContext, {
            to: owner.email,
            invoiceNumber: row.number,
            creditNoteNumber: number,
          }),
          template: 'self-billing-credit-note',
          meta: { invoiceId: row.id, creditNoteId: credit.id },
        });
      }
    }
    return { id: credit.id, number };
  });
  ctx.mailer.wake();
  return result;
}

/** The ids of members among these with an active mandate (for the admin page and the seed). */
export async function withActiveMandate(db: DbOrTx, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: selfBillingMandates.userId })
    .from(selfBillingMandates)
    .where(
      and(
        inArray(selfBillingMandates.userId, userIds),
        isNull(selfBillingMandates.revokedAt),
        isNull(selfBillingMandates.supersededAt),
      ),
    );
  return new Set(rows.map((r) => r.userId).filter((id): id is string => id !== null));
}
