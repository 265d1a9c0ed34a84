import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { getPlan, PLAN_IDS, type PlanId, TRIAL_DAYS } from '@synergie/shared';
import { profileSectionPath } from '@synergie/shared/profile-sections';
import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { invoices, subscriptions } from '../db/schema';
import type { InvoiceSeller } from '../domain/membership-invoices';
import {
  applyInvoicePaid,
  applyInvoiceRefunded,
  applySubscriptionEvent,
  findSubscriptionRow,
  getSubscription,
} from '../domain/subscriptions';
import { AppError } from '../lib/errors';
import type { BillingDeps, BillingMember, BillingProvider } from './provider';

const DAY_MS = 24 * 60 * 60 * 1000;
const SESSION_TTL_MS = 60 * 60 * 1000;
export const DEMO_PROVIDER = 'demo';

/** NOT_FOUND's wording for the demo's own routes (a bad session is the catalogue's BAD_SESSION). */
export const demoMessages = {
  noSubscription: "Ce membre n'a pas d'abonnement de démonstration.",
} as const;

interface DemoSession {
  /** Session id: the trial is started once per session. */
  s: string;
  u: string;
  p: PlanId;
  /** Expiry, ms since epoch. */
  e: number;
}

const sign = (secret: string, payload: string) =>
  createHmac('sha256', `demo-checkout:${secret}`).update(payload).digest('base64url');

/**
 * The demo provider: checkout is a page of our own (/billing/demo-checkout), clearly marked as a
 * demonstration; its session is a signed token naming the member and the plan. Completing it,
 * and the admin's renew and cancel, go through domain/subscriptions.ts as webhooks do.
 */
export class DemoBillingProvider implements BillingProvider {
  readonly name = 'demo' as const;
  constructor(private readonly deps: BillingDeps) {}

  async createCheckout(member: BillingMember, planId: PlanId) {
    const session: DemoSession = { s: randomUUID(), u: member.id, p: planId, e: Date.now() + SESSION_TTL_MS };
    const payload = Buffer.from(JSON.stringify(session)).toString('base64url');
    const token = `${payload}.${sign(this.deps.secret, payload)}`;
    return { url: `${this.deps.env.SITE_URL}/billing/demo-checkout?session=${encodeURIComponent(token)}` };
  }

  async createPortal(_member: BillingMember) {
    // No payment method to manage in the demo: the profile's billing section shows the subscription.
    return { url: `${this.deps.env.SITE_URL}${profileSectionPath('facturation')}` };
  }

  async cancelAtPeriodEnd(memberId: string) {
    await demoSetCancelAtPeriodEnd(this.deps.db, memberId, true);
  }

