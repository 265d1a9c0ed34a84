import { type SQL, sql } from 'drizzle-orm';

/**
 * "Subscribed, trial included": the one definition, in JavaScript (getSubscription,
 * domain/subscriptions.ts) and in SQL (subscribedSql, for queries over many members), kept
 * together; test/subscribed.test.ts checks that they agree on every kind of row. A subscribed
 * status whose period, when set to end, has not ended yet (a cancellation at period end stops the
 * subscription at that date, even before the provider's event records it).
 */
export const SUBSCRIBED_STATUSES: readonly string[] = ['trialing', 'active'];

export interface SubscriptionFacts {
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
}

export function isSubscribed(row: SubscriptionFacts, now: Date = new Date()): boolean {
  const ended = row.cancelAtPeriodEnd && row.currentPeriodEnd !== null && row.currentPeriodEnd <= now;
  return SUBSCRIBED_STATUSES.includes(row.status) && !ended;
}

const statuses = sql.raw(`(${SUBSCRIBED_STATUSES.map((s) => `'${s}'`).join(', ')})`);

/** The same rule for the subscription row `s`: a boolean condition. */
export const subscribedRow = (s = 's', now: SQL = sql`now()`) =>
  sql`(${sql.raw(s)}.status in ${statuses} and not (${sql.raw(s)}.cancel_at_period_end and ${sql.raw(s)}.current_period_end is not null and ${sql.raw(s)}.current_period_end <= ${now}))`;

/** Whether the member `userId` (a column or a value) is subscribed: an `exists` condition. */
export const subscribedSql = (userId: SQL | string, now: SQL = sql`now()`) =>
  sql`exists (select 1 from subscriptions s where s.user_id = ${userId} and ${subscribedRow('s', now)})`;
