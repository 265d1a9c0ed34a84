import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DEBIT_GRACE_DAYS,
  formatDate,
  formatPrice,
  SEPA_MANDATE_TEXT_VERSION,
  sepaMandateText,
} from '@synergie/shared';
import { dateTimeProblems, typographyProblems } from '@synergie/shared/typography';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context';
import { openPostgres } from '../src/db/client';
import { failedDebits, groupMembers, mailOutbox, sepaMandates, subscriptions } from '../src/db/schema';
import { settleFailedDebit, sweepFailedDebitNotices } from '../src/domain/failed-debits';
import { lapseSeats } from '../src/domain/groups/seat-offers';
import { isSubscribed } from '../src/domain/subscribed';
import { createTestApp } from './helpers/app';
import { signUp } from './helpers/auth';
import { catalogue, createGroup, seat } from './helpers/groups';

/**
 * Issue 32, SEPA Direct Debit through Stripe (docs/product/decisions.md "Issue 32 — prélèvement
 * SEPA"): Checkout offers the card and SEPA with the mandate's wording; the mandate Stripe
 * reports is kept (reference, version, date, the IBAN's last 4 digits); a debit processing keeps
 * access; a failed debit mails the member at the failure, before each retry and at the end, keeps
 * access and seat 30 days from the first failure, then the seat lapses. Stripe's API shapes
 * against a local Stripe API, as test/billing.test.ts.
 */

