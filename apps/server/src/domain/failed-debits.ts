import {
  DEBIT_GRACE_DAYS,
  DEBIT_RETRIES,
  DEBIT_RETRY_NOTICE_DAYS,
  type PaymentDetailsResponse,
  SEPA_MANDATE_TEXT_VERSION,
  sepaMandateText,
  toIsoDateTime,
  toIsoDateTimeOrNull,
} from '@synergie/shared';
import { profileSectionPath } from '@synergie/shared/profile-sections';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Db, Tx } from '../db/client';
import { displayName } from '../db/fragments';
import type { MailContext } from '../mail/components';
import {
  debitExhaustedMail,
  debitFailedMail,
  debitGraceEndedMail,
  debitRecoveredMail,
  debitRetryMail,
} from '../mail/debit-mails';
import { enqueueMail, type OutgoingMail } from '../mail/outbox';
import { graceEndOf } from './subscribed';
import { type BillingEvent, firstTime } from './subscriptions';

/**
 * Failed debits and SEPA mandates (issue 32, docs/product/decisions.md "Issue 32 — prélèvement
 * SEPA"). The provider retries a failed invoice on its own schedule (Stripe: a custom schedule of
 * DEBIT_RETRIES retries); our record counts the attempts its webhooks report (each event id once,
 * billing_events), keeps the member's access and seat DEBIT_GRACE_DAYS from the first failure
 * (subscriptions.payment_failed_at, read by domain/subscribed.ts and lapseSeats) and sends the
 * mails: at the failure, before each retry, when the provider gives up, when the grace is over,
 * and when the invoice is paid after all.
 * Each mail is claimed once in failed_debit_notices, in the transaction that queues it, so a
 * replayed webhook or two instances sweeping at once send it once.
 */

type Ctx = Pick<AppContext, 'db' | 'mailContext' | 'mailer'>;

/** What the provider's `invoice.payment_failed` says. */
export interface DebitFailure {
  provider: string;
  providerInvoiceId: string;
  userId: string;
  /** VAT included, in cents: what is due. */
  amountCents: number;
  /** The attempts so far, the first debit being 1 (Stripe's `attempt_count`). */
  attemptCount: number;
  /** The provider's next attempt (Stripe's `next_payment_attempt`), null once it gave up. */
  nextAttemptAt: Date | null;
  failedAt: Date;
}

/** A notice's claim: true the first time only. */
async function claimNotice(tx: Tx, providerInvoiceId: string, notice: string, at: Date): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    insert into failed_debit_notices (provider_invoice_id, notice, sent_at)
    values (${providerInvoiceId}, ${notice}, ${at.toISOString()}::timestamptz)
    on conflict do nothing
    returning notice`);
  return rows.length > 0;
}

async function memberOf(tx: Tx, userId: string) {
  const { rows } = await tx.execute<{ email: string; name: string }>(sql`
    select u.email, ${displayName()} as name
      from "user" u left join profiles p on p.user_id = u.id
     where u.id = ${userId}`);
  return rows[0];
}

/** The profile's billing section, at `Mon moyen de paiement` (the refused debit, the portal's button). */
const profileUrl = (mail: MailContext) => `${mail.siteUrl}${profileSectionPath('facturation')}#moyen-de-paiement`;
/** `Mes factures`, in the billing section of the profile. */
const invoicesUrl = (mail: MailContext) => `${mail.siteUrl}${profileSectionPath('facturation')}#factures`;

/**
 * Records a failed attempt (once per event id): the attempts counted, the member's first failure
 * set (the grace starts there), and the mail of the failure, or of the end when the provider will
 * not retry (no next attempt, or the last of the retries). A failure reported after the invoice
 * was settled changes nothing.
 */
