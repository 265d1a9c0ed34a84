import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiErrors, billingMessages, eventMessages, excludingVatCents, forumMessages } from '@synergie/shared';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoRollover, periodEndFrom } from '../src/billing/demo';
import { billingEvents, invoices, membershipInvoices, subscriptions } from '../src/db/schema';
import { onInvoicePaid, onInvoiceRefunded } from '../src/domain/commissions';
import { invoiceSellerOf } from '../src/domain/membership-invoices';
import { createTestApp } from './helpers/app';
import { client, signUp } from './helpers/auth';
import { routeRecorder, subscriberCalls } from './helpers/route-table';

// The referral ledger runs for real; the spies only tell us it was called, and with what.
vi.mock('../src/domain/commissions', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/domain/commissions')>();
  return { onInvoicePaid: vi.fn(actual.onInvoicePaid), onInvoiceRefunded: vi.fn(actual.onInvoiceRefunded) };
});

// ---------------------------------------------------------------------------
// A local Stripe API: the two endpoints the provider calls.
// ---------------------------------------------------------------------------

const stripeCalls: { path: string; body: URLSearchParams }[] = [];
const invoiceOfPaymentIntent = new Map<string, string>();
const stripeServer = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (chunk) => {
    raw += chunk;
  });
  req.on('end', () => {
    const body = new URLSearchParams(raw);
    stripeCalls.push({ path: req.url ?? '', body });
    res.setHeader('content-type', 'application/json');
    if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
      res.end(
        JSON.stringify({
          id: 'cs_test_1',
          object: 'checkout.session',
          url: 'https://checkout.stripe.test/c/cs_test_1',
        }),
      );
    } else if (req.method === 'POST' && req.url === '/v1/billing_portal/sessions') {
      res.end(
        JSON.stringify({ id: 'bps_1', object: 'billing_portal.session', url: 'https://billing.stripe.test/p/bps_1' }),
      );
    } else if (req.method === 'GET' && req.url?.startsWith('/v1/invoice_payments?')) {
      // Newer API versions: the invoice a PaymentIntent paid, found through the invoice payments.
      const query = new URL(req.url, 'http://stripe.test').searchParams;
      const paymentIntent = query.get('payment[payment_intent]') ?? '';
      if (paymentIntent === 'pi_down') {
        res.statusCode = 500;
        res.end(JSON.stringify({ error: { type: 'api_error', message: 'down' } }));
        return;
      }
      const invoice = invoiceOfPaymentIntent.get(paymentIntent);
      res.end(
        JSON.stringify({
          object: 'list',
          url: '/v1/invoice_payments',
          has_more: false,
          data: invoice
            ? [
                {
                  id: `inpay_${paymentIntent}`,
                  object: 'invoice_payment',
                  invoice,
                  payment: { type: 'payment_intent', payment_intent: paymentIntent },
                },
              ]
            : [],
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
const stripePort = (stripeServer.address() as AddressInfo).port;

const WEBHOOK_SECRET = 'whsec_test_secret';
const PRICE_MONTHLY = 'price_monthly_test';
const PRICE_ANNUAL = 'price_annual_test';

// One database, two apps on it: the default (demo provider) and one configured for Stripe.
const table = routeRecorder();
const t = await createTestApp({
  env: { ADMIN_EMAILS: 'admin.billing@synergie.test,admin.clock@synergie.test' },
  onRoute: table.onRoute,
});
const s = await createTestApp({
  database: t.database,
  env: {
    STRIPE_SECRET_KEY: 'sk_test_local',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_MONTHLY: PRICE_MONTHLY,
    STRIPE_PRICE_ANNUAL: PRICE_ANNUAL,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(stripePort),
    STRIPE_API_PROTOCOL: 'http',
  },
});
const db = t.database.db;
const seller = invoiceSellerOf(t.env);
const stripe = new Stripe('sk_test_local');

const subscriptionOf = async (userId: string) =>
  (await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];

beforeEach(() => {
  vi.mocked(onInvoicePaid).mockClear();
  vi.mocked(onInvoiceRefunded).mockClear();
});

describe('check-subscription and checkout (demo provider)', () => {
  it('answers 401 signed out, and not subscribed for a new member', async () => {
    const visitor = client(t);
    const res = await visitor.get('/api/billing/subscription');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(apiErrors.UNAUTHENTICATED.message);
    expect((await visitor.post('/api/billing/checkout', { planId: 'monthly' })).statusCode).toBe(401);

    const member = await signUp(t);
    const sub = await member.get('/api/billing/subscription');
    expect(sub.statusCode).toBe(200);
    expect(sub.json()).toMatchObject({ subscribed: false, product_id: null, status: null });
  });

  it('refuses an unknown plan with 400 in French', async () => {
    const member = await signUp(t);
    for (const body of [{ planId: 'lifetime' }, {}, { planId: 42 }]) {
      const res = await member.post('/api/billing/checkout', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
    }
    expect((await member.post('/api/billing/checkout', { planId: 'lifetime' })).json().error.message).toBe(
      billingMessages.unknownPlan,
    );
  });

  it('demo checkout -> our own page -> 14-day trial -> subscribed; the session works once', async () => {
    const member = await signUp(t);
    const checkout = await member.post('/api/billing/checkout', { planId: 'annual' });
    expect(checkout.statusCode).toBe(200);
    const url = new URL(checkout.json().url);
    expect(`${url.origin}${url.pathname}`).toBe(`${t.env.SITE_URL}/billing/demo-checkout`);
    const session = url.searchParams.get('session') ?? '';

    // Another member cannot use it, nor a forged one.
    const other = await signUp(t);
    expect((await other.post('/api/billing/demo/complete', { session })).statusCode).toBe(400);
    expect((await member.post('/api/billing/demo/complete', { session: `${session}x` })).statusCode).toBe(400);
    expect((await client(t).post('/api/billing/demo/complete', { session })).statusCode).toBe(401);

    const done = await member.post('/api/billing/demo/complete', { session });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ subscribed: true, product_id: 'annual', status: 'trialing', provider: 'demo' });
    const trialEnd = new Date(done.json().trialEnd).getTime();
    expect(Math.abs(trialEnd - Date.now() - 14 * 24 * 3600 * 1000)).toBeLessThan(60_000);

    const sub = await member.get('/api/billing/subscription');
    expect(sub.json()).toMatchObject({ subscribed: true, product_id: 'annual', status: 'trialing' });
    expect((await member.post('/api/billing/demo/complete', { session })).json().status).toBe('trialing');

    // A subscriber does not open a second subscription.
    const again = await member.post('/api/billing/checkout', { planId: 'monthly' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'ALREADY_SUBSCRIBED', message: billingMessages.alreadySubscribed });

    // The demo portal is the member's billing section of the profile.
    expect((await member.post('/api/billing/portal')).json().url).toBe(`${t.env.SITE_URL}/profile/facturation`);
  });

  it('admin renew records a first then a renewal invoice (and tells the referral ledger); cancel ends it', async () => {
    const admin = await signUp(t, { email: 'admin.billing@synergie.test' });
    const member = await signUp(t);
    const url = new URL((await member.post('/api/billing/checkout', { planId: 'monthly' })).json().url);
    await member.post('/api/billing/demo/complete', { session: url.searchParams.get('session') });

    expect((await member.post(`/api/admin/billing/demo/${member.userId}/renew`)).statusCode).toBe(403);
    expect((await client(t).post(`/api/admin/billing/demo/${member.userId}/renew`)).statusCode).toBe(401);
    expect((await admin.post('/api/admin/billing/demo/nobody/renew')).statusCode).toBe(404);

    const first = await admin.post(`/api/admin/billing/demo/${member.userId}/renew`);
    expect(first.statusCode).toBe(200);
    expect(first.json().subscription).toMatchObject({ subscribed: true, status: 'active' });
    await admin.post(`/api/admin/billing/demo/${member.userId}/renew`);
    const rows = await db.select().from(invoices).where(eq(invoices.userId, member.userId)).orderBy(invoices.paidAt);
    expect(rows.map((r) => r.kind)).toEqual(['first', 'renewal']);
    expect(rows[0]).toMatchObject({ amountCents: 9900, amountExclVatCents: 8250, vatCents: 1650, status: 'paid' });
    expect(onInvoicePaid).toHaveBeenCalledTimes(2);

    const cancel = await admin.post(`/api/admin/billing/demo/${member.userId}/cancel`);
    expect(cancel.json().subscription).toMatchObject({ subscribed: false, status: 'canceled' });
    expect((await member.get('/api/billing/subscription')).json().subscribed).toBe(false);
  });

  it('admin renew can date the collection back (demo clock): the period starts then; a bad number is a French 400', async () => {
    const admin = await signUp(t, { email: 'admin.clock@synergie.test' });
    const member = await signUp(t);
    const url = new URL((await member.post('/api/billing/checkout', { planId: 'monthly' })).json().url);
    await member.post('/api/billing/demo/complete', { session: url.searchParams.get('session') });
    const renew = `/api/admin/billing/demo/${member.userId}/renew`;

    for (const collectedDaysAgo of [-1, 61, 1.5, '15']) {
      const bad = await admin.post(renew, { collectedDaysAgo });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toMatchObject({ code: 'VALIDATION', message: billingMessages.collectedDaysAgo });
    }
    expect(await db.select().from(invoices).where(eq(invoices.userId, member.userId))).toEqual([]);

    const before = Date.now();
    const res = await admin.post(renew, { collectedDaysAgo: 15 });
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription).toMatchObject({ subscribed: true, status: 'active' });
    const [row] = await db.select().from(invoices).where(eq(invoices.userId, member.userId));
    const DAY = 24 * 60 * 60 * 1000;
    expect(row?.kind).toBe('first');
    expect((row?.paidAt.getTime() ?? 0) - (before - 15 * DAY)).toBeGreaterThanOrEqual(0);
    expect((row?.paidAt.getTime() ?? 0) - (before - 15 * DAY)).toBeLessThan(60_000);
    const subscription = await subscriptionOf(member.userId);
    expect(subscription?.currentPeriodEnd?.toISOString()).toBe(
      periodEndFrom('monthly', row?.paidAt as Date).toISOString(),
    );
  });

  it('the demo clock: a trial that has ended is charged as the first invoice, then each period; twice changes nothing', async () => {
    const member = await signUp(t);
    const url = new URL((await member.post('/api/billing/checkout', { planId: 'monthly' })).json().url);
    await member.post('/api/billing/demo/complete', { session: url.searchParams.get('session') });
    const trialEnd = (await subscriptionOf(member.userId))?.trialEnd as Date;
    const mine = () => db.select().from(invoices).where(eq(invoices.userId, member.userId)).orderBy(invoices.paidAt);

    // Before the trial ends, nothing is due. (Other tests' members share this database: the
    // assertions look at this member's rows.)
    await demoRollover(db, seller, new Date(trialEnd.getTime() - 1000));
    expect(await mine()).toHaveLength(0);
    expect((await subscriptionOf(member.userId))?.status).toBe('trialing');

    // 40 days after the trial's end: the first period (at the trial's end) and the next one.
    const later = new Date(trialEnd.getTime() + 40 * 24 * 3600 * 1000);
    const [a, b] = await Promise.all([demoRollover(db, seller, later), demoRollover(db, seller, later)]);
    expect(a + b).toBeGreaterThanOrEqual(2);
    await demoRollover(db, seller, later);
    const rows = await mine();
    expect(rows.map((r) => [r.kind, r.amountCents, r.paidAt.toISOString()])).toEqual([
      ['first', 9900, trialEnd.toISOString()],
      ['renewal', 9900, periodEndFrom('monthly', trialEnd).toISOString()],
    ]);
    const row = await subscriptionOf(member.userId);
    expect(row?.status).toBe('active');
    expect(row?.currentPeriodEnd?.toISOString()).toBe(
      periodEndFrom('monthly', periodEndFrom('monthly', trialEnd)).toISOString(),
    );
    // The referral ledger was told of each of this member's invoices, once.
    const told = new Set(vi.mocked(onInvoicePaid).mock.calls.map(([, invoice]) => invoice.id));
    expect(rows.filter((r) => told.has(r.id))).toHaveLength(2);
  });

  it('demo portal: the member ends the subscription with the period; the clock then ends it, uncharged', async () => {
    const member = await signUp(t);
    expect((await client(t).post('/api/billing/demo/cancel-at-period-end', { cancel: true })).statusCode).toBe(401);
    expect((await member.post('/api/billing/demo/cancel-at-period-end', { cancel: true })).statusCode).toBe(404);
    expect((await member.post('/api/billing/demo/cancel-at-period-end', { cancel: 'yes' })).statusCode).toBe(400);
    const url = new URL((await member.post('/api/billing/checkout', { planId: 'annual' })).json().url);
    await member.post('/api/billing/demo/complete', { session: url.searchParams.get('session') });

    const res = await member.post('/api/billing/demo/cancel-at-period-end', { cancel: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ subscribed: true, status: 'trialing', cancelAtPeriodEnd: true });
    const back = await member.post('/api/billing/demo/cancel-at-period-end', { cancel: false });
    expect(back.json().cancelAtPeriodEnd).toBe(false);
    await member.post('/api/billing/demo/cancel-at-period-end', { cancel: true });

    const trialEnd = (await subscriptionOf(member.userId))?.trialEnd as Date;
    expect(await demoRollover(db, seller, new Date(trialEnd.getTime() + 1000))).toBeGreaterThanOrEqual(1);
    expect((await subscriptionOf(member.userId))?.status).toBe('canceled');
    expect(await db.select().from(invoices).where(eq(invoices.userId, member.userId))).toHaveLength(0);
    expect((await member.get('/api/billing/subscription')).json().subscribed).toBe(false);
  });

  it('a subscription set to end with its period stops counting once the period is over', async () => {
    const member = await signUp(t);
    const url = new URL((await member.post('/api/billing/checkout', { planId: 'monthly' })).json().url);
    await member.post('/api/billing/demo/complete', { session: url.searchParams.get('session') });
    await member.post('/api/billing/demo/cancel-at-period-end', { cancel: true });
    await db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, member.userId));
    expect((await member.get('/api/billing/subscription')).json()).toMatchObject({
      subscribed: false,
      status: 'trialing',
    });
    expect((await member.get('/api/billing/access')).statusCode).toBe(403);
  });

  it('the Stripe webhook does not exist with the demo provider', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/billing/webhooks/stripe', payload: '{}' });
    expect(res.statusCode).toBe(404);
  });
});

