import {
  isMemberQuotaName,
  type MemberQuotaName,
  memberQuotas,
  type QuotaLimits,
  quotaReachedMessage,
} from '@synergie/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { displayName } from '../db/fragments';
import { AppError } from '../lib/errors';
import { pgErrorCode } from '../lib/pg-errors';
import { parisNow } from './events/clock';

/**
 * Quotas per member (issue 33) on the actions that mail or notify someone else. Counted in the
 * database (table member_quota_counters) so that every instance shares the count and a restart
 * keeps it: a fixed clock hour and a Paris calendar day, both checked and counted by ONE
 * conditional upsert (`insert … on conflict do update … where count < max`, the row locked by the
 * conflict), so of N+k concurrent actions exactly N pass. A lift by an admin lets the member
 * through until its end (still counted). The numbers: packages/shared/src/quotas.ts, overridden by
 * MEMBER_QUOTAS (docs/settings.md).
 */

const HOUR_MS = 3_600_000;

export type QuotaLimitsOf = (name: MemberQuotaName) => QuotaLimits;

/** The numbers in force: the catalogue's, or those of MEMBER_QUOTAS. */
export function quotaLimitsFrom(env: { MEMBER_QUOTAS: Partial<Record<MemberQuotaName, QuotaLimits>> }): QuotaLimitsOf {
  return (name) => env.MEMBER_QUOTAS[name] ?? memberQuotas[name];
}

/** The start of the clock hour, and of the Paris calendar day, holding `now`. */
export function quotaWindows(now: Date): { hourStart: Date; dayStart: Date; hourEnd: Date; dayEnd: Date } {
  const hourStart = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const dayStart = parisMidnight(parisNow(now).date);
  // The next Paris day: 26 hours on lands in it whatever the clock change.
  const dayEnd = parisMidnight(parisNow(new Date(dayStart.getTime() + 26 * HOUR_MS)).date);
  return { hourStart, dayStart, hourEnd: new Date(hourStart.getTime() + HOUR_MS), dayEnd };
}

const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Paris', timeZoneName: 'longOffset' });

/** Midnight of a Paris calendar date as an instant (clock changes happen at 2 or 3 h, never at 0 h). */
function parisMidnight(date: string): Date {
  const utcMidnight = new Date(`${date}T00:00:00Z`);
  const name = offsetFormat.formatToParts(utcMidnight).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  const minutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  return new Date(utcMidnight.getTime() - minutes * 60_000);
}

export interface QuotaTaken {
  readonly name: MemberQuotaName;
  readonly userId: string;
  readonly hourStart: Date;
  readonly dayStart: Date;
}

export type QuotaAnswer =
  | ({ readonly ok: true } & QuotaTaken)
  | { readonly ok: false; readonly period: 'hour' | 'day'; readonly max: number; readonly retryAfter: number };

/**
 * Counts `count` actions (one unless said) of `userId` against the quota `name`, if both the
 * hour's and the day's count stay within their numbers (or an admin lifted it), in one statement:
 * all of them or none; else records the refusal and answers which limit and the seconds until it
 * frees. Inside a transaction, the count goes back with a rollback (and so does the refusal's
 * record: `recordQuotaRefusal` writes it again once the transaction is over).
 */
export async function takeQuota(
  db: DbOrTx,
  limits: QuotaLimits,
  userId: string,
  name: MemberQuotaName,
  now = new Date(),
  count = 1,
): Promise<QuotaAnswer> {
  const w = quotaWindows(now);
  const hour = w.hourStart.toISOString();
  const day = w.dayStart.toISOString();
  const at = now.toISOString();
  // A first row takes `count` at once only within the numbers; an existing row is checked by the
  // conflict's WHERE (its lock held), the lifted one included.
  const taken = await db.execute<{ hour_count: number }>(sql`
    insert into member_quota_counters as q (user_id, quota, hour_start, hour_count, day_start, day_count)
    select ${userId}, ${name}, ${hour}::timestamptz, ${count}::int, ${day}::timestamptz, ${count}::int
     where (${count}::int <= ${limits.perHour}::int and ${count}::int <= ${limits.perDay}::int)
        or exists (select 1 from member_quota_counters e where e.user_id = ${userId} and e.quota = ${name})
    on conflict (user_id, quota) do update set
      hour_count = case when q.hour_start >= excluded.hour_start then q.hour_count + excluded.hour_count
                        else excluded.hour_count end,
      hour_start = greatest(q.hour_start, excluded.hour_start),
      day_count = case when q.day_start >= excluded.day_start then q.day_count + excluded.day_count
                       else excluded.day_count end,
      day_start = greatest(q.day_start, excluded.day_start)
    where coalesce(q.lifted_until > ${at}::timestamptz, false)
       or ((case when q.hour_start >= excluded.hour_start then q.hour_count else 0 end) + excluded.hour_count
             <= ${limits.perHour}::int
           and (case when q.day_start >= excluded.day_start then q.day_count else 0 end) + excluded.day_count
             <= ${limits.perDay}::int)
    returning hour_count`);
  if (taken.rows.length > 0) return { ok: true, name, userId, hourStart: w.hourStart, dayStart: w.dayStart };
  const row = await recordQuotaRefusal(db, userId, name, now);
  const dayFull = Number(row?.day_count ?? 0) + count > limits.perDay;
  // The day's limit frees later than the hour's: say the day's when it is reached.
  if (dayFull) {
    return { ok: false, period: 'day', max: limits.perDay, retryAfter: secondsUntil(w.dayEnd, now) };
  }
  return { ok: false, period: 'hour', max: limits.perHour, retryAfter: secondsUntil(w.hourEnd, now) };
}

