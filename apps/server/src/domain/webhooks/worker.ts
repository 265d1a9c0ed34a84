import { and, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../../db/client';
import { webhookDeliveries } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { PollingWorker } from '../../lib/polling-worker';
import { type Resolver, safePost } from '../../lib/safe-fetch';
import { retryDelayMs } from '../../mail/outbox';

export interface WebhookWorkerOptions {
  db: Db;
  pollMs: number;
  retryBaseMs: number;
  maxDelayMs?: number;
  maxAttempts: number;
  timeoutMs: number;
  /** Host names exempt from the public-address rule: the tests' receiver only (testAllowHosts). */
  allowHosts?: readonly string[];
  resolve?: Resolver;
  leaseMs?: number;
  batchSize?: number;
  /** Delivered and given-up rows are deleted after this long (the delivery log's span). */
  keepMs?: number;
  log?: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
}

interface ClaimedDelivery extends Record<string, unknown> {
  id: string;
  message_id: string;
  payload: unknown;
  attempts: number;
  url: string;
  secret: string;
}

/** French words for the delivery log. */
export const webhookOutcomeMessages = {
  status: (status: number) => `Le destinataire a répondu ${status}.`,
  redirect: (status: number) => `Redirection non suivie (${status})\u00a0: donnez l’adresse finale.`,
} as const;

/**
 * Sends what the webhook outbox holds, as the mail and push outboxes do: any number of instances
 * on one database, each delivery claimed with `FOR UPDATE SKIP LOCKED` and a lease, so one
 * instance sends it; retried with a doubling delay on a failure, a timeout or a redirect (never
 * followed), given up after `maxAttempts`. A paused address's deliveries wait.
 */
export class WebhookWorker extends PollingWorker {
  private readonly leaseMs: number;
  private readonly maxDelayMs: number;
  private readonly batchSize: number;
  private readonly keepMs: number;

  constructor(private readonly options: WebhookWorkerOptions) {
    const batchSize = options.batchSize ?? 10;
    super({ pollMs: options.pollMs, batchSize, name: 'webhook outbox', log: options.log });
    // The lease outlasts the request's timeout: a slow receiver is not sent the event twice.
    this.leaseMs = options.leaseMs ?? Math.max(60_000, options.timeoutMs * 3);
    this.maxDelayMs = options.maxDelayMs ?? 60 * 60_000;
    this.batchSize = batchSize;
    this.keepMs = options.keepMs ?? 30 * 24 * 60 * 60_000;
  }

  async runOnce(): Promise<number> {
    const leaseSeconds = Math.ceil(this.leaseMs / 1000);
    const claimed = await this.options.db.execute<ClaimedDelivery>(sql`
      with due as (
        select d.id from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
         where e.active
           and ((d.status = 'pending' and d.next_attempt_at <= now())
             or (d.status = 'sending' and d.locked_until < now()))
         order by d.next_attempt_at, d.created_at
         limit ${this.batchSize}
         for update of d skip locked
      ), claimed as (
        update webhook_deliveries d
           set status = 'sending', attempts = d.attempts + 1,
               locked_until = now() + make_interval(secs => ${leaseSeconds})
          from due where d.id = due.id
        returning d.id, d.message_id, d.payload, d.attempts, d.endpoint_id
      )
      select c.id, c.message_id, c.payload, c.attempts, e.url, e.secret
        from claimed c join webhook_endpoints e on e.id = c.endpoint_id`);
    if (claimed.rows.length === 0) {
      await this.purge();
      return 0;
    }
    for (const delivery of claimed.rows) await this.deliver(delivery);
    return claimed.rows.length;
  }

  private async purge(): Promise<void> {
    const seconds = Math.ceil(this.keepMs / 1000);
    await this.options.db.execute(sql`
      delete from webhook_deliveries where id in (
        select id from webhook_deliveries
         where status in ('delivered', 'failed') and created_at < now() - make_interval(secs => ${seconds})
         limit 500)`);
  }

  /** Our claim is the row still 'sending' at the attempt we claimed (see the mail outbox). */
  private stillOurs(delivery: ClaimedDelivery) {
    return and(
      eq(webhookDeliveries.id, delivery.id),
      eq(webhookDeliveries.status, 'sending'),
      eq(webhookDeliveries.attempts, delivery.attempts),
    );
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const body = JSON.stringify(delivery.payload);
    const now = new Date();
    let status: number | null = null;
    let error: string | null = null;
    let final = false;
    try {
      const signature = new Webhook(delivery.secret).sign(delivery.message_id, now, body);
      const answer = await safePost(delivery.url, {
        body,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'SynergiePro-Webhooks/1.0',
          'webhook-id': delivery.message_id,
          'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
          'webhook-signature': signature,
        },
        timeoutMs: this.options.timeoutMs,
        allowHosts: this.options.allowHosts,
        resolve: this.options.resolve,
      });
      status = answer.status;
      if (status >= 200 && status < 300) {
        await this.options.db
          .update(webhookDeliveries)
          .set({ status: 'delivered', deliveredAt: new Date(), lockedUntil: null, lastStatus: status, lastError: null })
          .where(this.stillOurs(delivery));
        this.options.log?.info({ deliveryId: delivery.id, status }, 'webhook delivered');
        return;
      }
      error =
        status >= 300 && status < 400 ? webhookOutcomeMessages.redirect(status) : webhookOutcomeMessages.status(status);
    } catch (thrown) {
      // A refused address (its name now leads to a private one) is not tried again.
      final = thrown instanceof AppError && thrown.code === 'URL_REFUSED';
      error = thrown instanceof Error ? thrown.message : String(thrown);
    }
    const failed = final || delivery.attempts >= this.options.maxAttempts;
    const delay = retryDelayMs(delivery.attempts, this.options.retryBaseMs, this.maxDelayMs);
    await this.options.db
      .update(webhookDeliveries)
      .set({
        status: failed ? 'failed' : 'pending',
        lockedUntil: null,
        lastStatus: status,
        lastError: (error ?? '').slice(0, 1000),
        nextAttemptAt: new Date(Date.now() + delay),
      })
      .where(this.stillOurs(delivery));
    this.options.log?.warn(
      { deliveryId: delivery.id, attempts: delivery.attempts, status, retryInMs: failed ? null : delay, err: error },
      failed ? 'webhook given up' : 'webhook will be retried',
    );
  }
}
