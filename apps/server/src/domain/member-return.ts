import { type MyReturn, RETURN_MONTHS, RETURN_SOURCES_SHOWN, type ReturnMonth, toIsoDateTime } from '@synergie/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { displayName } from '../db/fragments';
import { executePrepared } from '../db/prepared';

type Instant = Date | string;

const parisMonth = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit' });

/** The Paris month of an instant, 'YYYY-MM'. */
export function parisMonthOf(at: Instant): string {
  const parts = Object.fromEntries(parisMonth.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}`;
}

/** The last `count` Paris months, oldest first, ending with the month of `now`. */
export function lastParisMonths(now: Date, count: number): string[] {
  const [y, m] = parisMonthOf(now).split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const index = y * 12 + (m - 1) - (count - 1 - i);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

/**
 * The first month the cumulated received business reaches the cumulated fee, both HT, with some
 * business received (returnDefinitions.breakEven); null when not reached over the months.
 */
export function breakEvenMonth(months: readonly Pick<ReturnMonth, 'month' | 'receivedCents' | 'paidExclVatCents'>[]) {
  let received = 0;
  let paid = 0;
  for (const m of months) {
    received += m.receivedCents;
    paid += m.paidExclVatCents;
    if (received > 0 && received >= paid) return m.month;
  }
  return null;
}

const top = (map: Map<string, { amountCents: number; count: number }>) =>
  [...map.entries()]
    .map(([label, v]) => ({ label, ...v }))
    .sort((a, b) => b.amountCents - a.amountCents || a.label.localeCompare(b.label, 'fr'))
    .slice(0, RETURN_SOURCES_SHOWN);

/**
 * GET /api/me/return (issue 29): the member's return on the fee over RETURN_MONTHS Paris months,
 * each figure as `returnDefinitions` says, in three queries: the business (confirmed in the
 * period, and the declarations waiting), the payments, the lost recommendations. Months are
 * counted in Paris by the server (PGlite has no time zone data). Named prepared statements on
 * PostgreSQL (decision 0021).
 */
export async function getMyReturn(db: DbOrTx, userId: string, now = new Date()): Promise<MyReturn> {
  const months = lastParisMonths(now, RETURN_MONTHS);
  // A day more than 12 months back: every row of the oldest Paris month, the rest dropped below.
  const since = new Date(now.getTime() - (RETURN_MONTHS * 31 + 1) * 86_400_000).toISOString();
  const [business, payments, lost] = await Promise.all([
    executePrepared<{
      giver_id: string | null;
      receiver_id: string | null;
      amount_cents: number | string;
      business_status: 'declared' | 'confirmed' | 'disputed';
      business_answered_at: Instant | null;
      giver_name: string | null;
      giver_trade: string | null;
    }>(
      db,
      'return-business-v1',
      sql`
      select r.giver_id, r.receiver_id, r.amount_cents, r.business_status, r.business_answered_at,
             ${displayName()} as giver_name, t.label as giver_trade
        from recommendations r
        left join "user" u on u.id = r.giver_id
        left join profiles p on p.user_id = r.giver_id
        left join trades t on t.id = p.trade_id
       where (r.receiver_id = ${userId} or r.giver_id = ${userId})
         and r.status = 'won' and r.business_status is not null
         and (r.business_status <> 'confirmed' or r.business_answered_at >= ${since}::timestamptz)`,
    ),
    executePrepared<{ amount_cents: number; amount_excl_vat_cents: number; paid_at: Instant }>(
      db,
      'return-payments-v1',
      sql`
      select amount_cents, amount_excl_vat_cents, paid_at
        from invoices
       where user_id = ${userId} and status = 'paid' and paid_at >= ${since}::timestamptz`,
    ),
    executePrepared<{ id: string; lost_reason: string | null; status_changed_at: Instant }>(
      db,
      'return-lost-v1',
      sql`
      select id, lost_reason, status_changed_at
        from recommendations
       where receiver_id = ${userId} and status = 'lost' and status_changed_at >= ${since}::timestamptz
       order by status_changed_at desc, id`,
    ),
  ]);

  const byMonth = new Map(
    months.map((month) => [month, { month, receivedCents: 0, givenCents: 0, paidCents: 0, paidExclVatCents: 0 }]),
  );
  const byMember = new Map<string, { amountCents: number; count: number }>();
  const byTrade = new Map<string, { amountCents: number; count: number }>();
  const declared = { count: 0, amountCents: 0 };
  for (const row of business) {
    const amount = Number(row.amount_cents);
    const received = row.receiver_id === userId;
    if (row.business_status !== 'confirmed') {
      if (received) {
        declared.count += 1;
        declared.amountCents += amount;
      }
      continue;
    }
    const month = row.business_answered_at ? byMonth.get(parisMonthOf(row.business_answered_at)) : undefined;
    if (!month) continue;
    if (received) {
      month.receivedCents += amount;
      for (const [map, key] of [
        [byMember, row.giver_name ?? 'Ancien membre'],
        [byTrade, row.giver_trade ?? 'Métier non renseigné'],
      ] as const) {
        const entry = map.get(key) ?? { amountCents: 0, count: 0 };
        entry.amountCents += amount;
        entry.count += 1;
        map.set(key, entry);
      }
    } else {
      month.givenCents += amount;
    }
  }
  for (const row of payments) {
    const month = byMonth.get(parisMonthOf(row.paid_at));
    if (!month) continue;
    month.paidCents += Number(row.amount_cents);
    month.paidExclVatCents += Number(row.amount_excl_vat_cents);
  }
  const list = [...byMonth.values()];
  const sum = (key: keyof Omit<ReturnMonth, 'month'>) => list.reduce((n, m) => n + m[key], 0);
  return {
    months: list,
    totals: {
      receivedCents: sum('receivedCents'),
      givenCents: sum('givenCents'),
      paidCents: sum('paidCents'),
      paidExclVatCents: sum('paidExclVatCents'),
    },
    breakEvenMonth: breakEvenMonth(list),
    byMember: top(byMember),
    byTrade: top(byTrade),
    declared,
    lost: lost
      .filter((r) => byMonth.has(parisMonthOf(r.status_changed_at)))
      .map((r) => ({ recommendationId: r.id, reason: r.lost_reason, at: toIsoDateTime(r.status_changed_at) })),
  };
}

const parisParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The Paris wall clock of an instant, read as if it were UTC (its offset added). */
function parisWallClock(at: number): number {
  const p = Object.fromEntries(parisParts.formatToParts(new Date(at)).map((x) => [x.type, Number(x.value)]));
  return Date.UTC(p.year as number, (p.month as number) - 1, p.day as number, p.hour, p.minute, p.second);
}

/** The instant of 00:00 in Paris on a calendar day 'YYYY-MM-DD' (midnight is never skipped by DST). */
export function parisMidnight(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  const guess = wall - (parisWallClock(wall) - wall);
  return new Date(wall - (parisWallClock(guess) - guess));
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The Monday 'YYYY-MM-DD' of the Paris week (Monday to Sunday) holding an instant. */
export function parisWeekOf(at: Instant): string {
  const wall = parisWallClock(new Date(at).getTime());
  const weekday = (new Date(wall).getUTCDay() + 6) % 7; // 0 = Monday
  return isoDay(wall - weekday * 86_400_000);
}

/**
 * The last `count` Paris weeks, oldest first, ending with the week of `now`: each its Monday
 * ('YYYY-MM-DD'), the instant it starts and the instant the next one starts (a week across a DST
 * change lasts 167 or 169 hours).
 */
export function lastParisWeeks(now: Date, count: number): { week: string; start: Date; end: Date }[] {
  const monday = Date.parse(`${parisWeekOf(now)}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => {
    const day = monday - (count - 1 - i) * 7 * 86_400_000;
    return { week: isoDay(day), start: parisMidnight(isoDay(day)), end: parisMidnight(isoDay(day + 7 * 86_400_000)) };
  });
}
