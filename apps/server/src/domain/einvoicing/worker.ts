import { FINAL_LIFECYCLE_CODES } from '@synergie/shared/einvoicing';
import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { einvoiceDeposits, installation } from '../../db/schema';
import { PollingWorker } from '../../lib/polling-worker';
import { loadMembershipDocument } from '../membership-invoices';
import { loadInvoice } from '../self-billing';
import { facturXPdf } from '../self-billing-documents';
import { type FlowServiceClient, PlatformRefused } from './flow-client';

/** The first start with a platform: documents issued from then on are deposited (the older ones stay downloads). */
export const EINVOICING_SINCE_KEY = 'einvoicing-since';
/** A deposit whose lifecycle has not ended after this long is no longer read. */
const FOLLOW_FOR_MS = 120 * 24 * 60 * 60_000;

export interface EinvoiceWorkerOptions {
  db: Db;
  client: FlowServiceClient;
  pollMs: number;
  /**
   * How long after a deposit or a read the invoice's lifecycle is read again (EINVOICING_STATUS_POLL_MS):
   * written in `next_attempt_at`, which the claim reads, so no instance reads it before then.
   */
  readEveryMs: number;
  retryBaseMs: number;
  maxDelayMs?: number;
  leaseMs?: number;
  batchSize?: number;
  log?: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
}

interface Claimed extends Record<string, unknown> {
  id: string;
  series: 'membership' | 'self_billing';
  document_id: string;
  number: string;
  status: 'pending' | 'following';
  flow_id: string | null;
  attempts: number;
  deposited_at: Date | string | null;
}

/**
 * Writes the deposit rows of the documents issued since the platform's first start that have a
 * SIREN on both sides (an invoice to someone without one stays a download): one row per
 * document (unique), so any number of instances scanning at once write each once.
 */
export async function queueDeposits(db: Db): Promise<number> {
  await db
    .insert(installation)
    .values({ key: EINVOICING_SINCE_KEY, value: new Date().toISOString() })
    .onConflictDoNothing();
  const since = sql`(select value::timestamptz from installation where key = ${EINVOICING_SINCE_KEY})`;
  const result = await db.execute(sql`
    insert into einvoice_deposits (series, document_id, number)
    select 'membership', m.id, m.number from membership_invoices m
     where m.issued_at >= ${since}
       and coalesce(m.buyer->>'siren', '') <> '' and coalesce(m.seller->>'siren', '') <> ''
       and not exists (select 1 from einvoice_deposits d where d.series = 'membership' and d.document_id = m.id)
    union all
    select 'self_billing', s.id, s.number from self_billing_invoices s
     where s.issued_at >= ${since}
       and coalesce(s.issuer->>'siren', '') <> '' and coalesce(s.client->>'siren', '') <> ''
       and not exists (select 1 from einvoice_deposits d where d.series = 'self_billing' and d.document_id = s.id)
    limit 500
    on conflict do nothing`);
  return (result as { affectedRows?: number; rowCount?: number }).affectedRows ?? result.rowCount ?? 0;
}

/**
 * The deposit outbox's worker (issue 32), as the mail, push and webhook outboxes run: each row
 * claimed with `FOR UPDATE SKIP LOCKED` and a lease, so one instance handles it. A pending row is
 * deposited (the document's number as the tracking id: a deposit sent again after a lost answer
 * is the same flow); a platform that is down leaves it waiting, retried with a doubling delay up
 * to an hour, never given up; a refusal of the request itself marks it failed with the reason. A
 * deposited row's lifecycle is read again `readEveryMs` after its deposit or last read (its
 * `next_attempt_at`, on the database's clock, claimed as the deposits are) until a final status:
 * the outbox is looked at every `pollMs`, a status only when it is due.
 */
export class EinvoiceWorker extends PollingWorker {
  private readonly leaseMs: number;
  private readonly maxDelayMs: number;
  private readonly batchSize: number;

  constructor(private readonly options: EinvoiceWorkerOptions) {
    const batchSize = options.batchSize ?? 10;
    super({ pollMs: options.pollMs, batchSize, name: 'e-invoicing outbox', log: options.log });
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.maxDelayMs = options.maxDelayMs ?? 60 * 60_000;
    this.batchSize = batchSize;
  }

