import {
  COMMISSION_PAYABLE_AFTER_DAYS,
  type CommissionLine,
  type CommissionStatus,
  type CommissionTotals,
  REFERRAL_FIRST_INVOICE_PERCENT,
  REFERRAL_RENEWAL_PERCENT,
  toIsoDateTime,
  toIsoDateTimeOrNull,
} from '@synergie/shared';
import { and, desc, eq, inArray, isNotNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { commissions, invoices, profiles, subscriptions, user } from '../db/schema';
import { hasOptedOutOfCommissions } from './commission-opt-out';

/**
 * The referral ledger (docs/product/decisions.md "Referral programme", spec section 9). Amounts are integer
 * cents; rates are basis points derived from the shared percentages (plans.ts), so the rule lives
 * in one place.
 */
export const COMMISSION_RATES_BPS = {
  first: REFERRAL_FIRST_INVOICE_PERCENT * 100,
  renewal: REFERRAL_RENEWAL_PERCENT * 100,
} as const;

import { SUBSCRIBED_STATUSES } from './subscribed';

export { SUBSCRIBED_STATUSES };

/**
 * `bps` basis points of an amount excluding VAT, in integer arithmetic, rounded half up to the
 * cent (8250 x 5 % = 412.5 -> 413). Exact for any amount below 9e11 cents.
 */
export function commissionCents(amountExclVatCents: number, bps: number): number {
  const scaled = amountExclVatCents * bps;
  return Math.floor((scaled + 5000) / 10_000);
}

const DAY_MS = 24 * 60 * 60 * 1000;
const parisMonth = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit' });

/** The statement month ('YYYY-MM') of an instant, in Europe/Paris time. */
export function statementMonthOf(at: Date): string {
  const parts = parisMonth.formatToParts(at);
  const year = parts.find((p) => p.type === 'year')?.value;
  const month = parts.find((p) => p.type === 'month')?.value;
  return `${year}-${month}`;
}

export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** The status a line has now: 'paid' once paid out, else 'payable' from payable_at on. */
export function effectiveStatus(line: { status: string; payableAt: Date }, now = new Date()): CommissionStatus {
  if (line.status === 'paid') return 'paid';
  return line.payableAt.getTime() <= now.getTime() ? 'payable' : 'pending';
}

async function isSubscribed(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...SUBSCRIBED_STATUSES])))
    .limit(1);
  return row !== undefined;
}

/**
 * A collected payment: the referred member's sponsor earns 10 % (first invoice) or 5 % (renewal)
 * of the amount excluding VAT, if subscribed at this moment. Payable 15 days after collection, in
 * the statement of the month it becomes payable. Idempotent (one line per invoice and kind).
 */
export async function onInvoicePaid(tx: Tx, invoice: { id: string }): Promise<void> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, invoice.id)).limit(1);
  if (!row?.userId || (row.kind !== 'first' && row.kind !== 'renewal')) return;
  const [member] = await tx
    .select({ sponsorId: profiles.sponsorId })
    .from(profiles)
    .where(eq(profiles.userId, row.userId))
    .limit(1);
  const sponsorId = member?.sponsorId;
  if (!sponsorId || sponsorId === row.userId) return;
  if (!(await isSubscribed(tx, sponsorId))) return;
  // A member of a regulated trade who renounced commissions (issue 19) earns none.
  if (await hasOptedOutOfCommissions(tx, sponsorId)) return;
  const rateBps = COMMISSION_RATES_BPS[row.kind];
  const payableAt = new Date(row.paidAt.getTime() + COMMISSION_PAYABLE_AFTER_DAYS * DAY_MS);
  await tx
    .insert(commissions)
    .values({
      sponsorId,
      referredId: row.userId,
      invoiceId: row.id,
      kind: row.kind,
      rateBps,
      amountCents: commissionCents(row.amountExclVatCents, rateBps),
      status: 'pending',
      payableAt,
      statementMonth: statementMonthOf(payableAt),
    })
    .onConflictDoNothing();
}

/**
 * A refund: a 'reversal' line of the opposite amount, payable at the refund (or with the original
 * line if that is not due yet), in the statement of that month, or the first later one not yet
 * paid out (a refund after a payout lands in the next statement). Idempotent; nothing when the
 * payment earned no commission.
 */
export async function onInvoiceRefunded(tx: Tx, invoice: { id: string }): Promise<void> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, invoice.id)).limit(1);
  if (!row) return;
  const [original] = await tx
    .select()
    .from(commissions)
    .where(and(eq(commissions.invoiceId, row.id), ne(commissions.kind, 'reversal')))
    .limit(1);
  if (!original) return;
  const refundedAt = row.refundedAt ?? new Date();
  // Refunded before the commission fell due: the two lines cancel out in the same statement.
  const payableAt = refundedAt < original.payableAt ? original.payableAt : refundedAt;
  let month = statementMonthOf(payableAt);
  for (let i = 0; i < 24 && original.sponsorId && (await monthPaidOut(tx, original.sponsorId, month)); i++) {
    month = nextMonth(month);
  }
  await tx
    .insert(commissions)
    .values({
      sponsorId: original.sponsorId,
      referredId: original.referredId,
      invoiceId: row.id,
      kind: 'reversal',
      rateBps: original.rateBps,
      amountCents: -original.amountCents,
      status: 'pending',
      payableAt,
      statementMonth: month,
    })
    .onConflictDoNothing();
}

