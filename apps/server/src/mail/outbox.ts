import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { mailOutbox } from '../db/schema';
import { PollingWorker } from '../lib/polling-worker';
import type { MailTransport } from './transport';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Which template wrote it, for the dev mailbox and tests. */
  template?: string;
  meta?: Record<string, unknown>;
  /** Extra headers: List-Unsubscribe and List-Unsubscribe-Post on notification mails (RFC 8058). */
  headers?: Record<string, string>;
}

/**
 * Queue a mail. Pass the transaction of the change that causes it, so that the mail exists
 * exactly when the change does.
 */
export async function enqueueMail(db: DbOrTx, mail: OutgoingMail | OutgoingMail[]): Promise<string[]> {
  const mails = Array.isArray(mail) ? mail : [mail];
  if (mails.length === 0) return [];
  const rows = await db
    .insert(mailOutbox)
    .values(
      mails.map((m) => ({
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html ?? null,
        replyTo: m.replyTo ?? null,
        template: m.template ?? null,
        meta: m.meta ?? null,
        headers: m.headers ?? null,
      })),
    )
    .returning({ id: mailOutbox.id });
  return rows.map((r) => r.id);
}

export interface OutboxWorkerOptions {
  db: Db;
  transport: MailTransport;
  /** How often to look for due mail when nothing wakes the worker. */
  pollMs: number;
  /** First retry delay; each further attempt doubles it, up to `maxDelayMs`. */
  retryBaseMs: number;
  maxDelayMs?: number;
  maxAttempts: number;
  /** How long a claimed mail stays ours before another instance may take it over. */
  leaseMs?: number;
  batchSize?: number;
  log?: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
}

export function retryDelayMs(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

interface ClaimedMail {
  id: string;
  to: string;
  reply_to: string | null;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string> | null;
  attempts: number;
}

/**
 * Sends what the outbox holds. Any number of app instances may run one on the same database:
 * a mail is claimed with `FOR UPDATE SKIP LOCKED` and a lease, so only one instance sends it.
 */
export class OutboxWorker extends PollingWorker {
  private readonly leaseMs: number;
  private readonly maxDelayMs: number;
  private readonly batchSize: number;

  constructor(private readonly options: OutboxWorkerOptions) {
    const batchSize = options.batchSize ?? 10;
    super({ pollMs: options.pollMs, batchSize, name: 'mail outbox', log: options.log });
    this.leaseMs = options.leaseMs ?? 60_000;
    this.maxDelayMs = options.maxDelayMs ?? 15 * 60_000;
    this.batchSize = batchSize;
  }

  /** Claims due mail, sends it, records the outcome. Returns how many mails it handled. */
  async runOnce(): Promise<number> {
    const { db } = this.options;
    const leaseSeconds = Math.ceil(this.leaseMs / 1000);
    const claimed = await db.execute<ClaimedMail & Record<string, unknown>>(sql`
      update mail_outbox
         set status = 'sending',
             attempts = attempts + 1,
             locked_until = now() + make_interval(secs => ${leaseSeconds})
       where id in (
         select id from mail_outbox
          where (status = 'pending' and next_attempt_at <= now())
             or (status = 'sending' and locked_until < now())
          order by next_attempt_at, created_at
          limit ${this.batchSize}
          for update skip locked
       )
       returning id, "to", reply_to, subject, text, html, headers, attempts`);
    for (const mail of claimed.rows) {
      await this.deliver(mail);
    }
    return claimed.rows.length;
  }

  /**
   * Our claim is the row still 'sending' at the attempt we claimed. If our lease ran out and
   * another instance took the mail over (attempts + 1), our late outcome must not overwrite its
   * claim: putting it back to 'pending' would let a third instance send it again.
   */
  private stillOurs(mail: ClaimedMail) {
    return and(eq(mailOutbox.id, mail.id), eq(mailOutbox.status, 'sending'), eq(mailOutbox.attempts, mail.attempts));
  }

  private async deliver(mail: ClaimedMail): Promise<void> {
    const { db, transport } = this.options;
    try {
      const outcome = await transport.send({
        to: mail.to,
        replyTo: mail.reply_to ?? undefined,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        headers: mail.headers ?? undefined,
        messageId: mail.id,
      });
      await db
        .update(mailOutbox)
        .set({ status: outcome, sentAt: new Date(), lockedUntil: null, lastError: null })
        .where(this.stillOurs(mail));
      this.options.log?.info({ mailId: mail.id, outcome }, 'mail delivered');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const failed = mail.attempts >= this.options.maxAttempts;
      const delay = retryDelayMs(mail.attempts, this.options.retryBaseMs, this.maxDelayMs);
      await db
        .update(mailOutbox)
        .set({
          status: failed ? 'failed' : 'pending',
          lockedUntil: null,
          lastError: message.slice(0, 1000),
          nextAttemptAt: new Date(Date.now() + delay),
        })
        .where(this.stillOurs(mail));
      this.options.log?.warn(
        { mailId: mail.id, attempts: mail.attempts, retryInMs: failed ? null : delay, err: message },
        failed ? 'mail given up' : 'mail will be retried',
      );
    }
  }
}

export async function listMailbox(db: Db, limit = 100) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