export async function applyDebitFailed(ctx: Ctx, event: BillingEvent, failure: DebitFailure) {
  const queued = await ctx.db.transaction(async (tx) => {
    if (!(await firstTime(tx, event))) return 0;
    const at = failure.failedAt.toISOString();
    const next = failure.nextAttemptAt?.toISOString() ?? null;
    const { rows } = await tx.execute<{
      first_failed_at: Date | string;
      attempt_count: number;
      next_attempt_at: Date | string | null;
    }>(sql`
      insert into failed_debits (provider_invoice_id, provider, user_id, amount_cents, first_failed_at,
                                 last_failed_at, attempt_count, next_attempt_at)
      values (${failure.providerInvoiceId}, ${failure.provider}, ${failure.userId}, ${failure.amountCents},
              ${at}::timestamptz, ${at}::timestamptz, ${Math.max(1, failure.attemptCount)}, ${next}::timestamptz)
      on conflict (provider_invoice_id) do update set
        first_failed_at = least(failed_debits.first_failed_at, excluded.first_failed_at),
        last_failed_at = greatest(failed_debits.last_failed_at, excluded.last_failed_at),
        -- Events may arrive out of order: the highest attempt says what comes next.
        next_attempt_at = case when excluded.attempt_count >= failed_debits.attempt_count
                               then excluded.next_attempt_at else failed_debits.next_attempt_at end,
        attempt_count = greatest(failed_debits.attempt_count, excluded.attempt_count)
       where failed_debits.settled_at is null
      returning first_failed_at, attempt_count, next_attempt_at`);
    const row = rows[0];
    if (!row) return 0;
    const firstFailedAt = new Date(row.first_failed_at);
    await tx.execute(sql`
      update subscriptions set payment_failed_at = least(payment_failed_at, ${firstFailedAt.toISOString()}::timestamptz)
       where user_id = ${failure.userId}`);
    const nextAttemptAt = row.next_attempt_at === null ? null : new Date(row.next_attempt_at);
    const exhausted = nextAttemptAt === null || row.attempt_count >= 1 + DEBIT_RETRIES;
    const notice = exhausted ? 'exhausted' : 'failed';
    if (!(await claimNotice(tx, failure.providerInvoiceId, notice, failure.failedAt))) return 0;
    const member = await memberOf(tx, failure.userId);
    if (!member) return 0;
    const data = {
      to: member.email,
      name: member.name,
      amountCents: failure.amountCents,
      graceEndsAt: graceEndOf(firstFailedAt),
      nextAttemptAt: exhausted ? null : nextAttemptAt,
      profileUrl: profileUrl(ctx.mailContext),
    };
    await enqueueMail(
      tx,
      exhausted ? debitExhaustedMail(ctx.mailContext, data) : debitFailedMail(ctx.mailContext, data),
    );
    return 1;
  });
  if (queued > 0) ctx.mailer.wake();
  return { applied: queued > 0 };
}

/** What the provider's `invoice.paid` says of an invoice. */
export interface DebitPaid {
  providerInvoiceId: string;
  /** VAT included, in cents: what was paid. */
  amountCents: number;
  paidAt: Date;
}

/**
 * The invoice was paid at last (a retry, another payment method): the failure is settled (the
 * grace ends), the member's first failure is that of the failures still open, if any, and the
 * member is told once (`Paiement reçu : votre cotisation est à jour`). The conditional update is
 * the claim: of a replayed `invoice.paid`, two deliveries at once or two instances, one settles
 * the row and queues the mail in its transaction, the others find it settled (the `recovered`
 * notice, unique per invoice, stands behind it). Idempotent, so a redelivered `invoice.paid`
 * settles it even when the payment itself was recorded before.
 */
