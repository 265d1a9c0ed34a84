import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { getPlan, PLAN_IDS, type PlanId, TRIAL_DAYS } from '@synergie/shared';
import type { Db } from '../db/client';
import {
  applyInvoicePaid,
  applySubscriptionEvent,
  findSubscriptionRow,
  getSubscription,
} from '../domain/subscriptions';
import { AppError } from '../lib/errors';
import type { BillingDeps, BillingMember, BillingProvider } from './provider';

const DAY_MS = 24 * 60 * 60 * 1000;
const SESSION_TTL_MS = 60 * 60 * 1000;
export const DEMO_PROVIDER = 'demo';

export const demoMessages = {
  badSession: 'Cette session de paiement est invalide ou a expiré.',
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
    // No payment method to manage in the demo: the member's profile shows the subscription.
    return { url: `${this.deps.env.SITE_URL}/profile` };
  }

  /** The session's content, if its signature holds, it has not expired and it is this member's. */
  readSession(token: string, memberId: string): DemoSession {
    const [payload, signature] = token.split('.');
    if (!payload || !signature) throw new AppError(400, 'BAD_SESSION', demoMessages.badSession);
    const expected = Buffer.from(sign(this.deps.secret, payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new AppError(400, 'BAD_SESSION', demoMessages.badSession);
    }
    let session: DemoSession;
    try {
      session = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as DemoSession;
    } catch {
      throw new AppError(400, 'BAD_SESSION', demoMessages.badSession);
    }
    if (session.u !== memberId || session.e < Date.now() || !PLAN_IDS.includes(session.p)) {
      throw new AppError(400, 'BAD_SESSION', demoMessages.badSession);
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
  if (!row || row.provider !== DEMO_PROVIDER) throw new AppError(404, 'NOT_FOUND', demoMessages.noSubscription);
  return row;
}

/** Admin: the demo subscription is paid for one more period (a first or renewal invoice). */
export async function demoRenew(db: Db, userId: string) {
  const row = await demoRow(db, userId);
  const planId = row.planId as PlanId;
  const plan = getPlan(planId);
  const now = new Date();
  const periodEnd = new Date(now);
  if (plan.period === 'year') periodEnd.setFullYear(periodEnd.getFullYear() + 1);
  else periodEnd.setMonth(periodEnd.getMonth() + 1);
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
      paidAt: now,
    },
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
