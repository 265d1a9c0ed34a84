import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiErrors, STOP_RENEWAL_LINK_PURPOSE } from '@synergie/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context';
import { openPostgres } from '../src/db/client';
import { mailOutbox, renewalReminders, subscriptions } from '../src/db/schema';
import { remindRenewals } from '../src/domain/renewals';
import { createTestApp } from './helpers/app';
import { client, signUp } from './helpers/auth';

/**
 * Issue 19, network-core §10: the annual plan's renewal reminder (1 to 3 months before, once per
 * period, even from two instances at once), its signed link (forged or expired refused, another
 * member's refused) and `Résilier mon abonnement` through the demo provider and Stripe.
 */

// A local Stripe API: the subscription update the provider calls.
const stripeCalls: { method: string; path: string; body: URLSearchParams }[] = [];
const stripeServer = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (chunk) => {
    raw += chunk;
  });
  req.on('end', () => {
    const body = new URLSearchParams(raw);
    stripeCalls.push({ method: req.method ?? '', path: req.url ?? '', body });
    res.setHeader('content-type', 'application/json');
    const match = req.url?.match(/^\/v1\/subscriptions\/([\w-]+)$/);
    if (req.method === 'POST' && match) {
      res.end(
        JSON.stringify({
          id: match[1],
          object: 'subscription',
          customer: 'cus_renewal',
          status: 'active',
          cancel_at_period_end: body.get('cancel_at_period_end') === 'true',
          trial_end: null,
          items: { object: 'list', data: [{ id: 'si_1', current_period_end: 1_900_000_000 }] },
        }),
      );
    } else {
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `no ${req.url}` } }));
    }
  });
});
await new Promise<void>((resolve) => stripeServer.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => stripeServer.close(() => resolve())));

const t = await createTestApp({ env: { ADMIN_EMAILS: 'renewal.admin@synergie.test' } });
const s = await createTestApp({
  database: t.database,
  env: {
    STRIPE_SECRET_KEY: 'sk_test_local',
    STRIPE_WEBHOOK_SECRET: 'whsec_test',
    STRIPE_PRICE_MONTHLY: 'price_m',
    STRIPE_PRICE_ANNUAL: 'price_a',
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String((stripeServer.address() as AddressInfo).port),
    STRIPE_API_PROTOCOL: 'http',
  },
});
const db = t.database.db;
const ctx = t.app.ctx;
const DAY = 86_400_000;

/** An annual subscription renewing at `periodEnd` (the demo provider's record, or Stripe's). */
async function annual(userId: string, periodEnd: Date, extra: Partial<typeof subscriptions.$inferInsert> = {}) {
  await db.insert(subscriptions).values({
    userId,
    provider: 'demo',
    customerId: `demo_cus_${userId}`,
    subscriptionId: `demo_sub_${userId}`,
    planId: 'annual',
    status: 'active',
    currentPeriodEnd: periodEnd,
    providerUpdatedAt: new Date(Date.now() - DAY),
    ...extra,
  });
}

const mailsTo = (email: string, template: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, template)));

const subscriptionOf = async (userId: string) =>
  (await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];

/** The token of the reminder's link. */
function tokenIn(text: string): string {
  const match = text.match(/\/abonnement\/renouvellement\?jeton=(\S+)/);
  if (!match?.[1]) throw new Error(`no stop link in: ${text}`);
  return decodeURIComponent(match[1]);
}

