import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * A TOTP code stays valid for about 90 s (the current step and one on either side); once it has
 * let a member in, it must not let anyone in again (RFC 6238 section 5.2, OWASP ASVS 2.8.4). Used
 * codes are kept that long in the shared counters table, so every app instance sees them.
 */
const REMEMBER_SECONDS = 120;
const key = (userId: string, code: string) => `totp-used:${userId}:${code}`;

export async function isTotpCodeUsed(db: Db, userId: string, code: string): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from rate_limit_counters
    where key = ${key(userId, code)} and window_start > now() - make_interval(secs => ${REMEMBER_SECONDS})`);
  return result.rows.length > 0;
}

export async function markTotpCodeUsed(db: Db, userId: string, code: string): Promise<void> {
  await db.execute(sql`
    delete from rate_limit_counters
    where key like ${`totp-used:${userId}:%`} and window_start < now() - make_interval(secs => ${REMEMBER_SECONDS})`);
  await db.execute(sql`
    insert into rate_limit_counters (key, count, window_start) values (${key(userId, code)}, 1, now())
    on conflict (key) do update set count = rate_limit_counters.count + 1, window_start = now()`);
}