  /** The session's content, if its signature holds, it has not expired and it is this member's. */
  readSession(token: string, memberId: string): DemoSession {
    const [payload, signature] = token.split('.');
    if (!payload || !signature) throw new AppError('BAD_SESSION');
    const expected = Buffer.from(sign(this.deps.secret, payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new AppError('BAD_SESSION');
    }
    let session: DemoSession;
    try {
      session = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as DemoSession;
    } catch {
      throw new AppError('BAD_SESSION');
    }
    if (session.u !== memberId || session.e < Date.now() || !PLAN_IDS.includes(session.p)) {
      throw new AppError('BAD_SESSION');
    }
    return session;
  }

  /** The member confirmed the demo checkout: the 14-day trial starts (once per session). */
  async complete(token: string, memberId: string) {
    const session = this.readSession(token, memberId);
    // A member already subscribed keeps the subscription they have: no second trial.
    const current = await getSubscription(this.deps.db, memberId);
    if (current.subscribed) return current;
    const now = new Date();
    const trialEnd = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
    await applySubscriptionEvent(
      this.deps.db,
      { id: `demo_checkout_${session.s}`, provider: DEMO_PROVIDER, type: 'checkout.completed', occurredAt: now },
      {
        userId: memberId,
        provider: DEMO_PROVIDER,
        customerId: `demo_cus_${memberId}`,
        subscriptionId: `demo_sub_${memberId}`,
        planId: session.p,
        status: 'trialing',
        trialEnd,
        currentPeriodEnd: trialEnd,
        providerUpdatedAt: now,
      },
    );
    return getSubscription(this.deps.db, memberId);
  }
}

async function demoRow(db: Db, userId: string) {
  const row = await findSubscriptionRow(db, { userId });
  if (!row || row.provider !== DEMO_PROVIDER) throw new AppError('NOT_FOUND', demoMessages.noSubscription);
  return row;
}

/** The end of a plan's period that starts at `start`. */
export function periodEndFrom(planId: PlanId, start: Date): Date {
  const end = new Date(start);
  if (getPlan(planId).period === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/** At most this many periods are charged at once for one member (a server stopped for years). */
const MAX_PERIODS_PER_SWEEP = 36;

/**
 * The demo provider's clock, as Stripe's would run: each demo subscription whose period (trial
 * included) has ended is charged for the next one, which starts where the last one ended (the demo
 * card never fails), or ends when it was set to end with its period. Every event id is derived from
 * the subscription and the period's end, so running the sweep twice, or on two app instances at
 * once, charges each period once. Returns the number of periods charged or ended.
 */
export async function demoRollover(db: Db, seller: InvoiceSeller, now = new Date()): Promise<number> {
  const due = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, DEMO_PROVIDER),
        inArray(subscriptions.status, ['trialing', 'active']),
        lte(subscriptions.currentPeriodEnd, now),
      ),
    );
  let changes = 0;
  for (const row of due) {
    let periodEnd = row.currentPeriodEnd;
    const planId = row.planId as PlanId;
    for (let i = 0; periodEnd && periodEnd <= now && i < MAX_PERIODS_PER_SWEEP; i++) {
      const at = periodEnd.toISOString();
      const base = {
        userId: row.userId,
        provider: DEMO_PROVIDER,
        customerId: row.customerId,
        subscriptionId: row.subscriptionId,
        planId,
        trialEnd: row.trialEnd,
      };
      if (row.cancelAtPeriodEnd) {
        await applySubscriptionEvent(
          db,
          {
            id: `demo_end_${row.userId}_${at}`,
            provider: DEMO_PROVIDER,
            type: 'subscription.ended',
            occurredAt: periodEnd,
          },
          { ...base, status: 'canceled', currentPeriodEnd: periodEnd, providerUpdatedAt: periodEnd },
        );
        changes++;
        break;
      }
      await applyInvoicePaid(
        db,
        { id: `demo_paid_${row.userId}_${at}`, provider: DEMO_PROVIDER, type: 'invoice.paid', occurredAt: periodEnd },
        {
          provider: DEMO_PROVIDER,
          providerInvoiceId: `demo_in_${row.userId}_${at}`,
          userId: row.userId,
          planId,
          amountCents: getPlan(planId).priceCents,
          paidAt: periodEnd,
        },
        seller,
      );
      const next = periodEndFrom(planId, periodEnd);
      await applySubscriptionEvent(
        db,
        {
          id: `demo_period_${row.userId}_${at}`,
          provider: DEMO_PROVIDER,
          type: 'subscription.renewed',
          occurredAt: periodEnd,
        },
        { ...base, status: 'active', currentPeriodEnd: next, providerUpdatedAt: periodEnd },
      );
      changes++;
      periodEnd = next;
    }
  }
  return changes;
}

/**
 * Admin: the demo subscription is paid for one more period (a first or renewal invoice), collected
 * now or `collectedDaysAgo` days ago (its commission then becomes payable sooner).
 */
export async function demoRenew(db: Db, seller: InvoiceSeller, userId: string, collectedDaysAgo = 0) {
  const row = await demoRow(db, userId);
  const planId = row.planId as PlanId;
  const plan = getPlan(planId);
  const now = new Date();
  // The period starts with its collection; the events themselves are recorded now (in order).
  const collectedAt = new Date(now.getTime() - collectedDaysAgo * DAY_MS);
  const periodEnd = periodEndFrom(planId, collectedAt);
  const invoiceId = `demo_in_${randomUUID()}`;
  const result = await applyInvoicePaid(
    db,
    { id: `demo_evt_${randomUUID()}`, provider: DEMO_PROVIDER, type: 'invoice.paid', occurredAt: now },
    {
      provider: DEMO_PROVIDER,
      providerInvoiceId: invoiceId,
      userId,
      planId,
      amountCents: plan.priceCents,
      paidAt: collectedAt,
    },
    seller,
  );
  await applySubscriptionEvent(
    db,
    { id: `demo_evt_${randomUUID()}`, provider: DEMO_PROVIDER, type: 'subscription.renewed', occurredAt: now },
    {
      userId,
      provider: DEMO_PROVIDER,
      customerId: row.customerId,
      subscriptionId: row.subscriptionId,
      planId,
      status: 'active',
      trialEnd: row.trialEnd,
      currentPeriodEnd: periodEnd,
      providerUpdatedAt: now,
    },
  );
  return { invoiceId: result.invoiceId ?? null, subscription: await getSubscription(db, userId) };
}

