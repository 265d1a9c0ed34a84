import { randomUUID } from 'node:crypto';
import {
  getPlan,
  type PlanId,
  RENEWAL_REMINDER_MONTHS,
  STOP_RENEWAL_LINK_PURPOSE,
  type StopRenewalInfo,
  toIsoDateTime,
} from '@synergie/shared';
import { and, eq, sql } from 'drizzle-orm';
import { DEMO_PROVIDER } from '../billing/demo';
import type { BillingProvider } from '../billing/provider';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { displayName } from '../db/fragments';
import { profiles, subscriptions, user } from '../db/schema';
import { AppError } from '../lib/errors';
import { enqueueMail } from '../mail/outbox';
import { renewalReminderMail, subscriptionCancelledMail } from '../mail/renewal-mails';
import { applySubscriptionEvent, findSubscriptionRow, getSubscription, SUBSCRIBED_STATUSES } from './subscriptions';

/**
 * Annual renewals and cancellation (network-core §10, loi Chatel style): a reminder between 3 and
 * 1 month(s) before the annual plan renews, with a signed link that stops the renewal; and
 * `Résilier mon abonnement` from the profile. Both end the subscription with its current period
 * through the billing provider (demo or Stripe), and confirm it by mail.
 */

type Ctx = Pick<AppContext, 'db' | 'mailContext' | 'links' | 'mailer'>;

/** At most this many reminders per sweep; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

/** The page the reminder links to: it shows the date and amount, then asks to confirm. */
export function stopRenewalUrl(ctx: Pick<AppContext, 'links' | 'mailContext'>, userId: string, periodEnd: Date) {
  // Good until the renewal itself: after that date there is nothing left to stop.
  const token = ctx.links.sign(STOP_RENEWAL_LINK_PURPOSE, {
    u: userId,
    pe: periodEnd.toISOString(),
    exp: Math.floor(periodEnd.getTime() / 1000),
  });
  return `${ctx.mailContext.siteUrl}/abonnement/renouvellement?jeton=${encodeURIComponent(token)}`;
}

/**
 * `remind-renewals`: each annual subscription that renews in 1 to 3 months and is not set to end
 * gets one reminder for that period. The reminder row is claimed (primary key: member and period
 * end, `on conflict do nothing`) in the transaction that queues the mail: two instances at once,
 * or a sweep run twice, send it once. Returns the number of reminders queued.
 */
export async function remindRenewals(ctx: Ctx, now = new Date(), batch = SWEEP_BATCH): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const sent = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{
      user_id: string;
      period_end: Date | string;
      plan_id: string;
      email: string;
      name: string;
    }>(sql`
      with claimed as (
        insert into renewal_reminders (user_id, period_end, sent_at)
        select s.user_id, s.current_period_end, ${at}
          from subscriptions s
         where s.plan_id = 'annual' and s.status in ('active', 'trialing') and not s.cancel_at_period_end
           and s.current_period_end >= ${at} + make_interval(months => ${RENEWAL_REMINDER_MONTHS.latest})
           and s.current_period_end <= ${at} + make_interval(months => ${RENEWAL_REMINDER_MONTHS.earliest})
           -- Already reminded rows must not fill the batch (they would starve the others).
           and not exists (
             select 1 from renewal_reminders r where r.user_id = s.user_id and r.period_end = s.current_period_end)
         order by s.current_period_end
         limit ${batch}
        on conflict do nothing
        returning user_id, period_end
      )
      select c.user_id, c.period_end, s.plan_id, u.email,
             ${displayName()} as name
        from claimed c
        join subscriptions s on s.user_id = c.user_id
        join "user" u on u.id = c.user_id
        left join profiles p on p.user_id = c.user_id`);
    if (rows.length > 0) {
      await enqueueMail(
        tx,
        rows.map((r) => {
          const periodEnd = new Date(r.period_end);
          return renewalReminderMail(ctx.mailContext, {
            to: r.email,
            name: r.name,
            renewsAt: periodEnd,
            amountCents: getPlan(r.plan_id as PlanId).priceCents,
            stopUrl: stopRenewalUrl(ctx, r.user_id, periodEnd),
          });
        }),
      );
    }
    return rows.length;
  });
  if (sent > 0) ctx.mailer.wake();
  return sent;
}

/** The reminder link's member, if the token is ours, unexpired, and this member's. */
function readToken(ctx: Pick<AppContext, 'links'>, token: string, memberId: string) {
  const data = ctx.links.verify<{ u?: unknown; pe?: unknown }>(STOP_RENEWAL_LINK_PURPOSE, token);
  if (!data || typeof data.u !== 'string' || typeof data.pe !== 'string') throw new AppError('BAD_RENEWAL_LINK');
  if (data.u !== memberId) throw new AppError('RENEWAL_LINK_OTHER_MEMBER');
  return data.u;
}