/**
 * Records a refusal for the admins' page (`/admin/quotas`), and answers the counts of the current
 * hour and day; called by `takeQuota`, and again after a transaction that a refusal rolled back.
 */
export async function recordQuotaRefusal(
  db: DbOrTx,
  userId: string,
  name: MemberQuotaName,
  now = new Date(),
): Promise<{ hour_count: number; day_count: number } | undefined> {
  const w = quotaWindows(now);
  const at = now.toISOString();
  const refused = await db.execute<{ hour_count: number; day_count: number }>(sql`
    insert into member_quota_counters as q
           (user_id, quota, hour_start, hour_count, day_start, day_count, refused_count, last_refused_at)
    values (${userId}, ${name}, ${w.hourStart.toISOString()}::timestamptz, 0, ${w.dayStart.toISOString()}::timestamptz, 0,
            1, ${at}::timestamptz)
    on conflict (user_id, quota) do update
       set refused_count = q.refused_count + 1, last_refused_at = excluded.last_refused_at
    returning case when hour_start >= ${w.hourStart.toISOString()}::timestamptz then hour_count else 0 end as hour_count,
              case when day_start >= ${w.dayStart.toISOString()}::timestamptz then day_count else 0 end as day_count`);
  return refused.rows[0];
}

export interface QuotaRoom {
  /** How many more actions pass now (Infinity while an admin lifts the quota). */
  readonly left: number;
  /** The limit that binds first, its number, and the seconds until it frees. */
  readonly period: 'hour' | 'day';
  readonly max: number;
  readonly retryAfter: number;
}

/** What is left of a member's quota now, nothing counted (the roster's dry run says it ahead). */
export async function quotaRoom(
  db: DbOrTx,
  limits: QuotaLimits,
  userId: string,
  name: MemberQuotaName,
  now = new Date(),
): Promise<QuotaRoom> {
  const w = quotaWindows(now);
  const { rows } = await db.execute<{ hour_count: number; day_count: number; lifted: boolean }>(sql`
    select case when hour_start >= ${w.hourStart.toISOString()}::timestamptz then hour_count else 0 end as hour_count,
           case when day_start >= ${w.dayStart.toISOString()}::timestamptz then day_count else 0 end as day_count,
           coalesce(lifted_until > ${now.toISOString()}::timestamptz, false) as lifted
      from member_quota_counters where user_id = ${userId} and quota = ${name}`);
  const row = rows[0];
  const hourLeft = Math.max(0, limits.perHour - Number(row?.hour_count ?? 0));
  const dayLeft = Math.max(0, limits.perDay - Number(row?.day_count ?? 0));
  const byDay = dayLeft <= hourLeft;
  return {
    left: row?.lifted ? Number.POSITIVE_INFINITY : Math.min(hourLeft, dayLeft),
    period: byDay ? 'day' : 'hour',
    max: byDay ? limits.perDay : limits.perHour,
    retryAfter: secondsUntil(byDay ? w.dayEnd : w.hourEnd, now),
  };
}

function secondsUntil(end: Date, now: Date): number {
  return Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000));
}

/** The 429 of a refused quota, with its French words (the Retry-After header is the route's). */
export function quotaError(name: MemberQuotaName, answer: Extract<QuotaAnswer, { ok: false }>): AppError {
  return new AppError('QUOTA_EXCEEDED', quotaReachedMessage(name, answer.period, answer.max, answer.retryAfter));
}

