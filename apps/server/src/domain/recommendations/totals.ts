import { conversionPercent, type RecommendationMonth, type RecommendationTotals } from '@synergie/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { PARIS } from './reading';

/** The recommendations' monthly totals: a group's (its leaders) or the network's (admins). */

/**
 * The last 12 months (Europe/Paris, the current one included), newest first, in one query: a
 * month counts the recommendations given in it and where each one is today (won, lost, without
 * follow-up, still open: the four add up to those given), with their business
 * (recommendationRateDefinitions, packages/shared/src/recommendation-constants.ts). One cohort for
 * every figure, so `Taux de transformation` = gagnées / (gagnées + perdues + sans suite) reads off
 * the page's own figures. `total` adds the 12 months up. Reads recommendations_giver_group_idx
 * (a group) or recommendations_created_idx (the network): a range on created_at.
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
    lost: string | number;
    no_follow_up: string | number;
    declared_cents: string | number;
    confirmed_cents: string | number;
  }>(sql`
    with months as (
      select generate_series(${thisMonth} - interval '11 months', ${thisMonth}, interval '1 month') as m
    ), given as (
      select date_trunc('month', r.created_at at time zone ${PARIS}) as m, count(*) as n,
             count(*) filter (where r.status = 'won') as won,
             count(*) filter (where r.status = 'lost') as lost,
             count(*) filter (where r.status = 'no_follow_up') as no_follow_up,
             coalesce(sum(r.amount_cents), 0) as declared_cents,
             coalesce(sum(r.amount_cents) filter (where r.business_status = 'confirmed'), 0) as confirmed_cents
        from recommendations r
       where ${inScope} and r.created_at >= ${since}
       group by 1
    )
    select to_char(months.m, 'YYYY-MM') as month, coalesce(given.n, 0) as given,
           coalesce(given.won, 0) as won, coalesce(given.lost, 0) as lost,
           coalesce(given.no_follow_up, 0) as no_follow_up,
           coalesce(given.declared_cents, 0) as declared_cents, coalesce(given.confirmed_cents, 0) as confirmed_cents
      from months
      left join given on given.m = months.m
     order by months.m desc`);
  const months: RecommendationMonth[] = rows.map((r) => {
    const [given, won, lost, noFollowUp] = [r.given, r.won, r.lost, r.no_follow_up].map(Number) as [
      number,
      number,
      number,
      number,
    ];
    return {
      month: r.month,
      given,
      won,
      lost,
      noFollowUp,
      open: given - won - lost - noFollowUp,
      declaredCents: Number(r.declared_cents),
      confirmedCents: Number(r.confirmed_cents),
    };
  });
  const sum = (pick: (m: RecommendationMonth) => number) => months.reduce((total, m) => total + pick(m), 0);
  const won = sum((m) => m.won);
  const lost = sum((m) => m.lost);
  const noFollowUp = sum((m) => m.noFollowUp);
  const given = sum((m) => m.given);
  const confirmedCents = sum((m) => m.confirmedCents);
  return {
    months,
    total: {
      given,
      received: given,
      won,
      lost,
      noFollowUp,
      open: sum((m) => m.open),
      declaredCents: sum((m) => m.declaredCents),
      confirmedCents,
      givenConfirmedCents: confirmedCents,
      conversionPercent: conversionPercent(won, won + lost + noFollowUp),
    },
  };
}