async function currentSubscription(ctx: Pick<AppContext, 'db'>, memberId: string) {
  const row = await findSubscriptionRow(ctx.db, { userId: memberId });
  const summary = await getSubscription(ctx.db, memberId);
  if (!row || !summary.subscribed || !SUBSCRIBED_STATUSES.includes(row.status)) {
    throw new AppError('NOTHING_TO_CANCEL');
  }
  return row;
}

/** GET behind the reminder's link: the renewal the member is about to stop. */
export async function stopRenewalInfo(ctx: Ctx, token: string, memberId: string): Promise<StopRenewalInfo> {
  readToken(ctx, token, memberId);
  const row = await currentSubscription(ctx, memberId);
  if (!row.currentPeriodEnd) throw new AppError('NOTHING_TO_CANCEL');
  return {
    renewsAt: toIsoDateTime(row.currentPeriodEnd),
    amountCents: getPlan(row.planId as PlanId).priceCents,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

/**
 * `Résilier mon abonnement` (and the reminder's link): the provider ends the subscription with the
 * current period; the member gets a confirmation mail the first time (a second call changes
 * nothing and sends nothing). The cancellation is claimed first (`update … where not
 * cancel_at_period_end returning`): of several clicks at once, only the one that claims it calls the
 * provider and queues the mail; the claim is undone if the provider fails.
 */
export async function cancelSubscription(ctx: Ctx, billing: BillingProvider, memberId: string) {
  const row = await currentSubscription(ctx, memberId);
  const claimed = row.cancelAtPeriodEnd
    ? []
    : await ctx.db
        .update(subscriptions)
        .set({ cancelAtPeriodEnd: true })
        .where(and(eq(subscriptions.userId, memberId), eq(subscriptions.cancelAtPeriodEnd, false)))
        .returning({ userId: subscriptions.userId });
  if (claimed.length > 0) {
    try {
      await billing.cancelAtPeriodEnd(memberId);
    } catch (error) {
      await ctx.db.update(subscriptions).set({ cancelAtPeriodEnd: false }).where(eq(subscriptions.userId, memberId));
      throw error;
    }
    const [member] = await ctx.db
      .select({ email: user.email, name: user.name, fullName: profiles.fullName })
      .from(user)
      .leftJoin(profiles, eq(profiles.userId, user.id))
      .where(eq(user.id, memberId))
      .limit(1);
    const after = await findSubscriptionRow(ctx.db, { userId: memberId });
    if (member) {
      await enqueueMail(
        ctx.db,
        subscriptionCancelledMail(ctx.mailContext, {
          to: member.email,
          name: member.fullName?.trim() || member.name,
          endsAt: after?.currentPeriodEnd ?? row.currentPeriodEnd,
        }),
      );
      ctx.mailer.wake();
    }
  }
  return getSubscription(ctx.db, memberId);
}

/**
 * Demo provider (admin): the member's annual demo subscription is paid and renews in two months,
 * inside the reminder's window, so the reminder can be shown (the e2e test, a demonstration).
 */
export async function demoRenewalDue(db: Db, userId: string, now = new Date()) {
  const row = await findSubscriptionRow(db, { userId });
  if (!row || row.provider !== DEMO_PROVIDER || row.planId !== 'annual' || !SUBSCRIBED_STATUSES.includes(row.status)) {
    throw new AppError('NOT_FOUND', renewalDemoMessages.noAnnual);
  }
  const renewsAt = new Date(now);
  renewsAt.setUTCMonth(renewsAt.getUTCMonth() + 2);
  await applySubscriptionEvent(
    db,
    { id: `demo_evt_${randomUUID()}`, provider: DEMO_PROVIDER, type: 'subscription.updated', occurredAt: now },
    {
      userId,
      provider: DEMO_PROVIDER,
      customerId: row.customerId,
      subscriptionId: row.subscriptionId,
      planId: 'annual',
      status: 'active',
      trialEnd: row.trialEnd,
      currentPeriodEnd: renewsAt,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      providerUpdatedAt: now,
    },
  );
  return { subscription: await getSubscription(db, userId) };
}

export const renewalDemoMessages = {
  noAnnual: "Ce membre n'a pas d'abonnement annuel de démonstration en cours.",
} as const;

/** POST behind the reminder's link: the same cancellation, once the link is checked. */
export async function stopRenewal(ctx: Ctx, billing: BillingProvider, token: string, memberId: string) {
  readToken(ctx, token, memberId);
  return cancelSubscription(ctx, billing, memberId);
}
