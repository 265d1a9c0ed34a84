import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * A fixed-window counter per key in the database (shared by every app instance): when this hit
 * is over `max` within `windowSeconds`, the seconds until the window ends (at least 1), else 0.
 * Used to limit sign-in, sign-up, reset and code requests per account, on top of Better Auth's
 * per-IP limits.
 */
export async function hitRateLimit(db: Db, key: string, max: number, windowSeconds: number): Promise<number> {
  const result = await db.execute<{ count: number; retryAfter: number | string }>(sql`
    insert into rate_limit_counters (key, count, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when rate_limit_counters.window_start < now() - make_interval(secs => ${windowSeconds})
                   then 1 else rate_limit_counters.count + 1 end,
      window_start = case when rate_limit_counters.window_start < now() - make_interval(secs => ${windowSeconds})
                   then now() else rate_limit_counters.window_start end
    returning count,
      ceil(extract(epoch from window_start + make_interval(secs => ${windowSeconds}) - now())) as "retryAfter"`);
  const count = Number(result.rows[0]?.count ?? 0);
  if (count <= max) return 0;
  return Math.max(1, Number(result.rows[0]?.retryAfter ?? windowSeconds));
}

/**
 * Wrong passwords per (account, address), issue 33: the first `free` failures cost nothing, then
 * each one makes the next attempt wait `firstDelay` seconds, doubled at each further failure, up
 * to `maxDelay`. A right password clears the counter; a day without failure starts it again. The
 * owner signing in from their own address is never held by a stranger's failures from elsewhere.
 */
export const SIGN_IN_FAILURES = { free: 5, firstDelay: 30, maxDelay: 15 * 60, forgetAfter: 24 * 60 * 60 } as const;

/** The delay after `failures` consecutive wrong passwords, in seconds (0: none). */
export function signInDelayAfter(failures: number): number {
  if (failures < SIGN_IN_FAILURES.free) return 0;
  return Math.min(SIGN_IN_FAILURES.maxDelay, SIGN_IN_FAILURES.firstDelay * 2 ** (failures - SIGN_IN_FAILURES.free));
}

/** Seconds the next attempt of this (account, address) must still wait, 0 when it may try. */
export async function signInWait(db: Db, key: string): Promise<number> {
  const result = await db.execute<{ count: number; elapsed: number | string }>(sql`
    select count, extract(epoch from now() - window_start) as elapsed
      from rate_limit_counters where key = ${key}`);
  const row = result.rows[0];
  if (!row) return 0;
  const elapsed = Number(row.elapsed);
  if (elapsed >= SIGN_IN_FAILURES.forgetAfter) return 0;
  const wait = signInDelayAfter(Number(row.count)) - elapsed;
  return wait > 0 ? Math.max(1, Math.ceil(wait)) : 0;
}

/**
 * Counts this sign-in attempt of (account, address) before the password is checked, in one
 * statement, so that attempts sent at once are counted one after the other (the row's lock): 0
 * when it may go on, else the seconds to wait (and it is not counted). A right password then
 * clears the counter (`clearSignInFailures`), so the count is of wrong passwords in a row.
 */
export async function claimSignInAttempt(db: Db, key: string): Promise<number> {
  const { free, firstDelay, maxDelay, forgetAfter } = SIGN_IN_FAILURES;
  const claimed = await db.execute(sql`
    insert into rate_limit_counters (key, count, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when rate_limit_counters.window_start < now() - make_interval(secs => ${forgetAfter}::int)
                   then 1 else rate_limit_counters.count + 1 end,
      window_start = now()
    where rate_limit_counters.count < ${free}::int
       or rate_limit_counters.window_start < now() - make_interval(secs => ${forgetAfter}::int)
       or rate_limit_counters.window_start <= now() - make_interval(
            secs => least(${maxDelay}::float8, ${firstDelay}::float8 * power(2, rate_limit_counters.count - ${free}::int)))
    returning count`);
  if (claimed.rows.length > 0) return 0;
  return Math.max(1, await signInWait(db, key));
}

/** A right password: this (account, address) starts again from nothing. */
export async function clearSignInFailures(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limit_counters where key = ${key}`);
}
