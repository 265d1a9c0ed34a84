import { NETWORK_FIGURES_REFRESH_MINUTES, type NetworkFigures } from '@synergie/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { keptFor } from '../lib/kept-for';
import { parisMonthOf } from './member-return';
import { subscribedRow } from './subscribed';

/**
 * The first instant of the Paris calendar year of `now`: 1 January is always winter time in
 * Paris (UTC+1), so midnight there is 23:00 UTC the day before.
 */
export function parisYearStart(now: Date): { year: number; start: Date } {
  const year = Number(parisMonthOf(now).slice(0, 4));
  return { year, start: new Date(Date.UTC(year - 1, 11, 31, 23, 0, 0)) };
}

/**
 * The network's figures for the public pages (issue 29), as networkFigureDefinitions
 * (packages/shared/src/network-figures.ts) says, in one query: the subscribed members (trial
 * included: subscribedRow, the one definition of "subscribed"), the groups (every group /groupes
 * lists), and the business confirmed since 1 January in Paris (amount HT of the recommendations
 * won whose business the giver confirmed, by the confirmation's instant).
 */
export async function countNetworkFigures(db: DbOrTx, now = new Date()): Promise<NetworkFigures> {
  const { year, start } = parisYearStart(now);
  const at = now.toISOString();
  const { rows } = await db.execute<{
    members: number | string;
    groups: number | string;
    business: number | string;
  }>(sql`
    select (select count(*) from subscriptions s where ${subscribedRow('s', sql`${at}::timestamptz`)}) as members,
           (select count(*) from groups) as groups,
           (select coalesce(sum(amount_cents), 0) from recommendations
             where status = 'won' and business_status = 'confirmed'
               and business_answered_at >= ${start.toISOString()}::timestamptz
               and business_answered_at <= ${at}::timestamptz) as business`);
  const row = rows[0];
  return {
    members: Number(row?.members ?? 0),
    groups: Number(row?.groups ?? 0),
    businessCents: Number(row?.business ?? 0),
    year,
    countedAt: at,
  };
}

export const NETWORK_FIGURES_MAX_AGE_MS = NETWORK_FIGURES_REFRESH_MINUTES * 60_000;

/**
 * The figures kept in this instance's memory for `maxAgeMs` (docs/product/decisions.md), as
 * `keptFor` keeps a value: counted at most once per period per instance.
 */
export function networkFiguresCache(db: DbOrTx, maxAgeMs = NETWORK_FIGURES_MAX_AGE_MS, clock = () => Date.now()) {
  return keptFor(maxAgeMs, (now) => countNetworkFigures(db, now), clock);
}