describe('remind-renewals', () => {
  it('mails an annual member 1 to 3 months before renewal, once per period, with the date, amount and link', async () => {
    const now = new Date('2031-03-10T09:00:00Z');
    const due = await signUp(t, { name: 'Claire Annuelle' });
    const tooEarly = await signUp(t);
    const tooLate = await signUp(t);
    const monthly = await signUp(t);
    const ending = await signUp(t);
    const edgeEarly = await signUp(t);
    await annual(due.userId, new Date('2031-05-12T08:00:00Z'));
    await annual(tooEarly.userId, new Date('2031-06-11T09:00:00Z'));
    await annual(tooLate.userId, new Date('2031-04-09T09:00:00Z'));
    await annual(monthly.userId, new Date('2031-05-12T08:00:00Z'), { planId: 'monthly' });
    await annual(ending.userId, new Date('2031-05-12T08:00:00Z'), { cancelAtPeriodEnd: true });
    // Exactly 3 months ahead: the window's first moment.
    await annual(edgeEarly.userId, new Date('2031-06-10T09:00:00Z'));

    expect(await remindRenewals(ctx, now)).toBe(2);
    expect(await remindRenewals(ctx, now)).toBe(0);
    for (const other of [tooEarly, tooLate, monthly, ending]) {
      expect(await mailsTo(other.member.email, 'renewal-reminder')).toEqual([]);
    }
    // Two days later, the renewal of 11 June comes within 3 months: its member's turn, alone.
    expect(await remindRenewals(ctx, new Date(now.getTime() + 2 * DAY))).toBe(1);
    expect(await mailsTo(tooEarly.member.email, 'renewal-reminder')).toHaveLength(1);

    const [mail] = await mailsTo(due.member.email, 'renewal-reminder');
    expect(mail?.subject).toBe('Votre abonnement annuel sera renouvelé le 12 mai 2031 - Synergie Pro');
    expect(mail?.text).toContain('Bonjour Claire Annuelle,');
    expect(mail?.text).toContain('le 12 mai 2031, pour 1\u202f000\u00a0€ TTC');
    expect(mail?.html).toContain('Arrêter le renouvellement');
    expect(tokenIn(mail?.text ?? '')).toBeTruthy();
    for (const other of [tooLate, monthly, ending]) {
      expect(await mailsTo(other.member.email, 'renewal-reminder')).toEqual([]);
    }
    expect(await mailsTo(edgeEarly.member.email, 'renewal-reminder')).toHaveLength(1);

    // The next period (renewed) gets its own reminder, a year later.
    await db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date('2032-05-12T08:00:00Z') })
      .where(eq(subscriptions.userId, due.userId));
    expect(await remindRenewals(ctx, new Date('2032-03-20T09:00:00Z'))).toBeGreaterThanOrEqual(1);
    expect(await mailsTo(due.member.email, 'renewal-reminder')).toHaveLength(2);
    expect(
      (await db.select().from(renewalReminders).where(eq(renewalReminders.userId, due.userId))).map((r) =>
        r.periodEnd.toISOString(),
      ),
    ).toEqual(['2031-05-12T08:00:00.000Z', '2032-05-12T08:00:00.000Z']);
  });

  // Two instances: on PostgreSQL two pools of their own; PGlite shares its one connection.
  it('already reminded rows do not starve the others past the batch', async () => {
    const now = new Date('2041-01-10T09:00:00Z');
    const members = await Promise.all(Array.from({ length: 5 }, () => signUp(t)));
    for (const [i, m] of members.entries()) await annual(m.userId, new Date(now.getTime() + (40 + i) * DAY));
    expect(await remindRenewals(ctx, now, 2)).toBe(2);
    expect(await remindRenewals(ctx, now, 2)).toBe(2);
    expect(await remindRenewals(ctx, now, 2)).toBe(1);
    expect(await remindRenewals(ctx, now, 2)).toBe(0);
    for (const m of members) expect(await mailsTo(m.member.email, 'renewal-reminder')).toHaveLength(1);
  });

  it('two instances at once send each reminder once', async () => {
    const url = (t.database as { url?: string }).url;
    const second = t.database.kind === 'postgres' && url ? await openPostgres(url, 5) : undefined;
    try {
      const other: Pick<AppContext, 'db' | 'mailContext' | 'links' | 'mailer'> = {
        db: second?.db ?? ctx.db,
        mailContext: ctx.mailContext,
        links: ctx.links,
        mailer: ctx.mailer,
      };
      const now = new Date('2040-01-10T09:00:00Z');
      const members = await Promise.all(Array.from({ length: 6 }, () => signUp(t)));
      for (const m of members) await annual(m.userId, new Date('2040-03-01T09:00:00Z'));
      const runs = await Promise.all([
        remindRenewals(ctx, now),
        remindRenewals(other, now),
        remindRenewals(ctx, now),
        remindRenewals(other, now),
      ]);
      expect(runs.reduce((a, b) => a + b, 0)).toBe(6);
      for (const m of members) expect(await mailsTo(m.member.email, 'renewal-reminder')).toHaveLength(1);
    } finally {
      await second?.close();
    }
  });
});

