import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';

/**
 * Idempotency keys (issue 28, writes kept offline and sent again): the rows of `idempotency_keys`,
 * settled by their primary key (user_id, key). The plugin (plugins/idempotency.ts) claims a key
 * before the handler runs, stores the answer after, and replays it to the copies.
 */

/** Kept this long, then purged by the scheduler: longer than a queued write waits on a phone. */
export const IDEMPOTENCY_KEY_RETENTION_DAYS = 7;
/** A claim whose answer is still missing after this long is taken over (its instance died). */
export const IDEMPOTENCY_CLAIM_LEASE_SECONDS = 30;
const PURGE_BATCH = 1000;

export interface StoredAnswer {
  status: number;
  body: string;
}

export type Claim =
  | { kind: 'claimed' }
  | { kind: 'answered'; answer: StoredAnswer }
  | { kind: 'pending' }
  | { kind: 'mismatch' };

/** sha256 of what makes two requests the same: the operation, the path's parameters, the body. */
export function requestHash(operation: string, params: unknown, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([operation, params ?? null, body ?? null]))
    .digest('hex');
}

interface KeyRow extends Record<string, unknown> {
  operation: string;
  request_hash: string;
  response_status: number | null;
  response_body: string | null;
}

/**
 * One attempt at claiming a key: inserted (this request runs), or the row another request wrote:
 * its stored answer, still pending, or a different request under the same key. A pending claim
 * older than the lease is taken over (the request that made it never finished).
 */
export async function claimKey(
  db: DbOrTx,
  userId: string,
  key: string,
  operation: string,
  hash: string,
): Promise<Claim> {
  const inserted = await db.execute(sql`
    insert into idempotency_keys (user_id, key, operation, request_hash)
    values (${userId}, ${key}, ${operation}, ${hash})
    on conflict (user_id, key) do nothing
    returning key`);
  if (inserted.rows.length > 0) return { kind: 'claimed' };
  const { rows } = await db.execute<KeyRow>(sql`
    select operation, request_hash, response_status, response_body
      from idempotency_keys where user_id = ${userId} and key = ${key}`);
  const row = rows[0];
  // Purged or released between the two statements: try again.
  if (!row) return claimKey(db, userId, key, operation, hash);
  if (row.operation !== operation || row.request_hash !== hash) return { kind: 'mismatch' };
  if (row.response_status !== null) {
    return { kind: 'answered', answer: { status: Number(row.response_status), body: row.response_body ?? '' } };
  }
  const taken = await db.execute(sql`
    update idempotency_keys set created_at = clock_timestamp()
     where user_id = ${userId} and key = ${key} and response_status is null
       and created_at < clock_timestamp() - make_interval(secs => ${IDEMPOTENCY_CLAIM_LEASE_SECONDS})
    returning key`);
  return taken.rows.length > 0 ? { kind: 'claimed' } : { kind: 'pending' };
}

/** The claimed request's answer, replayed to every later copy. */
export async function storeAnswer(db: DbOrTx, userId: string, key: string, answer: StoredAnswer): Promise<void> {
  await db.execute(sql`
    update idempotency_keys set response_status = ${answer.status}, response_body = ${answer.body}
     where user_id = ${userId} and key = ${key} and response_status is null`);
}

/** The claimed request failed on our side (5xx): the key is freed, so a copy may try again. */
export async function releaseKey(db: DbOrTx, userId: string, key: string): Promise<void> {
  await db.execute(sql`
    delete from idempotency_keys where user_id = ${userId} and key = ${key} and response_status is null`);
}

/** The scheduled purge: keys older than 7 days, a batch per run, safe on several instances. */
export async function purgeIdempotencyKeys(ctx: Pick<AppContext, 'db'>, now = new Date()): Promise<number> {
  const { rows } = await ctx.db.execute<{ key: string }>(sql`
    with due as (
      select user_id, key from idempotency_keys
       where created_at < ${now.toISOString()}::timestamptz - make_interval(days => ${IDEMPOTENCY_KEY_RETENTION_DAYS})
       limit ${PURGE_BATCH}
         for update skip locked
    )
    delete from idempotency_keys k using due
     where k.user_id = due.user_id and k.key = due.key
    returning k.key`);
  return rows.length;
}