/**
 * The member's own demo portal: the subscription ends with the current period (the terms: a
 * cancellation takes effect at the end of the period, no pro-rata refund), or keeps going.
 */
export async function demoSetCancelAtPeriodEnd(db: Db, userId: string, cancel: boolean) {
  const row = await demoRow(db, userId);
  if (!['trialing', 'active'].includes(row.status)) {
    throw new AppError('NOT_FOUND', demoMessages.noSubscription);
  }
  const now = new Date();
  await applySubscriptionEvent(
    db,
    { id: `demo_evt_${randomUUID()}`, provider: DEMO_PROVIDER, type: 'subscription.updated', occurredAt: now },
    {
      userId,
      provider: DEMO_PROVIDER,
      customerId: row.customerId,
      subscriptionId: row.subscriptionId,
      planId: row.planId as PlanId,
      status: row.status,
      trialEnd: row.trialEnd,
      currentPeriodEnd: row.currentPeriodEnd,
      cancelAtPeriodEnd: cancel,
      providerUpdatedAt: now,
    },
  );
  return getSubscription(db, userId);
}

/** Admin: the demo subscription ends now. */
export async function demoCancel(db: Db, userId: string) {
  const row = await demoRow(db, userId);
  const now = new Date();
  await applySubscriptionEvent(
    db,
    { id: `demo_evt_${randomUUID()}`, provider: DEMO_PROVIDER, type: 'subscription.canceled', occurredAt: now },
    {
      userId,
      provider: DEMO_PROVIDER,
      customerId: row.customerId,
      subscriptionId: row.subscriptionId,
      planId: row.planId as PlanId,
      status: 'canceled',
      trialEnd: row.trialEnd,
      currentPeriodEnd: now,
      providerUpdatedAt: now,
    },
  );
  return { subscription: await getSubscription(db, userId) };
}

/**
 * Admin: a cancellation that refunds (the demo's counterpart of a refund in Stripe's dashboard):
 * the member's last payment still standing is refunded (its commissions reversed, its credit note
 * issued) and the subscription ends now. Called twice, the second call finds no payment standing
 * and refunds nothing more.
 */
export async function demoRefund(db: Db, seller: InvoiceSeller, userId: string) {
  await demoRow(db, userId);
  const [payment] = await db
    .select({ providerInvoiceId: invoices.providerInvoiceId })
    .from(invoices)
    .where(and(eq(invoices.userId, userId), eq(invoices.provider, DEMO_PROVIDER), eq(invoices.status, 'paid')))
    .orderBy(desc(invoices.paidAt))
    .limit(1);
  if (payment) {
    // The event is named after the payment: two refunds of it at once record one.
    await applyInvoiceRefunded(
      db,
      {
        id: `demo_refund_${payment.providerInvoiceId}`,
        provider: DEMO_PROVIDER,
        type: 'charge.refunded',
        occurredAt: new Date(),
      },
      { providerInvoiceId: payment.providerInvoiceId, refundedAt: new Date() },
      seller,
    );
  }
  const row = await findSubscriptionRow(db, { userId });
  if (row && row.status !== 'canceled') await demoCancel(db, userId);
  return { subscription: await getSubscription(db, userId) };
}

/**
 * Runs demoRollover at start-up and every `intervalMs` (demo provider only). A failed sweep is
 * logged and retried at the next tick; sweeps never overlap. Returns a stop function.
 */
export function startDemoClock(
  db: Db,
  seller: InvoiceSeller,
  log: { error: (obj: unknown, msg: string) => void; info: (obj: unknown, msg: string) => void },
  intervalMs: number,
) {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = demoRollover(db, seller)
      .then((changes) => {
        if (changes > 0) log.info({ changes }, 'demo billing: periods charged or ended');
      })
      .catch((error) => log.error({ err: error }, 'demo billing sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
