import type { PushPayload } from '@synergie/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { pushOutbox, pushSubscriptions } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { PollingWorker } from '../../lib/polling-worker';
import { retryDelayMs } from '../../mail/outbox';
import type { EndpointCheckOptions } from './endpoint-check';
import { sendPush } from './send';
import type { VapidDetails } from './vapid';

export interface QueuedPush {
  userId: string;
  notificationId: string | null;
  payload: PushPayload;
}

/**
 * Queues each push for every device of its member, in the caller's transaction (the notification
 * and its pushes exist together; nothing is sent before the commit, and sending never holds the
 * change up). One query for the devices, one insert. Returns how many rows it queued.
 */
export async function enqueuePushes(tx: DbOrTx, pushes: QueuedPush[]): Promise<number> {
  if (pushes.length === 0) return 0;
  const userIds = [...new Set(pushes.map((p) => p.userId))];
  const devices = await tx
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, userIds));
  const rows = pushes.flatMap((p) =>
    devices
      .filter((d) => d.userId === p.userId)
      .map((d) => ({ subscriptionId: d.id, userId: p.userId, notificationId: p.notificationId, payload: p.payload })),
  );
  if (rows.length === 0) return 0;
  await tx.insert(pushOutbox).values(rows).onConflictDoNothing();
  return rows.length;
}

export interface PushWorkerOptions {
  db: Db;
  /** The key pair (read once from the settings or the database). */
  vapid: () => Promise<VapidDetails>;
  check: EndpointCheckOptions;
  pollMs: number;
  retryBaseMs: number;
  maxDelayMs?: number;
  maxAttempts: number;
  /** How long a claimed push stays ours before another instance may take it over. */
  leaseMs?: number;
  batchSize?: number;
  /** Sent and given-up rows are deleted after this long (their payload named members). */
  keepMs?: number;
  log?: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
}

interface ClaimedPush {
  id: string;
  subscription_id: string;
  payload: PushPayload;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What an answer means (RFC 8030 §5, §7.3): 404/410 the device is gone; 429 and 5xx try again. */
export function pushOutcome(status: number): 'sent' | 'gone' | 'retry' | 'failed' {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  if (status === 429 || status >= 500 || status === 0) return 'retry';
  return 'failed';
}

/**
 * Sends what the push outbox holds, as the mail outbox's worker does (mail/outbox.ts): any number
 * of instances on one database, each push claimed with `FOR UPDATE SKIP LOCKED` and a lease, so
 * one instance sends it. A device the push service says is gone (404, 410) is deleted with its
 * waiting pushes, once: the delete that finds it is the only one.
 */
export class PushWorker extends PollingWorker {
  private readonly leaseMs: number;
  private readonly maxDelayMs: number;
  private readonly batchSize: number;
  private readonly keepMs: number;

  constructor(private readonly options: PushWorkerOptions) {
    const batchSize = options.batchSize ?? 20;
    super({ pollMs: options.pollMs, batchSize, name: 'push outbox', log: options.log });
    this.leaseMs = options.leaseMs ?? 60_000;
    this.maxDelayMs = options.maxDelayMs ?? 60 * 60_000;
    this.batchSize = batchSize;
    this.keepMs = options.keepMs ?? 7 * 24 * 60 * 60_000;
  }

