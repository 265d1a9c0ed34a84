import { type PlanId, toIsoDateTimeOrNull } from '@synergie/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/client';
import { billingEvents, invoices, subscriptions } from '../db/schema';
import { onInvoicePaid, onInvoiceRefunded } from './commissions';
import {
  type InvoiceSeller,
  issueMembershipCreditNote,
  issueMembershipInvoice,
  membershipBuyerOf,
  membershipVatSplit,
} from './membership-invoices';
import { isSubscribed } from './subscribed';

/**
 * The one place that changes a member's subscription and invoices, for every provider (Stripe's
 * webhooks and the demo provider alike). Each change comes with a provider event: its id is
 * recorded in billing_events in the same transaction, so a replay changes nothing; and a state
 * carries the provider's time, so an older event never overwrites a newer state.
 */

export type SubscriptionStatus = (typeof subscriptions.$inferSelect)['status'];
export { SUBSCRIBED_STATUSES } from './subscribed';

export interface BillingEvent {
  id: string;
  provider: string;
  type: string;
  occurredAt: Date;
}

export interface SubscriptionState {
  userId: string;
  provider: string;
  customerId?: string | null;
  subscriptionId?: string | null;
  planId: PlanId;
  status: string;
  trialEnd?: Date | null;
  currentPeriodEnd?: Date | null;
  cancelAtPeriodEnd?: boolean;
  /** The provider's time of this state. */
  providerUpdatedAt: Date;
}

export interface PaidInvoice {
  provider: string;
  providerInvoiceId: string;
  userId: string;
  planId: PlanId;
  /** VAT included, in cents. */
  amountCents: number;
  currency?: string;
  paidAt: Date;
}

/** Records the event; false when it was already handled (the caller then changes nothing). */
export async function firstTime(tx: Tx, event: BillingEvent): Promise<boolean> {
  const inserted = await tx
    .insert(billingEvents)
    .values({ id: event.id, provider: event.provider, type: event.type, occurredAt: event.occurredAt })
    .onConflictDoNothing()
    .returning({ id: billingEvents.id });
  return inserted.length > 0;
}

/** Writes a subscription state unless the one we hold is newer. Returns whether it was applied. */
async function writeState(tx: Tx, state: SubscriptionState): Promise<boolean> {
  const values = {
    userId: state.userId,
    provider: state.provider,
    customerId: state.customerId ?? null,
    subscriptionId: state.subscriptionId ?? null,
    planId: state.planId,
    status: state.status,
    trialEnd: state.trialEnd ?? null,
    currentPeriodEnd: state.currentPeriodEnd ?? null,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd ?? false,
    providerUpdatedAt: state.providerUpdatedAt,
  };
  const { userId: _userId, ...update } = values;
  const written = await tx
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: { ...update, updatedAt: new Date() },
      setWhere: sql`${subscriptions.providerUpdatedAt} <= ${state.providerUpdatedAt.toISOString()}::timestamptz`,
    })
    .returning({ id: subscriptions.id });
  return written.length > 0;
}

/** Applies a subscription state change (created, updated, canceled, trial started). */
export async function applySubscriptionEvent(
  db: Db,
  event: BillingEvent,
  state: SubscriptionState,
): Promise<{ applied: boolean }> {
  return db.transaction(async (tx) => {
    if (!(await firstTime(tx, event))) return { applied: false };
    return { applied: await writeState(tx, state) };
  });
}

/**
 * Records a collected payment: 'first' for the member's first paid invoice, 'renewal' after;
 * the referral ledger is told and the membership invoice issued (from `seller`, the settings'
 * legal mentions: invoiceSellerOf) in the same transaction.
 */
export async function applyInvoicePaid(
  db: Db,
  event: BillingEvent,
  paid: PaidInvoice,
  seller: InvoiceSeller,
): Promise<{ applied: boolean; invoiceId?: string }> {
  return db.transaction(async (tx) => {
    if (!(await firstTime(tx, event))) return { applied: false };
    // One member's invoices are numbered one at a time: a concurrent 'first' cannot happen twice.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invoices:${paid.userId}`}))`);
    const [previous] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.userId, paid.userId))
      .limit(1);
    // The buyer read once: it decides the VAT split (reverse charge for a company of another
    // member state) and is the invoice's snapshot.
    const buyer = await membershipBuyerOf(tx, paid.userId);
    const split = membershipVatSplit(paid.amountCents, buyer);
    const [row] = await tx
      .insert(invoices)
      .values({
        provider: paid.provider,
        providerInvoiceId: paid.providerInvoiceId,
        userId: paid.userId,
        planId: paid.planId,
        amountCents: paid.amountCents,
        amountExclVatCents: split.exclVatCents,
        vatCents: split.vatCents,
        currency: paid.currency ?? 'eur',
        kind: previous ? 'renewal' : 'first',
        paidAt: paid.paidAt,
      })
      .onConflictDoNothing({ target: invoices.providerInvoiceId })
      .returning();
    if (!row) return { applied: false };
    await onInvoicePaid(tx, row);
    await issueMembershipInvoice(tx, row, seller, buyer);
    return { applied: true, invoiceId: row.id };
  });
}

/** Marks a paid invoice refunded, reverses its commissions and issues its credit note, once. */
export async function applyInvoiceRefunded(
  db: Db,
  event: BillingEvent,
  refund: { providerInvoiceId: string; refundedAt: Date },
  seller: InvoiceSeller,
): Promise<{ applied: boolean }> {
  return db.transaction(async (tx) => {
    if (!(await firstTime(tx, event))) return { applied: false };
    const [row] = await tx
      .update(invoices)
      .set({ status: 'refunded', refundedAt: refund.refundedAt })
      .where(and(eq(invoices.providerInvoiceId, refund.providerInvoiceId), eq(invoices.status, 'paid')))
      .returning();
    if (!row) return { applied: false };
    await onInvoiceRefunded(tx, row);
    await issueMembershipCreditNote(tx, row, seller, refund.refundedAt);
    return { applied: true };
  });
}

export interface SubscriptionSummary {
  subscribed: boolean;
  /** The plan id ('monthly' or 'annual'), null without a subscription. */
  product_id: PlanId | null;
  status: string | null;
  trialEnd: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  provider: string | null;
}

/** check-subscription: answered from our database only. A member in trial counts as subscribed. */
export async function getSubscription(db: DbOrTx, userId: string): Promise<SubscriptionSummary> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  if (!row) {
    return {
      subscribed: false,
      product_id: null,
      status: null,
      trialEnd: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      provider: null,
    };
  }
  return {
    subscribed: isSubscribed(row),
    product_id: row.planId as PlanId,
    status: row.status,
    trialEnd: toIsoDateTimeOrNull(row.trialEnd),
    currentPeriodEnd: toIsoDateTimeOrNull(row.currentPeriodEnd),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    provider: row.provider,
  };
}

/** The subscription row itself (provider ids), for the providers. */
export async function findSubscriptionRow(db: DbOrTx, where: { userId?: string; customerId?: string }) {
  const condition = where.userId
    ? eq(subscriptions.userId, where.userId)
    : where.customerId
      ? eq(subscriptions.customerId, where.customerId)
      : undefined;
  if (!condition) return undefined;
  const [row] = await db.select().from(subscriptions).where(condition).limit(1);
  return row;
}