/** Gives back a count taken by an action that was then refused or failed (same windows only). */
export async function giveBackQuota(db: DbOrTx, taken: QuotaTaken): Promise<void> {
  await db.execute(sql`
    update member_quota_counters
       set hour_count = case when hour_start = ${taken.hourStart.toISOString()}::timestamptz
                             then greatest(hour_count - 1, 0) else hour_count end,
           day_count = case when day_start = ${taken.dayStart.toISOString()}::timestamptz
                            then greatest(day_count - 1, 0) else day_count end
     where user_id = ${taken.userId} and quota = ${taken.name}`);
  // A row back to nothing tells nothing: it goes, so a refused action leaves no row behind (the
  // hostile-input test counts every table). A concurrent take re-creates it by its upsert.
  await db.execute(sql`
    delete from member_quota_counters
     where user_id = ${taken.userId} and quota = ${taken.name} and hour_count = 0 and day_count = 0
       and refused_count = 0 and lifted_until is null`);
}

// ---------------------------------------------------------------------------------------------
// The admins' page (GET /api/admin/quotas, POST /api/admin/quotas/:userId/lift)

/** How far back the admin page lists members who hit a quota. */
export const QUOTA_HITS_DAYS = 7;

export interface QuotaHit {
  userId: string;
  name: string;
  email: string;
  quota: MemberQuotaName;
  hourCount: number;
  dayCount: number;
  perHour: number;
  perDay: number;
  refusedCount: number;
  lastRefusedAt: string | null;
  liftedUntil: string | null;
}

/** Members refused by a quota over the last QUOTA_HITS_DAYS days, or lifted now: latest refusal first. */
export async function listQuotaHits(db: DbOrTx, limitsOf: QuotaLimitsOf, now = new Date()): Promise<QuotaHit[]> {
  const w = quotaWindows(now);
  const since = new Date(now.getTime() - QUOTA_HITS_DAYS * 24 * HOUR_MS).toISOString();
  const { rows } = await db.execute<{
    user_id: string;
    name: string;
    email: string;
    quota: string;
    hour_count: number;
    day_count: number;
    refused_count: number;
    last_refused_at: string | Date | null;
    lifted_until: string | Date | null;
  }>(sql`
    select q.user_id, ${displayName('u', 'p')} as name, u.email, q.quota,
           case when q.hour_start >= ${w.hourStart.toISOString()}::timestamptz then q.hour_count else 0 end as hour_count,
           case when q.day_start >= ${w.dayStart.toISOString()}::timestamptz then q.day_count else 0 end as day_count,
           q.refused_count, q.last_refused_at,
           case when q.lifted_until > ${now.toISOString()}::timestamptz then q.lifted_until end as lifted_until
      from member_quota_counters q
      join "user" u on u.id = q.user_id
      left join profiles p on p.user_id = u.id
     where q.last_refused_at >= ${since}::timestamptz or q.lifted_until > ${now.toISOString()}::timestamptz
     order by q.last_refused_at desc nulls last, q.user_id, q.quota
     limit 500`);
  return rows.flatMap((r) => {
    if (!isMemberQuotaName(r.quota)) return [];
    const limits = limitsOf(r.quota);
    return [
      {
        userId: r.user_id,
        name: r.name,
        email: r.email,
        quota: r.quota,
        hourCount: Number(r.hour_count),
        dayCount: Number(r.day_count),
        perHour: limits.perHour,
        perDay: limits.perDay,
        refusedCount: Number(r.refused_count),
        lastRefusedAt: r.last_refused_at ? new Date(r.last_refused_at).toISOString() : null,
        liftedUntil: r.lifted_until ? new Date(r.lifted_until).toISOString() : null,
      },
    ];
  });
}

/**
 * Lifts one member's quota for `hours` (0 ends a lift now): the member is counted but not
 * refused until then. An unknown member is a 404.
 */
export async function liftQuota(
  db: DbOrTx,
  adminId: string,
  userId: string,
  name: MemberQuotaName,
  hours: number,
  now = new Date(),
): Promise<{ liftedUntil: string | null }> {
  const w = quotaWindows(now);
  const until = hours > 0 ? new Date(now.getTime() + hours * HOUR_MS).toISOString() : null;
  try {
    await db.execute(sql`
      insert into member_quota_counters as q (user_id, quota, hour_start, hour_count, day_start, day_count, lifted_until, lifted_by)
      values (${userId}, ${name}, ${w.hourStart.toISOString()}::timestamptz, 0, ${w.dayStart.toISOString()}::timestamptz, 0,
              ${until}::timestamptz, ${adminId})
      on conflict (user_id, quota) do update set lifted_until = excluded.lifted_until, lifted_by = excluded.lifted_by`);
  } catch (error) {
    if (pgErrorCode(error) === '23503') throw new AppError('USER_NOT_FOUND');
    throw error;
  }
  return { liftedUntil: until };
}