export async function settleFailedDebit(ctx: Ctx, paid: DebitPaid) {
  const queued = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ user_id: string; first_failed_at: Date | string }>(sql`
      update failed_debits set settled_at = ${paid.paidAt.toISOString()}::timestamptz
       where provider_invoice_id = ${paid.providerInvoiceId} and settled_at is null
      returning user_id, first_failed_at`);
    const settled = rows[0];
    if (!settled) return 0;
    await tx.execute(sql`
      update subscriptions
         set payment_failed_at = (select min(fd.first_failed_at) from failed_debits fd
                                   where fd.user_id = ${settled.user_id} and fd.settled_at is null)
       where user_id = ${settled.user_id}`);
    if (!(await claimNotice(tx, paid.providerInvoiceId, 'recovered', paid.paidAt))) return 0;
    const member = await memberOf(tx, settled.user_id);
    if (!member) return 0;
    await enqueueMail(
      tx,
      debitRecoveredMail(ctx.mailContext, {
        to: member.email,
        name: member.name,
        amountCents: paid.amountCents,
        paidAt: paid.paidAt,
        withinGrace: graceEndOf(new Date(settled.first_failed_at)) > paid.paidAt,
        invoicesUrl: invoicesUrl(ctx.mailContext),
      }),
    );
    return 1;
  });
  if (queued > 0) ctx.mailer.wake();
  return { settled: queued > 0 };
}

/** At most this many notices per sweep; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

/**
 * `failed-debit-notices`: the mail DEBIT_RETRY_NOTICE_DAYS before each of the provider's retries
 * (`retry-<attempt>`), and the end of the grace (`grace-ended`, the member's first open failure
 * 30 days ago: the seat lapses in the same hour, lapseSeats). Claimed in one statement with the
 * mails queued in its transaction (as remindRenewals): two instances at once send each once. A
 * member subscribed again (trial or active) gets none. Returns the number of mails queued.
 */
export async function sweepFailedDebitNotices(ctx: Ctx, now = new Date(), batch = SWEEP_BATCH): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const queued = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{
      provider_invoice_id: string;
      notice: string;
      amount_cents: number;
      first_failed_at: Date | string;
      next_attempt_at: Date | string | null;
      email: string;
      name: string;
    }>(sql`
      with due as (
        select fd.provider_invoice_id, 'retry-' || (fd.attempt_count + 1) as notice
          from failed_debits fd
          join subscriptions s on s.user_id = fd.user_id
         where fd.settled_at is null and s.status not in ('trialing', 'active')
           and fd.attempt_count <= ${DEBIT_RETRIES}
           and fd.next_attempt_at > ${at}
           and fd.next_attempt_at <= ${at} + make_interval(days => ${DEBIT_RETRY_NOTICE_DAYS})
        union all
        select fd.provider_invoice_id, 'grace-ended'
          from failed_debits fd
          join subscriptions s on s.user_id = fd.user_id
         where fd.settled_at is null and s.status not in ('trialing', 'active')
           and fd.first_failed_at = s.payment_failed_at
           and fd.first_failed_at + make_interval(days => ${DEBIT_GRACE_DAYS}) <= ${at}
      ),
      claimed as (
        insert into failed_debit_notices (provider_invoice_id, notice, sent_at)
        select d.provider_invoice_id, d.notice, ${at}
          from due d
         -- Already sent notices must not fill the batch (they would starve the others).
         where not exists (select 1 from failed_debit_notices n
                            where n.provider_invoice_id = d.provider_invoice_id and n.notice = d.notice)
         limit ${batch}
        on conflict do nothing
        returning provider_invoice_id, notice
      )
      select c.provider_invoice_id, c.notice, fd.amount_cents, fd.first_failed_at, fd.next_attempt_at,
             u.email, ${displayName()} as name
        from claimed c
        join failed_debits fd on fd.provider_invoice_id = c.provider_invoice_id
        join "user" u on u.id = fd.user_id
        left join profiles p on p.user_id = u.id`);
    const mails: OutgoingMail[] = rows.map((r) => {
      const data = {
        to: r.email,
        name: r.name,
        amountCents: r.amount_cents,
        graceEndsAt: graceEndOf(new Date(r.first_failed_at)),
        nextAttemptAt: r.next_attempt_at === null ? null : new Date(r.next_attempt_at),
        profileUrl: profileUrl(ctx.mailContext),
      };
      return r.notice === 'grace-ended' || data.nextAttemptAt === null
        ? debitGraceEndedMail(ctx.mailContext, data)
        : debitRetryMail(ctx.mailContext, { ...data, nextAttemptAt: data.nextAttemptAt });
    });
    await enqueueMail(tx, mails);
    return mails.length;
  });
  if (queued > 0) ctx.mailer.wake();
  return queued;
}