  /** Claims due pushes, sends them, records the outcomes. Returns how many it handled. */
  async runOnce(): Promise<number> {
    const { db } = this.options;
    const leaseSeconds = Math.ceil(this.leaseMs / 1000);
    const claimed = await db.execute<ClaimedPush & Record<string, unknown>>(sql`
      with due as (
        select id from push_outbox
         where (status = 'pending' and next_attempt_at <= now())
            or (status = 'sending' and locked_until < now())
         order by next_attempt_at, created_at
         limit ${this.batchSize}
         for update skip locked
      ), claimed as (
        update push_outbox o
           set status = 'sending',
               attempts = o.attempts + 1,
               locked_until = now() + make_interval(secs => ${leaseSeconds})
          from due
         where o.id = due.id
        returning o.id, o.subscription_id, o.payload, o.attempts
      )
      select c.id, c.subscription_id, c.payload, c.attempts, s.endpoint, s.p256dh, s.auth
        from claimed c join push_subscriptions s on s.id = c.subscription_id`);
    if (claimed.rows.length === 0) {
      await this.purge();
      return 0;
    }
    const vapid = await this.options.vapid();
    // A device found gone takes its other pushes of this batch with it (deleted by the cascade).
    const gone = new Set<string>();
    for (const push of claimed.rows) {
      if (gone.has(push.subscription_id)) continue;
      if ((await this.deliver(push, vapid)) === 'gone') gone.add(push.subscription_id);
    }
    return claimed.rows.length;
  }

  /** Sent and given-up pushes older than `keepMs` go (a few at a time, on idle runs). */
  private async purge(): Promise<void> {
    const seconds = Math.ceil(this.keepMs / 1000);
    await this.options.db.execute(sql`
      delete from push_outbox where id in (
        select id from push_outbox
         where status in ('sent', 'failed') and created_at < now() - make_interval(secs => ${seconds})
         limit 500)`);
  }

  /** Our claim is the row still 'sending' at the attempt we claimed (see the mail outbox). */
  private stillOurs(push: ClaimedPush) {
    return and(eq(pushOutbox.id, push.id), eq(pushOutbox.status, 'sending'), eq(pushOutbox.attempts, push.attempts));
  }

  private async deliver(push: ClaimedPush, vapid: VapidDetails): Promise<ReturnType<typeof pushOutcome>> {
    const { db } = this.options;
    let outcome: ReturnType<typeof pushOutcome>;
    let error: string | null = null;
    let retryAfterMs: number | null = null;
    try {
      const answer = await sendPush(push, push.payload, vapid, this.options.check);
      outcome = pushOutcome(answer.status);
      retryAfterMs = answer.retryAfterMs;
      if (outcome !== 'sent') error = `push service answered ${answer.status}`;
    } catch (thrown) {
      // A refused endpoint (its name now leads to a private address) is not tried again.
      outcome = thrown instanceof AppError ? 'failed' : 'retry';
      error = thrown instanceof Error ? thrown.message : String(thrown);
    }
    const logged = { pushId: push.id, subscriptionId: push.subscription_id, attempts: push.attempts };
    if (outcome === 'sent') {
      const now = new Date();
      await db
        .update(pushOutbox)
        .set({ status: 'sent', sentAt: now, lockedUntil: null, lastError: null })
        .where(this.stillOurs(push));
      await db
        .update(pushSubscriptions)
        .set({ lastSuccessAt: now })
        .where(eq(pushSubscriptions.id, push.subscription_id));
      this.options.log?.info(logged, 'push delivered');
      return outcome;
    }
    if (outcome === 'gone') {
      // The device unsubscribed or expired: it goes, with every push still waiting for it.
      const dropped = await db
        .delete(pushSubscriptions)
        .where(eq(pushSubscriptions.id, push.subscription_id))
        .returning({ id: pushSubscriptions.id });
      this.options.log?.info({ ...logged, dropped: dropped.length }, 'push subscription gone: dropped');
      return outcome;
    }
    const failed = outcome === 'failed' || push.attempts >= this.options.maxAttempts;
    const delay = Math.max(retryAfterMs ?? 0, retryDelayMs(push.attempts, this.options.retryBaseMs, this.maxDelayMs));
    await db
      .update(pushOutbox)
      .set({
        status: failed ? 'failed' : 'pending',
        lockedUntil: null,
        lastError: (error ?? '').slice(0, 1000),
        nextAttemptAt: new Date(Date.now() + delay),
      })
      .where(this.stillOurs(push));
    this.options.log?.warn(
      { ...logged, retryInMs: failed ? null : delay, err: error },
      failed ? 'push given up' : 'push will be retried',
    );
    return failed ? 'failed' : 'retry';
  }
}