async function monthPaidOut(db: DbOrTx, sponsorId: string, month: string): Promise<boolean> {
  const [row] = await db
    .select({ id: commissions.id })
    .from(commissions)
    .where(
      and(eq(commissions.sponsorId, sponsorId), eq(commissions.statementMonth, month), eq(commissions.status, 'paid')),
    )
    .limit(1);
  return row !== undefined;
}

const lineColumns = {
  id: commissions.id,
  sponsorId: commissions.sponsorId,
  referredName: user.name,
  kind: commissions.kind,
  rateBps: commissions.rateBps,
  amountCents: commissions.amountCents,
  status: commissions.status,
  payableAt: commissions.payableAt,
  statementMonth: commissions.statementMonth,
  paidAt: commissions.paidAt,
  createdAt: commissions.createdAt,
};

type LineRow = Omit<CommissionLine, 'kind' | 'status' | 'payableAt' | 'paidAt' | 'createdAt'> & {
  kind: string;
  status: string;
  payableAt: Date;
  paidAt: Date | null;
  createdAt: Date;
};

/** A ledger row as the API sends it: the effective status, timestamps as ISO strings. */
function toLine(row: LineRow, now: Date): CommissionLine {
  return {
    ...row,
    kind: row.kind as CommissionLine['kind'],
    status: effectiveStatus(row, now),
    payableAt: toIsoDateTime(row.payableAt),
    paidAt: toIsoDateTimeOrNull(row.paidAt),
    createdAt: toIsoDateTime(row.createdAt),
  };
}

export function totalsOf(lines: readonly { amountCents: number; status: CommissionStatus }[]): CommissionTotals {
  const totals = { pendingCents: 0, payableCents: 0, paidCents: 0 };
  for (const line of lines) totals[`${line.status}Cents`] += line.amountCents;
  return totals;
}

/** A sponsor's ledger: every line (for the totals) and the most recent ones. */
export async function sponsorLedger(db: DbOrTx, sponsorId: string, now = new Date(), recent = 50) {
  const rows = await db
    .select(lineColumns)
    .from(commissions)
    .leftJoin(user, eq(user.id, commissions.referredId))
    .where(eq(commissions.sponsorId, sponsorId))
    .orderBy(desc(commissions.createdAt));
  const lines = rows.map((r) => toLine(r, now));
  return { totals: totalsOf(lines), lines: lines.slice(0, recent) };
}

/** One statement month: its lines and, per sponsor, the totals. */
export async function monthLedger(db: DbOrTx, month: string, now = new Date()) {
  const rows = await db
    .select(lineColumns)
    .from(commissions)
    .leftJoin(user, eq(user.id, commissions.referredId))
    .where(eq(commissions.statementMonth, month))
    .orderBy(commissions.createdAt);
  const lines = rows.map((r) => toLine(r, now));
  const sponsorIds = [...new Set(lines.map((l) => l.sponsorId).filter((id): id is string => id !== null))];
  const people = sponsorIds.length
    ? await db
        .select({ id: user.id, name: user.name, email: user.email })
        .from(user)
        .where(inArray(user.id, sponsorIds))
    : [];
  const byId = new Map(people.map((p) => [p.id, p]));
  const groups = new Map<string | null, typeof lines>();
  for (const line of lines) groups.set(line.sponsorId, [...(groups.get(line.sponsorId) ?? []), line]);
  const sponsors = [...groups].map(([sponsorId, own]) => {
    const totals = totalsOf(own);
    return {
      sponsorId,
      name: sponsorId ? (byId.get(sponsorId)?.name ?? null) : null,
      email: sponsorId ? (byId.get(sponsorId)?.email ?? null) : null,
      lineCount: own.length,
      totals,
      totalCents: own.reduce((sum, l) => sum + l.amountCents, 0),
    };
  });
  // Lines of earlier statements still unpaid (waiting for a mandate, released by a credit note, or
  // due in the last days of the month before): `Clôturer le mois` invoices them with this month's.
  const [earlier] = await db
    .select({ cents: sql<string>`coalesce(sum(${commissions.amountCents}), 0)` })
    .from(commissions)
    .where(
      and(
        lt(commissions.statementMonth, month),
        ne(commissions.status, 'paid'),
        lte(commissions.payableAt, now),
        isNotNull(commissions.sponsorId),
      ),
    );
  return { month, lines, sponsors, earlierPayableCents: Number(earlier?.cents ?? 0) };
}

/** Euros with a decimal comma and no thousands separator, for the CSV: -4,13 / 1234,50. */
export function csvEuros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

export function csvText(value: string | null): string {
  let text = value ?? '';
  // A cell starting with = + - @ would be a formula in Excel.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The month's payout statement for French Excel: UTF-8 with BOM, ';' separated, CRLF. */
export async function monthStatementCsv(db: DbOrTx, month: string, now = new Date()): Promise<string> {
  const { sponsors } = await monthLedger(db, month, now);
  const rows = [['Parrain', 'Email', 'Lignes', 'Total (€)'].join(';')];
  for (const s of sponsors) {
    rows.push([csvText(s.name), csvText(s.email), String(s.lineCount), csvEuros(s.totalCents)].join(';'));
  }
  return `\ufeff${rows.join('\r\n')}\r\n`;
}
