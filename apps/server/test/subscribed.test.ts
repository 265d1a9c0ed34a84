import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptions } from '../src/db/schema';
import { isSubscribed, subscribedSql } from '../src/domain/subscribed';
import { createTestApp } from './helpers/app';
import { insertMembers } from './helpers/members';

const t = await createTestApp();

/**
 * "Subscribed, trial included" is written once in JavaScript and once in SQL (domain/subscribed.ts):
 * both answer the same for every status, with and without a cancellation at period end, a period
 * ended, ending now or still running, or none; and a failed debit's grace (issue 32).
 */
describe('the subscribed rule', () => {
  it('is the same in SQL and in JavaScript on every kind of row', async () => {
    const now = new Date('2026-12-01T08:00:00.000Z');
    const statuses = [
      'trialing',
      'active',
      'past_due',
      'canceled',
      'incomplete',
      'incomplete_expired',
      'unpaid',
      'paused',
    ];
    const ends = [null, new Date(now.getTime() - 60_000), now, new Date(now.getTime() + 60_000)];
    // Issue 32: a failed debit's first failure, none, 29 days ago, exactly 30 days ago, 31 days ago.
    const DAY = 24 * 60 * 60 * 1000;
    const failures = [null, ...[29, 30, 31].map((days) => new Date(now.getTime() - days * DAY))];
    const cases = statuses.flatMap((status) =>
      ends.flatMap((currentPeriodEnd) =>
        [false, true].flatMap((cancelAtPeriodEnd) =>
          failures.map((paymentFailedAt) => ({ status, currentPeriodEnd, cancelAtPeriodEnd, paymentFailedAt })),
        ),
      ),
    );
    const ids = await insertMembers(t, cases.length + 1, (i) => ({ fullName: `Abonné ${i}` }));
    await t.database.db.insert(subscriptions).values(
      cases.map((c, i) => ({
        userId: ids[i] as string,
        provider: 'demo',
        planId: 'monthly',
        providerUpdatedAt: now,
        ...c,
      })),
    );
    const { rows } = await t.database.db.execute<{ id: string; subscribed: boolean }>(
      sql`select u.id, ${subscribedSql(sql`u.id`, sql`${now.toISOString()}::timestamptz`)} as subscribed
            from "user" u where u.id in ${sql.raw(`(${ids.map((id) => `'${id}'`).join(',')})`)}`,
    );
    const bySql = new Map(rows.map((r) => [r.id, r.subscribed]));
    cases.forEach((c, i) => {
      expect(bySql.get(ids[i] as string), JSON.stringify(c)).toBe(isSubscribed(c, now));
    });
    // A member without a subscription row is not subscribed.
    expect(bySql.get(ids[cases.length] as string)).toBe(false);
    // The rule itself, by hand: a trial or an active subscription, unless it was set to end and has
    // (whatever the failures); past due or unpaid within 30 days of a debit's first failure, too.
    expect(cases.filter((c) => isSubscribed(c, now)).length).toBe(2 * (4 + 4 - 2) * 4 + 2 * (4 + 4 - 2));
  });
});