describe('the reminder link stops the renewal', () => {
  it('shows the renewal, then stops it once signed in, with a confirmation mail', async () => {
    const member = await signUp(t);
    const periodEnd = new Date(Date.now() + 60 * DAY);
    await annual(member.userId, periodEnd);
    await remindRenewals(ctx);
    const [mail] = await mailsTo(member.member.email, 'renewal-reminder');
    const token = tokenIn(mail?.text ?? '');

    // Signed out: the page asks to sign in first.
    const visitor = client(t);
    expect((await visitor.get(`/api/billing/stop-renewal?token=${encodeURIComponent(token)}`)).statusCode).toBe(401);
    expect((await visitor.post('/api/billing/stop-renewal', { token })).statusCode).toBe(401);

    const info = await member.get(`/api/billing/stop-renewal?token=${encodeURIComponent(token)}`);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ renewsAt: periodEnd.toISOString(), amountCents: 100_000, cancelAtPeriodEnd: false });

    const stopped = await member.post('/api/billing/stop-renewal', { token });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({ subscribed: true, cancelAtPeriodEnd: true, product_id: 'annual' });
    expect((await subscriptionOf(member.userId))?.cancelAtPeriodEnd).toBe(true);
    const [confirmation] = await mailsTo(member.member.email, 'subscription-cancelled');
    expect(confirmation?.subject).toBe('Confirmation de la résiliation de votre abonnement - Synergie Pro');
    // Twice: nothing more happens, no second mail.
    expect((await member.post('/api/billing/stop-renewal', { token })).statusCode).toBe(200);
    expect(await mailsTo(member.member.email, 'subscription-cancelled')).toHaveLength(1);
    expect((await member.get(`/api/billing/stop-renewal?token=${encodeURIComponent(token)}`)).json()).toMatchObject({
      cancelAtPeriodEnd: true,
    });
  });

  it('refuses a forged, altered, expired or foreign link', async () => {
    const member = await signUp(t);
    const intruder = await signUp(t);
    await annual(member.userId, new Date(Date.now() + 60 * DAY));
    const exp = Math.floor((Date.now() + 60 * DAY) / 1000);
    const good = ctx.links.sign(STOP_RENEWAL_LINK_PURPOSE, { u: member.userId, pe: 'x', exp });
    const [payload, signature] = good.split('.') as [string, string];
    const forged = [
      `${payload}.${signature.slice(0, -2)}AA`,
      ctx.links.sign('unsubscribe', { u: member.userId, pe: 'x', exp }),
      `${Buffer.from(JSON.stringify({ u: member.userId, pe: 'x', exp: exp + 1 })).toString('base64url')}.${signature}`,
      ctx.links.sign(STOP_RENEWAL_LINK_PURPOSE, { u: member.userId, pe: 'x', exp: Math.floor(Date.now() / 1000) - 1 }),
      'pas-un-jeton',
    ];
    for (const token of forged) {
      const res = await member.post('/api/billing/stop-renewal', { token });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(apiErrors.BAD_RENEWAL_LINK.message);
      expect((await member.get(`/api/billing/stop-renewal?token=${encodeURIComponent(token)}`)).statusCode).toBe(400);
    }
    const foreign = await intruder.post('/api/billing/stop-renewal', { token: good });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.message).toBe(apiErrors.RENEWAL_LINK_OTHER_MEMBER.message);
    expect((await subscriptionOf(member.userId))?.cancelAtPeriodEnd).toBe(false);
    expect(await mailsTo(member.member.email, 'subscription-cancelled')).toEqual([]);
  });
});