  async runOnce(): Promise<number> {
    await queueDeposits(this.options.db);
    const leaseSeconds = Math.ceil(this.leaseMs / 1000);
    const claimed = await this.options.db.execute<Claimed>(sql`
      with due as (
        select id from einvoice_deposits
         where status in ('pending', 'following') and next_attempt_at <= now()
           and (locked_until is null or locked_until < now())
         order by next_attempt_at, created_at
         limit ${this.batchSize}
         for update skip locked
      )
      update einvoice_deposits d
         set attempts = d.attempts + 1, locked_until = now() + make_interval(secs => ${leaseSeconds})
        from due where d.id = due.id
      returning d.id, d.series, d.document_id, d.number, d.status, d.flow_id, d.attempts, d.deposited_at`);
    for (const row of claimed.rows) {
      if (row.status === 'pending') await this.deposit(row);
      else await this.follow(row);
    }
    return claimed.rows.length;
  }

  /** Our claim is the row still at the attempt we claimed (another instance's claim after our lease counts one more). */
  private ours(row: Claimed) {
    return and(
      eq(einvoiceDeposits.id, row.id),
      eq(einvoiceDeposits.attempts, row.attempts),
      isNotNull(einvoiceDeposits.lockedUntil),
    );
  }

  /** `ms` from now on the database's clock, the one the claim compares `next_attempt_at` with. */
  private inMs(ms: number): SQL<Date> {
    return sql<Date>`now() + make_interval(secs => ${ms / 1000})`;
  }

  private retryAt(attempts: number): SQL<Date> {
    return this.inMs(Math.min(this.maxDelayMs, this.options.retryBaseMs * 2 ** Math.max(0, attempts - 1)));
  }

  private async deposit(row: Claimed): Promise<void> {
    try {
      const viewer = { userId: '', admin: true };
      const doc =
        row.series === 'membership'
          ? await loadMembershipDocument(this.options.db, row.document_id, viewer)
          : await loadInvoice(this.options.db, row.document_id, viewer);
      const file = await facturXPdf(doc);
      const { flowId } = await this.options.client.submit({ trackingId: row.number, name: `${row.number}.pdf`, file });
      await this.options.db
        .update(einvoiceDeposits)
        .set({
          status: 'following',
          flowId,
          depositedAt: new Date(),
          attempts: 0,
          lastError: null,
          lockedUntil: null,
          nextAttemptAt: this.inMs(this.options.readEveryMs),
        })
        .where(this.ours(row));
      this.options.log?.info({ number: row.number, flowId }, 'invoice deposited on the plateforme agréée');
    } catch (error) {
      const message = (error as Error).message.slice(0, 500);
      if (error instanceof PlatformRefused) {
        await this.options.db
          .update(einvoiceDeposits)
          .set({ status: 'failed', lastError: message, lockedUntil: null })
          .where(this.ours(row));
        this.options.log?.warn({ number: row.number, error: message }, 'the plateforme agréée refused the deposit');
        return;
      }
      await this.options.db
        .update(einvoiceDeposits)
        .set({ lastError: message, lockedUntil: null, nextAttemptAt: this.retryAt(row.attempts) })
        .where(this.ours(row));
    }
  }

  private async follow(row: Claimed): Promise<void> {
    try {
      const state = await this.options.client.read(row.flow_id ?? '');
      const steps = [...state.lifecycle].sort((a, b) => a.at.getTime() - b.at.getTime());
      const last = steps.at(-1);
      const final = last !== undefined && FINAL_LIFECYCLE_CODES.includes(last.code);
      const stale = row.deposited_at !== null && Date.now() - new Date(row.deposited_at).getTime() > FOLLOW_FOR_MS;
      await this.options.db
        .update(einvoiceDeposits)
        .set({
          status: final || stale ? 'done' : 'following',
          attempts: 0,
          lastError: null,
          lockedUntil: null,
          nextAttemptAt: this.inMs(this.options.readEveryMs),
          lifecycle: steps.map((s) => ({ code: s.code, at: s.at.toISOString(), reason: s.reason })),
          ...(last ? { lifecycleCode: last.code, lifecycleAt: last.at, lifecycleReason: last.reason } : {}),
        })
        .where(this.ours(row));
    } catch (error) {
      await this.options.db
        .update(einvoiceDeposits)
        .set({
          lastError: (error as Error).message.slice(0, 500),
          lockedUntil: null,
          nextAttemptAt: this.retryAt(row.attempts),
        })
        .where(this.ours(row));
    }
  }
}