const IBAN_LAST4 = '3000';
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
    const mandate = req.url?.match(/^\/v1\/mandates\/(\w+)(\?.*)?$/);
    if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
      res.end(
        JSON.stringify({ id: 'cs_sepa', object: 'checkout.session', url: 'https://checkout.stripe.test/c/cs_sepa' }),
      );
    } else if (req.method === 'GET' && mandate) {
      const id = mandate[1] ?? '';
      if (id === 'mandate_down') {
        res.statusCode = 500;
        res.end(JSON.stringify({ error: { type: 'api_error', message: 'down' } }));
        return;
      }
      // The Mandate object, its payment method expanded (`expand[]=payment_method`).
      const customer = id.replace(/^mandate_/, 'cus_');
      const expanded = new URL(req.url ?? '', 'http://stripe.test').searchParams.get('expand[0]') === 'payment_method';
      const method = {
        id: `pm_${id}`,
        object: 'payment_method',
        type: 'sepa_debit',
        customer,
        metadata: {},
        sepa_debit: { bank_code: '37040044', country: 'DE', fingerprint: 'fp_1', last4: IBAN_LAST4, branch_code: '' },
      };
      res.end(
        JSON.stringify({
          id,
          object: 'mandate',
          customer_acceptance: {
            accepted_at: 1_900_000_000,
            online: { ip_address: '127.0.0.1', user_agent: 'test' },
            type: 'online',
          },
          livemode: false,
          multi_use: {},
          payment_method: expanded ? method : method.id,
          payment_method_details: { sepa_debit: { reference: `REF-${id.toUpperCase()}`, url: '' }, type: 'sepa_debit' },
          status: id.endsWith('revoked') ? 'inactive' : 'active',
          type: 'multi_use',
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

const WEBHOOK_SECRET = 'whsec_sepa';
const s = await createTestApp({
  env: {
    STRIPE_SECRET_KEY: 'sk_test_local',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_MONTHLY: 'price_m',
    STRIPE_PRICE_ANNUAL: 'price_a',
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String((stripeServer.address() as AddressInfo).port),
    STRIPE_API_PROTOCOL: 'http',
  },
});
const db = s.database.db;
const ctx = s.app.ctx;
const stripe = new Stripe('sk_test_local');
const DAY = 86_400_000;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

let counter = 0;
const event = (type: string, object: Record<string, unknown>, created: Date, id = `evt_sepa_${++counter}`) => ({
  id,
  object: 'event',
  type,
  created: seconds(created),
  api_version: '2026-08-26.dahlia',
  livemode: false,
  data: { object },
});

async function sendWebhook(payload: unknown) {
  const body = JSON.stringify(payload);
  const signature = stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
  return s.app.inject({
    method: 'POST',
    url: '/api/billing/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body,
  });
}

const stripeSubscription = (userId: string, status: string) => ({
  id: `sub_${userId}`,
  object: 'subscription',
  customer: `cus_${userId}`,
  status,
  metadata: { userId, planId: 'monthly', sepaMandateText: SEPA_MANDATE_TEXT_VERSION },
  trial_end: null,
  cancel_at_period_end: false,
  items: { object: 'list', data: [{ id: 'si_1', price: { id: 'price_m' }, current_period_end: 1_990_000_000 }] },
});

/** Stripe's Invoice of a failed or paid debit, for the member's subscription. */
const stripeInvoice = (userId: string, id: string, extra: Record<string, unknown>) => ({
  id,
  object: 'invoice',
  customer: `cus_${userId}`,
  amount_due: 9900,
  amount_paid: 0,
  currency: 'eur',
  status: 'open',
  billing_reason: 'subscription_cycle',
  collection_method: 'charge_automatically',
  parent: { type: 'subscription_details', subscription_details: { metadata: { userId, planId: 'monthly' } } },
  lines: { object: 'list', data: [] },
  ...extra,
});

const failed = (userId: string, invoice: string, attempt: number, next: Date | null, at: Date) =>
  event(
    'invoice.payment_failed',
    stripeInvoice(userId, invoice, { attempt_count: attempt, next_payment_attempt: next ? seconds(next) : null }),
    at,
  );

/** The member's mails of a failed debit (all of them without `template`). */
const mailsTo = async (email: string, template?: string) =>
  (
    await db
      .select()
      .from(mailOutbox)
      .where(template ? and(eq(mailOutbox.to, email), eq(mailOutbox.template, template)) : eq(mailOutbox.to, email))
      .orderBy(mailOutbox.createdAt)
  ).filter((m) => m.template?.startsWith('debit-'));

/** A member with a Stripe subscription (`status`) and a seat in a group. */
async function subscriber(status = 'active') {
  const member = await signUp(s);
  expect(
    (
      await sendWebhook(
        event(
          'customer.subscription.created',
          stripeSubscription(member.userId, status),
          new Date(Date.now() - 60 * DAY),
        ),
      )
    ).statusCode,
  ).toBe(200);
  return member;
}

const [trade] = await catalogue(db);
async function seated(userId: string) {
  const group = await createGroup(db);
  await seat(db, group.id, [{ userId, tradeId: (trade as { id: string }).id }]);
  return async () =>
    (await db.select({ status: groupMembers.status }).from(groupMembers).where(eq(groupMembers.userId, userId)))[0]
      ?.status;
}

describe('checkout with SEPA Direct Debit', () => {
  it('offers the card and SEPA for both plans, and answers the mandate’s wording to show first', async () => {
    for (const planId of ['monthly', 'annual'] as const) {
      const member = await signUp(s);
      const res = await member.post('/api/billing/checkout', { planId });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.url).toBe('https://checkout.stripe.test/c/cs_sepa');
      expect(body.sepaMandate.version).toBe(SEPA_MANDATE_TEXT_VERSION);
      expect(body.sepaMandate.text).toBe(sepaMandateText());
      expect(body.sepaMandate.text).toMatch(
        /^En signant ce formulaire de mandat, vous autorisez \(A\) Synergie Pro .* à envoyer des instructions à votre banque pour débiter votre compte, et \(B\) votre banque à débiter votre compte conformément aux instructions/,
      );
      expect(body.sepaMandate.text).toContain(
        'vous bénéficiez du droit d’être remboursé par votre banque'.replace('vous', 'Vous'),
      );
      expect(body.sepaMandate.text).toContain('dans les 8\u00a0semaines');
      expect(typographyProblems(body.sepaMandate.text)).toEqual([]);
      const call = stripeCalls.filter((c) => c.path === '/v1/checkout/sessions').at(-1);
      expect(call?.body.getAll('payment_method_types[0]')).toEqual(['card']);
      expect(call?.body.getAll('payment_method_types[1]')).toEqual(['sepa_debit']);
      expect(call?.body.get('subscription_data[metadata][sepaMandateText]')).toBe(SEPA_MANDATE_TEXT_VERSION);
    }
  });
});

describe('the mandate Stripe reports', () => {
  it('is kept once (reference, version, date, last 4 digits) and shown to its member, never the IBAN', async () => {
    const member = await signUp(s);
    const mandateId = `mandate_${member.userId.replace(/-/g, '')}`;
    // Our customer ids in the mock are `cus_<id>`: the mandate's payment method says which.
    const customer = mandateId.replace(/^mandate_/, 'cus_');
    // The trial's checkout: the SetupIntent carries the mandate, before the subscription's event.
    const setup = event(
      'setup_intent.succeeded',
      {
        id: 'seti_1',
        object: 'setup_intent',
        customer,
        mandate: mandateId,
        payment_method: `pm_${mandateId}`,
        payment_method_types: ['sepa_debit'],
        status: 'succeeded',
      },
      new Date(),
    );
    for (let i = 0; i < 3; i++) expect((await sendWebhook(setup)).statusCode).toBe(200);
    const rows = await db.select().from(sepaMandates).where(eq(sepaMandates.mandateId, mandateId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      reference: `REF-${mandateId.toUpperCase()}`,
      textVersion: SEPA_MANDATE_TEXT_VERSION,
      ibanLast4: IBAN_LAST4,
      status: 'active',
      customerId: customer,
      userId: null,
    });
    expect(rows[0]?.acceptedAt.toISOString()).toBe(new Date(1_900_000_000_000).toISOString());
    expect(
      stripeCalls.some((c) => c.path.startsWith(`/v1/mandates/${mandateId}?`) && c.path.includes('payment_method')),
    ).toBe(true);

    // Once the subscription is known with that customer, the member sees the mandate.
    await sendWebhook(
      event(
        'customer.subscription.created',
        { ...stripeSubscription(member.userId, 'trialing'), customer },
        new Date(),
      ),
    );
    const details = await member.get('/api/billing/payment-details');
    expect(details.statusCode).toBe(200);
    expect(details.json()).toEqual({
      mandates: [
        {
          reference: `REF-${mandateId.toUpperCase()}`,
          textVersion: SEPA_MANDATE_TEXT_VERSION,
          text: sepaMandateText(),
          acceptedAt: new Date(1_900_000_000_000).toISOString(),
          ibanLast4: IBAN_LAST4,
          status: 'active',
        },
      ],
      failedDebit: null,
    });
    expect(details.body).not.toMatch(/DE89|370400440532013000/);
    // Another member sees none of it.
    expect((await (await signUp(s)).get('/api/billing/payment-details')).json().mandates).toEqual([]);

    // A debit's charge names the mandate (payment_method_details.sepa_debit.mandate): same row.
    await sendWebhook(
      event(
        'charge.pending',
        {
          id: 'py_1',
          object: 'charge',
          customer,
          status: 'pending',
          payment_method_details: { type: 'sepa_debit', sepa_debit: { last4: IBAN_LAST4, mandate: mandateId } },
        },
        new Date(),
      ),
    );
    expect(await db.select().from(sepaMandates).where(eq(sepaMandates.customerId, customer))).toHaveLength(1);
  });

  it('goes with the member’s data: in the export (last 4 characters only), deleted with the account', async () => {
    const member = await signUp(s);
    const mandateId = `mandate_${member.userId.replace(/-/g, '')}`;
    const customer = mandateId.replace(/^mandate_/, 'cus_');
    await sendWebhook(
      event(
        'setup_intent.succeeded',
        { id: 'seti_2', object: 'setup_intent', customer, mandate: mandateId, payment_method: `pm_${mandateId}` },
        new Date(),
      ),
    );
    await sendWebhook(
      event(
        'customer.subscription.created',
        { ...stripeSubscription(member.userId, 'trialing'), customer },
        new Date(),
      ),
    );
    // Known by the customer alone (user_id null), as Stripe reported it before the subscription.
    expect((await db.select().from(sepaMandates).where(eq(sepaMandates.mandateId, mandateId)))[0]?.userId).toBeNull();
    const exported = await member.get('/api/me/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.json().sepaMandates).toEqual([
      expect.objectContaining({ reference: `REF-${mandateId.toUpperCase()}`, ibanLast4: IBAN_LAST4 }),
    ]);
    expect(exported.body).not.toMatch(/DE89|370400440532013000/);
    const gone = await member.delete('/api/me', { confirmEmail: member.member.email });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await db.select().from(sepaMandates).where(eq(sepaMandates.customerId, customer))).toEqual([]);
  });

  it('follows a mandate made inactive; Stripe down during the lookup answers 500 and records nothing', async () => {
    const member = await subscriber();
    const down = event('mandate.updated', { id: 'mandate_down', object: 'mandate', status: 'inactive' }, new Date());
    expect((await sendWebhook(down)).statusCode).toBe(500);
    expect(await db.select().from(sepaMandates).where(eq(sepaMandates.mandateId, 'mandate_down'))).toHaveLength(0);

    const revoked = `mandate_${member.userId.replace(/-/g, '').slice(0, 12)}revoked`;
    await sendWebhook(event('mandate.updated', { id: revoked, object: 'mandate', status: 'inactive' }, new Date()));
    const [row] = await db.select().from(sepaMandates).where(eq(sepaMandates.mandateId, revoked));
    expect(row).toMatchObject({ status: 'inactive', ibanLast4: IBAN_LAST4 });
  });
});

describe('a debit processing', () => {
  it('keeps the member’s access and sends nothing', async () => {
    const member = await subscriber('active');
    const processing = event(
      'payment_intent.processing',
      {
        id: 'pi_processing',
        object: 'payment_intent',
        status: 'processing',
        customer: `cus_${member.userId}`,
        payment_method_types: ['sepa_debit'],
      },
      new Date(),
    );
    expect((await sendWebhook(processing)).statusCode).toBe(200);
    expect((await member.get('/api/billing/access')).statusCode).toBe(200);
    expect(await mailsTo(member.member.email)).toHaveLength(0);
  });
});

describe('a failed debit', () => {
  it('mails at the failure, before each of the three retries and at the end; each once', async () => {
    const member = await subscriber('active');
    const invoice = `in_fail_${member.userId}`;
    const t0 = new Date(Date.now() - 2 * DAY);
    const retry = (n: number) => new Date(t0.getTime() + n * 4 * DAY);

    const first = failed(member.userId, invoice, 1, retry(1), t0);
    // Delivered three times, twice at once: one failure, one mail.
    await Promise.all([sendWebhook(first), sendWebhook(first)]);
    expect((await sendWebhook(first)).statusCode).toBe(200);
    await sendWebhook(event('customer.subscription.updated', stripeSubscription(member.userId, 'past_due'), t0));
    const failure = await mailsTo(member.member.email, 'debit-failed');
    expect(failure).toHaveLength(1);
    expect(failure[0]?.subject).toBe(`Votre paiement de ${formatPrice(9900)} n’a pas abouti - Synergie Pro`);
    expect(failure[0]?.text).toContain('a été refusé par votre banque');
    expect(failure[0]?.text).toContain('Votre accès et votre siège dans votre groupe sont conservés jusqu’au');
    // The link goes to the payment method in the profile's billing section (issue 31).
    expect(failure[0]?.text).toContain('/profile/facturation#moyen-de-paiement');
    // Past due, within the grace: still a subscriber.
    expect((await member.get('/api/billing/access')).statusCode).toBe(200);
    const details = (await member.get('/api/billing/payment-details')).json();
    expect(details.failedDebit).toMatchObject({
      amountCents: 9900,
      attemptCount: 1,
      firstFailedAt: new Date(seconds(t0) * 1000).toISOString(),
    });

    // Before each retry (2 days before), from two sweeps at once: one mail each.
    for (let n = 1; n <= 3; n++) {
      const before = new Date(retry(n).getTime() - DAY);
      const runs = await Promise.all([sweepFailedDebitNotices(ctx, before), sweepFailedDebitNotices(ctx, before)]);
      expect(runs[0] + runs[1]).toBeGreaterThanOrEqual(1);
      expect(await mailsTo(member.member.email, 'debit-retry')).toHaveLength(n);
      await sweepFailedDebitNotices(ctx, before);
      expect(await mailsTo(member.member.email, 'debit-retry')).toHaveLength(n);
      // The retry fails again; the next one is announced (the third has none after it).
      const next = n < 3 ? retry(n + 1) : null;
      await sendWebhook(failed(member.userId, invoice, n + 1, next, retry(n)));
    }
    const retries = await mailsTo(member.member.email, 'debit-retry');
    expect(retries.map((m) => (m.meta as { nextAttemptAt: string }).nextAttemptAt).sort()).toEqual(
      [1, 2, 3].map((n) => new Date(seconds(retry(n)) * 1000).toISOString()),
    );
    expect(retries[0]?.subject).toMatch(/^Nouvelle tentative de paiement le \d{1,2}(er)? \S+ \d{4} - Synergie Pro$/);
    const [row] = await db.select().from(failedDebits).where(eq(failedDebits.providerInvoiceId, invoice));
    expect(row).toMatchObject({ attemptCount: 4, nextAttemptAt: null, settledAt: null });
    const end = await mailsTo(member.member.email, 'debit-exhausted');
    expect(end).toHaveLength(1);
    expect(end[0]?.text).toContain('Nous ne ferons plus de nouvelle tentative.');
    expect(await mailsTo(member.member.email, 'debit-failed')).toHaveLength(1);
    for (const mail of await mailsTo(member.member.email)) {
      expect(typographyProblems(mail.subject), mail.subject).toEqual([]);
    }
  });

  it('the grace: access and seat kept at day 29, the seat lapsed after day 30, the end mailed once', async () => {
    const member = await subscriber('active');
    const seatStatus = await seated(member.userId);
    const firstFailure = new Date(Date.now() - 29 * DAY);
    await sendWebhook(
      failed(member.userId, `in_grace_${member.userId}`, 1, new Date(firstFailure.getTime() + 3 * DAY), firstFailure),
    );
    await sendWebhook(
      event('customer.subscription.updated', stripeSubscription(member.userId, 'past_due'), firstFailure),
    );
    // A later failure does not move the grace's start.
    await sendWebhook(failed(member.userId, `in_grace_${member.userId}`, 4, null, new Date(Date.now() - 10 * DAY)));

    // Day 29: access (the API, now) and seat kept.
    expect((await member.get('/api/billing/access')).statusCode).toBe(200);
    expect(await lapseSeats(ctx)).toBe(0);
    expect(await seatStatus()).toBe('active');
    await sweepFailedDebitNotices(ctx);
    expect(await mailsTo(member.member.email, 'debit-grace-ended')).toHaveLength(0);

    // After day 30 (now injected): no access, the seat lapses once, the end mailed once.
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, member.userId));
    if (!row?.paymentFailedAt) throw new Error('no first failure recorded');
    expect(row.paymentFailedAt.toISOString()).toBe(new Date(seconds(firstFailure) * 1000).toISOString());
    const day30 = new Date(row.paymentFailedAt.getTime() + DEBIT_GRACE_DAYS * DAY + 60_000);
    expect(isSubscribed(row, new Date(day30.getTime() - 2 * DAY))).toBe(true);
    expect(isSubscribed(row, day30)).toBe(false);
    const lapses = await Promise.all([lapseSeats(ctx, day30), lapseSeats(ctx, day30)]);
    expect(lapses[0] + lapses[1]).toBeGreaterThanOrEqual(1);
    expect(await seatStatus()).toBe('lapsed');
    await Promise.all([sweepFailedDebitNotices(ctx, day30), sweepFailedDebitNotices(ctx, day30)]);
    await sweepFailedDebitNotices(ctx, day30);
    const ended = await mailsTo(member.member.email, 'debit-grace-ended');
    expect(ended).toHaveLength(1);
    expect(ended[0]?.subject).toBe('Votre abonnement a pris fin - Synergie Pro');
  });

  it('a retry that succeeds settles it: the grace ends, no more mails', async () => {
    const member = await subscriber('active');
    const invoice = `in_paid_${member.userId}`;
    const t0 = new Date(Date.now() - 5 * DAY);
    const next = new Date(t0.getTime() + 6 * DAY);
    await sendWebhook(failed(member.userId, invoice, 1, next, t0));
    await sendWebhook(event('customer.subscription.updated', stripeSubscription(member.userId, 'past_due'), t0));
    const paid = event(
      'invoice.paid',
      stripeInvoice(member.userId, invoice, {
        amount_paid: 9900,
        status: 'paid',
        status_transitions: { paid_at: seconds(new Date()) },
      }),
      new Date(),
    );
    await sendWebhook(paid);
    await sendWebhook(paid);
    await sendWebhook(event('customer.subscription.updated', stripeSubscription(member.userId, 'active'), new Date()));
    const [row] = await db.select().from(failedDebits).where(eq(failedDebits.providerInvoiceId, invoice));
    expect(row?.settledAt).toBeInstanceOf(Date);
    expect(
      (await db.select().from(subscriptions).where(eq(subscriptions.userId, member.userId)))[0]?.paymentFailedAt,
    ).toBeNull();
    expect((await member.get('/api/billing/payment-details')).json().failedDebit).toBeNull();
    // A late failure event for the settled invoice changes nothing and mails nothing.
    await sendWebhook(failed(member.userId, invoice, 2, null, new Date(t0.getTime() + DAY)));
    await sweepFailedDebitNotices(ctx, new Date(next.getTime() - DAY));
    await sweepFailedDebitNotices(ctx, new Date(t0.getTime() + 31 * DAY));
    expect((await mailsTo(member.member.email)).map((m) => m.template)).toEqual(['debit-failed', 'debit-recovered']);
  });

  it('a retry that succeeds mails `Paiement reçu` once: the amount, the date in words, the invoices', async () => {
    const member = await subscriber('active');
    const invoice = `in_recovered_${member.userId}`;
    const t0 = new Date(Date.now() - 8 * DAY);
    await sendWebhook(failed(member.userId, invoice, 1, new Date(t0.getTime() + 4 * DAY), t0));
    await sendWebhook(
      failed(member.userId, invoice, 2, new Date(t0.getTime() + 8 * DAY), new Date(t0.getTime() + 4 * DAY)),
    );
    await sendWebhook(event('customer.subscription.updated', stripeSubscription(member.userId, 'past_due'), t0));
    // Paid at 100,50 € (cents in French), within the 30 days.
    const paidAt = new Date(seconds(new Date(t0.getTime() + 5 * DAY)) * 1000);
    const paid = (id?: string) =>
      event(
        'invoice.paid',
        stripeInvoice(member.userId, invoice, {
          amount_paid: 10_050,
          status: 'paid',
          status_transitions: { paid_at: seconds(paidAt) },
        }),
        new Date(),
        id,
      );
    const once = paid();
    // The same event delivered three times at once, then a later delivery of another event id
    // for the same invoice, then again: one settlement, one mail.
    const answers = await Promise.all([sendWebhook(once), sendWebhook(once), sendWebhook(once)]);
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    expect((await sendWebhook(paid())).statusCode).toBe(200);
    expect((await sendWebhook(once)).statusCode).toBe(200);

    const [row] = await db.select().from(failedDebits).where(eq(failedDebits.providerInvoiceId, invoice));
    expect(row?.settledAt?.toISOString()).toBe(paidAt.toISOString());
    expect(
      (await db.select().from(subscriptions).where(eq(subscriptions.userId, member.userId)))[0]?.paymentFailedAt,
    ).toBeNull();
    const recovered = await mailsTo(member.member.email, 'debit-recovered');
    expect(recovered).toHaveLength(1);
    const mail = recovered[0];
    if (!mail) throw new Error('no mail');
    expect(mail.subject).toBe('Paiement reçu\u00a0: votre cotisation est à jour - Synergie Pro');
    expect(formatPrice(10_050)).toBe('100,50\u00a0€');
    expect(mail.text).toContain(`(${formatPrice(10_050)} TTC) le ${formatDate(paidAt)}, après`);
    expect(formatDate(paidAt)).toMatch(/^\d{1,2}(er)? [a-zéû]+ \d{4}$/);
    expect(mail.text).toContain('Votre cotisation est à jour.');
    expect(mail.text).toContain('Votre accès et votre siège dans votre groupe sont conservés');
    expect(mail.text).toContain(`Voir mes factures\u00a0: ${ctx.mailContext.siteUrl}/profile/facturation#factures`);
    expect(mail.html).toContain(`href="${ctx.mailContext.siteUrl}/profile/facturation#factures"`);
    expect(mail.meta).toMatchObject({ amountCents: 10_050, paidAt: paidAt.toISOString(), withinGrace: true });
    for (const part of [mail.subject, mail.text]) {
      expect(typographyProblems(part), part).toEqual([]);
      expect(dateTimeProblems(part.replace(/https?:\/\/\S+/g, ' ')), part).toEqual([]);
    }
    // Nothing more for the settled invoice afterwards.
    await sweepFailedDebitNotices(ctx, new Date(t0.getTime() + 7 * DAY));
    await sweepFailedDebitNotices(ctx, new Date(t0.getTime() + 31 * DAY));
    expect((await mailsTo(member.member.email)).map((m) => m.template)).toEqual(['debit-failed', 'debit-recovered']);
  });

  // Two instances: two pools on PostgreSQL; PGlite's one connection otherwise.
  it('two instances handling the paid invoice at once mail `Paiement reçu` once', async () => {
    const url = (s.database as { url?: string }).url;
    const second = s.database.kind === 'postgres' && url ? await openPostgres(url, 5) : undefined;
    try {
      const other: Pick<AppContext, 'db' | 'mailContext' | 'mailer'> = { ...ctx, db: second?.db ?? ctx.db };
      const members = await Promise.all(Array.from({ length: 4 }, () => subscriber('active')));
      const t0 = new Date(Date.now() - 3 * DAY);
      for (const m of members) {
        await sendWebhook(failed(m.userId, `in_rec2_${m.userId}`, 1, new Date(t0.getTime() + 4 * DAY), t0));
      }
      const paidAt = new Date();
      await Promise.all(
        members.flatMap((m) => {
          const paid = { providerInvoiceId: `in_rec2_${m.userId}`, amountCents: 9900, paidAt };
          return [
            settleFailedDebit(ctx, paid),
            settleFailedDebit(other, paid),
            settleFailedDebit(other, paid),
            settleFailedDebit(ctx, paid),
          ];
        }),
      );
      for (const m of members) {
        const mails = await mailsTo(m.member.email, 'debit-recovered');
        expect(mails).toHaveLength(1);
        expect(mails[0]?.meta).toMatchObject({ withinGrace: true });
        const [row] = await db
          .select()
          .from(failedDebits)
          .where(eq(failedDebits.providerInvoiceId, `in_rec2_${m.userId}`));
        expect(row?.settledAt).toBeInstanceOf(Date);
      }
    } finally {
      await second?.close();
    }
  });

  it('paid after the 30 days: `Paiement reçu` without the promise of the seat', async () => {
    const member = await subscriber('active');
    const invoice = `in_late_${member.userId}`;
    const t0 = new Date(Date.now() - 40 * DAY);
    await sendWebhook(failed(member.userId, invoice, 4, null, t0));
    await sendWebhook(
      event(
        'invoice.paid',
        stripeInvoice(member.userId, invoice, {
          amount_paid: 9900,
          status: 'paid',
          status_transitions: { paid_at: seconds(new Date()) },
        }),
        new Date(),
      ),
    );
    const [mail] = await mailsTo(member.member.email, 'debit-recovered');
    expect(mail?.meta).toMatchObject({ withinGrace: false });
    expect(mail?.text).toContain('Si votre siège a été libéré entre-temps');
    expect(mail?.text).not.toContain('sont conservés');
  });

  // Two instances: two pools on PostgreSQL; PGlite's one connection otherwise.
  it('two instances sweeping at once mail each notice once', async () => {
    const url = (s.database as { url?: string }).url;
    const second = s.database.kind === 'postgres' && url ? await openPostgres(url, 5) : undefined;
    try {
      const other: Pick<AppContext, 'db' | 'mailContext' | 'mailer'> = { ...ctx, db: second?.db ?? ctx.db };
      const members = await Promise.all(Array.from({ length: 6 }, () => subscriber('active')));
      const t0 = new Date(Date.now() - DAY);
      const next = new Date(t0.getTime() + 3 * DAY);
      for (const m of members) {
        await sendWebhook(failed(m.userId, `in_two_${m.userId}`, 1, next, t0));
        await sendWebhook(event('customer.subscription.updated', stripeSubscription(m.userId, 'past_due'), t0));
      }
      const at = new Date(next.getTime() - DAY);
      const runs = await Promise.all([
        sweepFailedDebitNotices(ctx, at),
        sweepFailedDebitNotices(other, at),
        sweepFailedDebitNotices(ctx, at),
        sweepFailedDebitNotices(other, at),
      ]);
      expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(members.length);
      for (const m of members) expect(await mailsTo(m.member.email, 'debit-retry')).toHaveLength(1);
    } finally {
      await second?.close();
    }
  });
});
