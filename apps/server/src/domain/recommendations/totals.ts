import { conversionPercent, type RecommendationMonth, type RecommendationTotals } from '@synergie/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { PARIS } from './reading';

/** The recommendations' monthly totals: a group's (its leaders) or the network's (admins). */

/**
 * The last 12 months (Europe/Paris, the current one included), newest first, in one query: a
 * month counts the recommendations given in it, and those closed in it (won, lost, without
 * follow-up: a closed status is final, so `status_changed_at` is when it closed) with their
 * business. `total` adds the 12 months up.
 */
export async function recommendationTotals(
  db: DbOrTx,
  scope: { groupId: string } | 'network',
  now = new Date(),
): Promise<RecommendationTotals> {
  const inScope = scope === 'network' ? sql`true` : sql`r.giver_group_id = ${scope.groupId}`;
  const at = sql`${now.toISOString()}::timestamptz`;
  const thisMonth = sql`date_trunc('month', ${at} at time zone ${PARIS})`;
  const since = sql`((${thisMonth} - interval '11 months') at time zone ${PARIS})`;
  const { rows } = await db.execute<{
    month: string;
    given: string | number;
    won: string | number;
    closed: string | number;
    declared_cents: string | number;
    confirmed_cents: string | number;
  }>(sql`
    with months as (
      select generate_series(${thisMonth} - interval '11 months', ${thisMonth}, interval '1 month') as m
    ), given as (
      select date_trunc('month', r.created_at at time zone ${PARIS}) as m, count(*) as n
        from recommendations r
       where ${inScope} and r.created_at >= ${since}
       group by 1
    ), closed as (
      select date_trunc('month', r.status_changed_at at time zone ${PARIS}) as m,
             count(*) filter (where r.status = 'won') as won,
             count(*) as closed,
             coalesce(sum(r.amount_cents), 0) as declared_cents,
             coalesce(sum(r.amount_cents) filter (where r.business_status = 'confirmed'), 0) as confirmed_cents
        from recommendations r
       where ${inScope} and r.status in ('won', 'lost', 'no_follow_up') and r.status_changed_at >= ${since}
       group by 1
    )
    select to_char(months.m, 'YYYY-MM') as month, coalesce(given.n, 0) as given,
           coalesce(closed.won, 0) as won, coalesce(closed.closed, 0) as closed,
           coalesce(closed.declared_cents, 0) as declared_cents, coalesce(closed.confirmed_cents, 0) as confirmed_cents
      from months
      left join given on given.m = months.m
      left join closed on closed.m = months.m
     order by months.m desc`);
  const months: RecommendationMonth[] = rows.map((r) => ({
    month: r.month,
    given: Number(r.given),
    won: Number(r.won),
    declaredCents: Number(r.declared_cents),
    confirmedCents: Number(r.confirmed_cents),
  }));
  const sum = (pick: (m: RecommendationMonth) => number) => months.reduce((total, m) => total + pick(m), 0);
  const closed = rows.reduce((total, r) => total + Number(r.closed), 0);
  const won = sum((m) => m.won);
  const given = sum((m) => m.given);
  const confirmedCents = sum((m) => m.confirmedCents);
  return {
    months,
    total: {
      given,
      received: given,
      won,
      declaredCents: sum((m) => m.declaredCents),
      confirmedCents,
      givenConfirmedCents: confirmedCents,
      conversionPercent: conversionPercent(won, closed),
    },
  };
}
