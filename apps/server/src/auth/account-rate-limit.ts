import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * A fixed-window counter per key in the database (shared by every app instance): `true` when
 * this hit is over `max` within `windowSeconds`. Used to limit sign-in, sign-up, reset and code
 * requests per account, on top of Better Auth's per-IP limits.
 */
export async function hitRateLimit(db: Db, key: string, max: number, windowSeconds: number): Promise<boolean> {
  const result = await db.execute<{ count: number }>(sql`
    insert into rate_limit_counters (key, count, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when rate_limit_counters.window_start < now() - make_interval(secs => ${windowSeconds})
                   then 1 else rate_limit_counters.count + 1 end,
      window_start = case when rate_limit_counters.window_start < now() - make_interval(secs => ${windowSeconds})
                   then now() else rate_limit_counters.window_start end
    returning count`);
  const count = Number(result.rows[0]?.count ?? 0);
  return count > max;
}