describe('demo (admin): the annual renewal comes due', () => {
  it('moves a demo annual subscription to two months ahead, in the window; refuses a monthly one', async () => {
    const admin = await signUp(t, { email: 'renewal.admin@synergie.test' });
    const annualMember = await signUp(t);
    const checkout = await annualMember.post('/api/billing/checkout', { planId: 'annual' });
    const session = new URL(checkout.json().url).searchParams.get('session');
    await annualMember.post('/api/billing/demo/complete', { session });
    const url = `/api/admin/billing/demo/${annualMember.userId}/renewal-due`;
    expect((await annualMember.post(url)).statusCode).toBe(403);
    const res = await admin.post(url);
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription).toMatchObject({ status: 'active', product_id: 'annual' });
    const end = new Date(res.json().subscription.currentPeriodEnd).getTime();
    expect(end - Date.now()).toBeGreaterThan(58 * DAY);
    expect(end - Date.now()).toBeLessThan(63 * DAY);
    expect(await remindRenewals(ctx)).toBeGreaterThanOrEqual(1);
    expect(await mailsTo(annualMember.member.email, 'renewal-reminder')).toHaveLength(1);

    const monthlyMember = await signUp(t);
    const c2 = await monthlyMember.post('/api/billing/checkout', { planId: 'monthly' });
    await monthlyMember.post('/api/billing/demo/complete', {
      session: new URL(c2.json().url).searchParams.get('session'),
    });
    expect((await admin.post(`/api/admin/billing/demo/${monthlyMember.userId}/renewal-due`)).statusCode).toBe(404);
  });
});

describe('Résilier mon abonnement', () => {
  it('the demo provider ends the subscription with its period and confirms by mail', async () => {
    const member = await signUp(t);
    const checkout = await member.post('/api/billing/checkout', { planId: 'annual' });
    const session = new URL(checkout.json().url).searchParams.get('session');
    expect((await member.post('/api/billing/demo/complete', { session })).statusCode).toBe(200);

    const res = await member.post('/api/billing/cancel');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ subscribed: true, cancelAtPeriodEnd: true, provider: 'demo' });
    const [mail] = await mailsTo(member.member.email, 'subscription-cancelled');
    expect(mail?.text).toContain('Nous confirmons la résiliation de votre abonnement à Synergie Pro.');
    expect(mail?.text).toMatch(/reste actif jusqu’au \d{1,2} \S+ \d{4}/);
    expect((await member.post('/api/billing/cancel')).statusCode).toBe(200);
    expect(await mailsTo(member.member.email, 'subscription-cancelled')).toHaveLength(1);
  });

  it('five clicks at once: one provider call, one confirmation mail', async () => {
    const member = await signUp(t);
    await annual(member.userId, new Date(Date.now() + 40 * DAY));
    const answers = await Promise.all(Array.from({ length: 5 }, () => member.post('/api/billing/cancel')));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.every((a) => a.json().cancelAtPeriodEnd === true)).toBe(true);
    expect((await subscriptionOf(member.userId))?.cancelAtPeriodEnd).toBe(true);
    expect(await mailsTo(member.member.email, 'subscription-cancelled')).toHaveLength(1);
  });

  it('refuses without a subscription, and signed out', async () => {
    const member = await signUp(t);
    const res = await member.post('/api/billing/cancel');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(apiErrors.NOTHING_TO_CANCEL.message);
    expect((await client(t).post('/api/billing/cancel')).statusCode).toBe(401);
  });

  it('Stripe: cancel_at_period_end through its API, recorded at once', async () => {
    const member = await signUp(t);
    await annual(member.userId, new Date(Date.now() + 30 * DAY), {
      provider: 'stripe',
      customerId: 'cus_renewal',
      subscriptionId: `sub_${member.userId.slice(0, 8)}`,
    });
    // The same session, on the app configured for Stripe (one database).
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/billing/cancel',
      headers: { cookie: member.jar.header(), origin: t.env.SITE_URL },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ cancelAtPeriodEnd: true, provider: 'stripe' });
    const call = stripeCalls.find((c) => c.path === `/v1/subscriptions/sub_${member.userId.slice(0, 8)}`);
    expect(call?.method).toBe('POST');
    expect(call?.body.get('cancel_at_period_end')).toBe('true');
    const row = await subscriptionOf(member.userId);
    expect(row?.cancelAtPeriodEnd).toBe(true);
    expect(row?.currentPeriodEnd?.toISOString()).toBe(new Date(1_900_000_000 * 1000).toISOString());
    expect(await mailsTo(member.member.email, 'subscription-cancelled')).toHaveLength(1);
  });
});
