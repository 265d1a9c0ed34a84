import { DEBIT_GRACE_DAYS } from '@synergie/shared';
import { type SQL, sql } from 'drizzle-orm';

/**
 * "Subscribed, trial included": the one definition, in JavaScript (getSubscription,
 * domain/subscriptions.ts) and in SQL (subscribedSql, for queries over many members), kept
 * together; test/subscribed.test.ts checks that they agree on every kind of row. A subscribed
 * status whose period, when set to end, has not ended yet (a cancellation at period end stops the
 * subscription at that date, even before the provider's event records it).
 *
 * Issue 32: a debit that failed (`payment_failed_at`, the first failure of an invoice not settled
 * yet) leaves the provider's status `past_due` or `unpaid` while it retries; the member stays
 * subscribed DEBIT_GRACE_DAYS from that first failure (decisions.md "Issue 32 — prélèvement SEPA").
 * A debit still processing changes nothing: Stripe keeps the subscription `active` meanwhile.
 */
export const SUBSCRIBED_STATUSES: readonly string[] = ['trialing', 'active'];
/** The provider's statuses of a subscription whose invoice it is still trying to collect. */
export const DUNNING_STATUSES: readonly string[] = ['past_due', 'unpaid'];
const GRACE_MS = DEBIT_GRACE_DAYS * 24 * 60 * 60 * 1000;

export interface SubscriptionFacts {
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  paymentFailedAt?: Date | null;
}

/** The end of a failed debit's grace: access and seat are kept until then. */
export const graceEndOf = (paymentFailedAt: Date) => new Date(paymentFailedAt.getTime() + GRACE_MS);

export function isSubscribed(row: SubscriptionFacts, now: Date = new Date()): boolean {
  const ended = row.cancelAtPeriodEnd && row.currentPeriodEnd !== null && row.currentPeriodEnd <= now;
  if (SUBSCRIBED_STATUSES.includes(row.status)) return !ended;
  const failedAt = row.paymentFailedAt ?? null;
  return DUNNING_STATUSES.includes(row.status) && failedAt !== null && graceEndOf(failedAt) > now && !ended;
}

const list = (values: readonly string[]) => sql.raw(`(${values.map((s) => `'${s}'`).join(', ')})`);
const statuses = list(SUBSCRIBED_STATUSES);
const dunning = list(DUNNING_STATUSES);

/** The same rule for the subscription row `s`: a boolean condition. */
export const subscribedRow = (s = 's', now: SQL = sql`now()`) => {
  const r = sql.raw(s);
  return sql`((${r}.status in ${statuses} or (${r}.status in ${dunning} and ${r}.payment_failed_at is not null and ${r}.payment_failed_at + make_interval(days => ${DEBIT_GRACE_DAYS}) > ${now})) and not (${r}.cancel_at_period_end and ${r}.current_period_end is not null and ${r}.current_period_end <= ${now}))`;
};

/** Whether the member `userId` (a column or a value) is subscribed: an `exists` condition. */
export const subscribedSql = (userId: SQL | string, now: SQL = sql`now()`) =>
  sql`exists (select 1 from subscriptions s where s.user_id = ${userId} and ${subscribedRow('s', now)})`;