/** What the provider reports of a SEPA mandate (never the IBAN: its last 4 digits). */
export interface ReportedMandate {
  mandateId: string;
  provider: string;
  customerId: string | null;
  userId: string | null;
  reference: string;
  acceptedAt: Date;
  ibanLast4: string | null;
  status: string;
}

/**
 * Keeps a mandate the provider reported (once per event id), with the version of the wording
 * shown before checkout at that time; a later report updates its status, last 4 digits and member,
 * never the version it was signed with.
 */
export async function recordMandate(db: Db, event: BillingEvent, mandate: ReportedMandate) {
  return db.transaction(async (tx) => {
    if (!(await firstTime(tx, event))) return { applied: false };
    const last4 = mandate.ibanLast4 && /^[0-9A-Z]{4}$/.test(mandate.ibanLast4) ? mandate.ibanLast4 : null;
    await tx.execute(sql`
      insert into sepa_mandates (mandate_id, provider, customer_id, user_id, reference, text_version,
                                 accepted_at, iban_last4, status)
      values (${mandate.mandateId}, ${mandate.provider}, ${mandate.customerId}, ${mandate.userId},
              ${mandate.reference}, ${SEPA_MANDATE_TEXT_VERSION}, ${mandate.acceptedAt.toISOString()}::timestamptz,
              ${last4}, ${mandate.status})
      on conflict (mandate_id) do update set
        status = excluded.status,
        iban_last4 = coalesce(excluded.iban_last4, sepa_mandates.iban_last4),
        customer_id = coalesce(sepa_mandates.customer_id, excluded.customer_id),
        user_id = coalesce(sepa_mandates.user_id, excluded.user_id),
        updated_at = now()`);
    return { applied: true };
  });
}

/**
 * The member's billing section: their mandates (by member, or by the provider's customer when the
 * mandate came before the subscription's event) and the failed debit still open, if any.
 */
export async function paymentDetails(db: Db, userId: string): Promise<PaymentDetailsResponse> {
  const { rows: mandates } = await db.execute<{
    reference: string;
    text_version: string;
    accepted_at: Date | string;
    iban_last4: string | null;
    status: string;
  }>(sql`
    select m.reference, m.text_version, m.accepted_at, m.iban_last4, m.status
      from sepa_mandates m
     where m.user_id = ${userId}
        or m.customer_id = (select s.customer_id from subscriptions s where s.user_id = ${userId})
     order by m.accepted_at desc`);
  const { rows: failed } = await db.execute<{
    amount_cents: number;
    first_failed_at: Date | string;
    attempt_count: number;
    next_attempt_at: Date | string | null;
  }>(sql`
    select fd.amount_cents, fd.first_failed_at, fd.attempt_count, fd.next_attempt_at
      from failed_debits fd
      join subscriptions s on s.user_id = fd.user_id
     where fd.user_id = ${userId} and fd.settled_at is null and s.status not in ('trialing', 'active')
     order by fd.first_failed_at
     limit 1`);
  const open = failed[0];
  return {
    mandates: mandates.map((m) => ({
      reference: m.reference,
      textVersion: m.text_version,
      text: sepaMandateText(m.text_version),
      acceptedAt: toIsoDateTime(new Date(m.accepted_at)),
      ibanLast4: m.iban_last4,
      status: m.status,
    })),
    failedDebit: open
      ? {
          amountCents: open.amount_cents,
          firstFailedAt: toIsoDateTime(new Date(open.first_failed_at)),
          graceEndsAt: toIsoDateTime(graceEndOf(new Date(open.first_failed_at))),
          attemptCount: open.attempt_count,
          nextAttemptAt: toIsoDateTimeOrNull(open.next_attempt_at === null ? null : new Date(open.next_attempt_at)),
        }
      : null,
  };
}