describe('subscriber-only routes', () => {
  it('every route declared for subscribers: 401 signed out, 403 without a subscription, open in trial', async () => {
    // Read from the routes' own declarations (config.access), as the app registered them.
    const subscriberRoutes = subscriberCalls(table.routes());
    expect(subscriberRoutes.map((r) => r.key)).toEqual(
      expect.arrayContaining(['GET /api/billing/access', 'GET /api/me/projects', 'POST /api/events/:id/registration']),
    );
    expect(subscriberRoutes.length).toBeGreaterThanOrEqual(13);
    const stranger = client(t);
    const member = await signUp(t);
    const subscriber = await signUp(t);
    const url = new URL((await subscriber.post('/api/billing/checkout', { planId: 'monthly' })).json().url);
    await subscriber.post('/api/billing/demo/complete', { session: url.searchParams.get('session') });

    for (const route of subscriberRoutes) {
      const call = (c: typeof stranger) =>
        route.method === 'GET'
          ? c.get(route.url)
          : c[route.method === 'POST' ? 'post' : route.method === 'PATCH' ? 'patch' : 'put'](route.url, route.body);
      expect(['GET', 'POST', 'PUT', 'PATCH'], route.key).toContain(route.method);
      expect((await call(stranger)).statusCode, `${route.method} ${route.url}`).toBe(401);
      const refused = await call(member);
      expect(refused.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(refused.json().error).toEqual({
        code: 'SUBSCRIPTION_REQUIRED',
        message:
          // The events' routes for subscribers use the events page's own words.
          route.key.includes(' /api/events/')
            ? eventMessages.subscriptionRequired
            : // The forum's too (a member out of their subscription reads but cannot post).
              route.key.includes(' /api/forum/')
              ? forumMessages.subscribeToPost
              : 'Vous devez avoir un abonnement actif pour accéder à cette page',
      });
      expect([401, 403]).not.toContain((await call(subscriber)).statusCode);
    }
  });
});

// ---------------------------------------------------------------------------
// Stripe
// ---------------------------------------------------------------------------

let eventCounter = 0;
function event(
  type: string,
  object: Record<string, unknown>,
  created: number,
  id = `evt_${++eventCounter}_${Date.now()}`,
) {
  return { id, object: 'event', type, created, api_version: '2026-08-26.dahlia', livemode: false, data: { object } };
}

async function sendWebhook(payload: unknown, secret = WEBHOOK_SECRET) {
  const body = JSON.stringify(payload);
  const signature = stripe.webhooks.generateTestHeaderString({ payload: body, secret });
  return s.app.inject({
    method: 'POST',
    url: '/api/billing/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body,
  });
}

const stripeSubscription = (userId: string, status: string, extra: Record<string, unknown> = {}) => ({
  id: `sub_${userId}`,
  object: 'subscription',
  customer: `cus_${userId}`,
  status,
  metadata: { userId, planId: 'monthly' },
  trial_end: null,
  cancel_at_period_end: false,
  items: { object: 'list', data: [{ id: 'si_1', price: { id: PRICE_MONTHLY }, current_period_end: 1_900_000_000 }] },
  ...extra,
});

const now = Math.floor(Date.now() / 1000);

describe('Stripe provider', () => {
  it('checkout and portal go to Stripe with our plan price, trial and member', async () => {
    const member = await signUp(s);
    const res = await member.post('/api/billing/checkout', { planId: 'annual' });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toBe('https://checkout.stripe.test/c/cs_test_1');
    const call = stripeCalls.find((c) => c.path === '/v1/checkout/sessions');
    expect(call?.body.get('line_items[0][price]')).toBe(PRICE_ANNUAL);
    expect(call?.body.get('subscription_data[trial_period_days]')).toBe('14');
    expect(call?.body.get('subscription_data[metadata][userId]')).toBe(member.userId);
    expect(call?.body.get('mode')).toBe('subscription');

    // No Stripe customer yet: 400 in French; once the subscription is known, the portal opens.
    const noPortal = await member.post('/api/billing/portal');
    expect(noPortal.statusCode).toBe(400);
    expect(noPortal.json().error.message).toMatch(/abonnement/);
    await sendWebhook(event('customer.subscription.created', stripeSubscription(member.userId, 'trialing'), now));
    const portal = await member.post('/api/billing/portal');
    expect(portal.json().url).toBe('https://billing.stripe.test/p/bps_1');
    expect(stripeCalls.find((c) => c.path === '/v1/billing_portal/sessions')?.body.get('customer')).toBe(
      `cus_${member.userId}`,
    );
  });

  it('a valid webhook is applied; a bad signature is 400 and records nothing', async () => {
    const member = await signUp(s);
    const bad = event('customer.subscription.created', stripeSubscription(member.userId, 'active'), now);
    const forged = await sendWebhook(bad, 'whsec_wrong');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('BAD_SIGNATURE');
    const unsigned = await s.app.inject({
      method: 'POST',
      url: '/api/billing/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(bad),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await subscriptionOf(member.userId)).toBeUndefined();
    expect(await db.select().from(billingEvents).where(eq(billingEvents.id, bad.id))).toHaveLength(0);

    const ok = await sendWebhook(bad);
    expect(ok.statusCode).toBe(200);
    expect(await subscriptionOf(member.userId)).toMatchObject({
      status: 'active',
      provider: 'stripe',
      planId: 'monthly',
    });
    expect((await member.get('/api/billing/subscription')).json()).toMatchObject({
      subscribed: true,
      product_id: 'monthly',
    });
  });

  it('the same event three times gives one state; an older event never overwrites a newer one', async () => {
    const member = await signUp(s);
    const created = event('customer.subscription.created', stripeSubscription(member.userId, 'trialing'), now - 100);
    for (let i = 0; i < 3; i++) expect((await sendWebhook(created)).statusCode).toBe(200);
    expect(await db.select().from(billingEvents).where(eq(billingEvents.id, created.id))).toHaveLength(1);
    expect((await subscriptionOf(member.userId))?.status).toBe('trialing');

    // Out of order: 'canceled' (newest) arrives before 'active' (older).
    const deleted = event('customer.subscription.deleted', stripeSubscription(member.userId, 'canceled'), now + 50);
    const updated = event('customer.subscription.updated', stripeSubscription(member.userId, 'active'), now);
    await sendWebhook(deleted);
    await sendWebhook(updated);
    expect((await subscriptionOf(member.userId))?.status).toBe('canceled');
    expect((await member.get('/api/billing/subscription')).json().subscribed).toBe(false);
  });

  it('invoice.paid records the invoice once (first then renewal); charge.refunded marks it refunded', async () => {
    const member = await signUp(s);
    await sendWebhook(event('customer.subscription.created', stripeSubscription(member.userId, 'active'), now));
    const invoice = (id: string, amount: number) => ({
      id,
      object: 'invoice',
      customer: `cus_${member.userId}`,
      amount_paid: amount,
      currency: 'eur',
      status: 'paid',
      status_transitions: { paid_at: now },
      parent: {
        type: 'subscription_details',
        subscription_details: { metadata: { userId: member.userId, planId: 'monthly' } },
      },
      lines: { object: 'list', data: [] },
    });
    // The trial's 0 € invoice collects nothing.
    await sendWebhook(event('invoice.paid', invoice(`in_zero_${member.userId}`, 0), now));
    const paid = event('invoice.paid', invoice(`in_1_${member.userId}`, 9900), now);
    // Delivered three times, twice at once: one invoice.
    const deliveries = await Promise.all([sendWebhook(paid), sendWebhook(paid)]);
    expect(deliveries.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await sendWebhook(paid)).statusCode).toBe(200);
    await sendWebhook(event('invoice.paid', invoice(`in_2_${member.userId}`, 9900), now + 10));

    const rows = await db.select().from(invoices).where(eq(invoices.userId, member.userId)).orderBy(invoices.paidAt);
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.kind).sort()).toEqual(['first', 'renewal']);
    const first = rows.find((r) => r.providerInvoiceId === `in_1_${member.userId}`);
    expect(first).toMatchObject({
      kind: 'first',
      amountCents: 9900,
      amountExclVatCents: excludingVatCents(9900),
      vatCents: 9900 - excludingVatCents(9900),
      provider: 'stripe',
      status: 'paid',
    });
    expect(onInvoicePaid).toHaveBeenCalledTimes(2);

    const refund = event(
      'charge.refunded',
      { id: 'ch_1', object: 'charge', refunded: true, amount_refunded: 9900, invoice: `in_1_${member.userId}` },
      now + 20,
    );
    await sendWebhook(refund);
    await sendWebhook(refund);
    const [refunded] = await db
      .select()
      .from(invoices)
      .where(eq(invoices.providerInvoiceId, `in_1_${member.userId}`));
    expect(refunded?.status).toBe('refunded');
    expect(refunded?.refundedAt).toBeInstanceOf(Date);
    expect(onInvoiceRefunded).toHaveBeenCalledTimes(1);
    // Issue 32: one membership invoice per payment, one credit note for the refund, whatever the replays.
    const documents = await db
      .select({ kind: membershipInvoices.kind, total: membershipInvoices.totalInclVatCents })
      .from(membershipInvoices)
      .where(eq(membershipInvoices.userId, member.userId));
    expect(documents.map((d) => `${d.kind} ${d.total}`).sort()).toEqual([
      'credit_note -9900',
      'invoice 9900',
      'invoice 9900',
    ]);
  });

  it('charge.refunded without an invoice on the charge (newer API): the invoice is found from its PaymentIntent', async () => {
    const member = await signUp(s);
    await sendWebhook(event('customer.subscription.created', stripeSubscription(member.userId, 'active'), now));
    const invoiceId = `in_pi_${member.userId}`;
    await sendWebhook(
      event(
        'invoice.paid',
        {
          id: invoiceId,
          object: 'invoice',
          customer: `cus_${member.userId}`,
          amount_paid: 100_000,
          currency: 'eur',
          status: 'paid',
          status_transitions: { paid_at: now },
          parent: {
            type: 'subscription_details',
            subscription_details: { metadata: { userId: member.userId, planId: 'annual' } },
          },
          lines: { object: 'list', data: [] },
        },
        now,
      ),
    );
    const statusOf = async () =>
      (await db.select().from(invoices).where(eq(invoices.providerInvoiceId, invoiceId)))[0]?.status;
    expect(await statusOf()).toBe('paid');

    // Stripe's API is down during the lookup: 500, nothing recorded, so the redelivery applies it.
    const pi = `pi_${member.userId}`;
    const charge = (paymentIntent: string) => ({
      id: `ch_${paymentIntent}`,
      object: 'charge',
      refunded: true,
      amount_refunded: 100_000,
      payment_intent: paymentIntent,
    });
    const failing = event('charge.refunded', charge('pi_down'), now + 5);
    expect((await sendWebhook(failing)).statusCode).toBe(500);
    expect(await db.select().from(billingEvents).where(eq(billingEvents.id, failing.id))).toHaveLength(0);

    // A partial refund leaves the payment standing.
    invoiceOfPaymentIntent.set(pi, invoiceId);
    await sendWebhook(event('charge.refunded', { ...charge(pi), refunded: false, amount_refunded: 500 }, now + 6));
    expect(await statusOf()).toBe('paid');

    expect((await sendWebhook(event('charge.refunded', charge(pi), now + 10))).statusCode).toBe(200);
    expect(await statusOf()).toBe('refunded');
    expect(stripeCalls.some((c) => c.path.startsWith('/v1/invoice_payments?'))).toBe(true);
  });

  it('an event we do not use is acknowledged', async () => {
    const res = await sendWebhook(event('customer.created', { id: 'cus_x', object: 'customer' }, now));
    expect(res.statusCode).toBe(200);
  });
});
