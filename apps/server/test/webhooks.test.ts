import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { apiErrors, webhookMessages } from '@synergie/shared';
import { count, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type Db, openPostgres } from '../src/db/client';
import { webhookDeliveries, webhookEndpoints } from '../src/db/schema';
import { WebhookWorker, type WebhookWorkerOptions, webhookOutcomeMessages } from '../src/domain/webhooks/worker';
import { createTestApp } from './helpers/app';
import { signUp } from './helpers/auth';
import { catalogue, createGroup, insertApplication, seat } from './helpers/groups';
import { type Member, signUpSubscriber } from './helpers/members';

/**
 * Outgoing webhooks (issue 33): an admin's HTTPS address receives the events it chose, signed the
 * Standard Webhooks way, through an outbox with retries; a receiver of the test's own checks each
 * signature with the `standardwebhooks` library (Svix's reference code) and by the spec's HMAC.
 */

// The receiver listens on 127.0.0.1: allowed (as http) only because NODE_ENV is 'test'.
const previousAllowList = process.env.SAFE_FETCH_TEST_ALLOW_HOSTS;
process.env.SAFE_FETCH_TEST_ALLOW_HOSTS = '127.0.0.1';
afterAll(() => {
  if (previousAllowList === undefined) delete process.env.SAFE_FETCH_TEST_ALLOW_HOSTS;
  else process.env.SAFE_FETCH_TEST_ALLOW_HOSTS = previousAllowList;
});

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
const received: Received[] = [];
/** What the receiver answers: a status, `slow` (never answers in time) or a redirect. */
let answer: (req: Received) => number | 'slow' | { redirect: string } = () => 200;
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const entry = { path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
    received.push(entry);
    const outcome = answer(entry);
    if (outcome === 'slow') return; // left hanging: the worker's timeout decides
    if (typeof outcome === 'object') {
      res.writeHead(302, { location: outcome.redirect });
      res.end();
      return;
    }
    res.writeHead(outcome, { 'content-type': 'text/plain' });
    res.end(outcome >= 400 ? 'erreur du destinataire' : 'ok');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

const ADMIN_EMAIL = 'admin.webhooks@synergie.test';
const t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
const db = t.database.db;
const admin = await signUp(t, { email: ADMIN_EMAIL });
const marie = await signUpSubscriber(t, { name: 'Marie Dupont' }, { fullName: 'Marie Dupont' });
const paul = await signUpSubscriber(t, { name: 'Paul Martin' }, { fullName: 'Paul Martin' });

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
  received.length = 0;
  answer = () => 200;
  await db.delete(webhookEndpoints);
});

function newWorker(overrides: Partial<WebhookWorkerOptions> = {}) {
  const worker = new WebhookWorker({
    db,
    pollMs: 60_000,
    retryBaseMs: 1,
    maxDelayMs: 1,
    maxAttempts: 3,
    timeoutMs: 2000,
    allowHosts: ['127.0.0.1'],
    ...overrides,
  });
  cleanups.push(() => worker.stop());
  return worker;
}

/** Runs the worker until nothing is due (each retry is due at once: retryBaseMs 1). */
async function drain(worker: WebhookWorker, rounds = 10) {
  for (let i = 0; i < rounds; i += 1) {
    await sleep(5);
    if ((await worker.runOnce()) === 0) return;
  }
}

async function addEndpoint(events: string[], path = '/crm') {
  const res = await admin.post('/api/admin/webhooks', { url: `${receiverUrl}${path}`, events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; secret: string; events: string[] };
}

/** Checks a request's signature as a receiver would: the library, then the spec by hand. */
function verify(request: Received, secret: string) {
  const payload = new Webhook(secret).verify(request.body, {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  });
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${request.headers['webhook-id']}.${request.headers['webhook-timestamp']}.${request.body}`;
  const expected = createHmac('sha256', key).update(signed).digest('base64');
  expect(String(request.headers['webhook-signature']).split(' ')).toContain(`v1,${expected}`);
  return payload as { type: string; timestamp: string; data: Record<string, unknown> };
}

const externalRecommendation = (receiverId: string) => ({
  receiverId,
  kind: 'external',
  contactName: 'Sophie Leroy',
  contactPhone: '06 12 34 56 78',
  contactEmail: 'sophie@cabinet-x.fr',
  contactCompany: 'Cabinet X',
  need: 'Refaire la toiture de son entrepôt',
  consent: true,
  heat: 4,
  message: 'Elle attend ton appel.',
});

async function give(from: Member, to: Member): Promise<string> {
  const res = await from.post('/api/recommendations', externalRecommendation(to.userId));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

describe('the admins’ addresses', () => {
  it('adds one with its secret shown once, lists it without the secret, pauses and deletes it', async () => {
    const created = await addEndpoint(['recommendation.created', 'business.confirmed']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(created.events).toEqual(['recommendation.created', 'business.confirmed']);
    const list = await admin.get('/api/admin/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret);
    expect(list.json().endpoints).toHaveLength(1);
    const paused = await admin.put(`/api/admin/webhooks/${created.id}`, {
      description: 'Notre CRM',
      events: ['business.confirmed'],
      active: false,
    });
    expect(paused.json()).toMatchObject({ active: false, description: 'Notre CRM', events: ['business.confirmed'] });
    expect((await admin.delete(`/api/admin/webhooks/${created.id}`)).statusCode).toBe(200);
    const again = await admin.delete(`/api/admin/webhooks/${created.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(apiErrors.WEBHOOK_NOT_FOUND.message);
  });

  it('refuses in French: http:// to a public host, a private address, no event, a junk address', async () => {
    const cases: Array<[unknown, number, string]> = [
      [{ url: 'http://crm.example.fr/hook', events: ['member.joined'] }, 400, apiErrors.WEBHOOK_HTTPS_REQUIRED.message],
      [{ url: 'https://10.0.0.7/hook', events: ['member.joined'] }, 400, 'Cette adresse n'],
      [{ url: 'https://169.254.169.254/latest', events: ['member.joined'] }, 400, 'Cette adresse n'],
      [{ url: 'https://crm.example.fr/hook', events: [] }, 400, webhookMessages.eventsRequired],
      [{ url: 'https://crm.example.fr/hook', events: ['tout'] }, 400, webhookMessages.eventsRequired],
      [{ url: 'javascript:alert(1)', events: ['member.joined'] }, 400, webhookMessages.urlInvalid],
    ];
    for (const [body, status, message] of cases) {
      const res = await admin.post('/api/admin/webhooks', body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.body).toContain(message.slice(0, 12));
    }
    expect(Number((await db.select({ n: count() }).from(webhookEndpoints))[0]?.n)).toBe(0);
  });

  it('is for admins only', async () => {
    const res = await marie.post('/api/admin/webhooks', { url: 'https://crm.example.fr/h', events: ['member.joined'] });
    expect(res.statusCode).toBe(403);
    expect((await marie.get('/api/admin/webhooks')).statusCode).toBe(403);
  });
});

describe('a recommendation’s whole pipeline, signed', () => {
  it('sends created, each step, the declared amount and the confirmation, without the contact’s details', async () => {
    const endpoint = await addEndpoint(['recommendation.created', 'recommendation.updated', 'business.confirmed']);
    // An address that chose other events, and a paused one, receive nothing.
    const other = await addEndpoint(['member.joined'], '/autre');
    const paused = await addEndpoint(['recommendation.created'], '/pause');
    await admin.put(`/api/admin/webhooks/${paused.id}`, { events: ['recommendation.created'], active: false });

    const id = await give(marie, paul);
    for (const status of ['contacted', 'meeting', 'quote_sent']) {
      const res = await paul.post(`/api/recommendations/${id}/status`, { status });
      expect(res.statusCode, res.body).toBe(200);
    }
    const won = await paul.post(`/api/recommendations/${id}/status`, { status: 'won', amount: '2500' });
    expect(won.statusCode, won.body).toBe(200);
    const corrected = await paul.put(`/api/recommendations/${id}/business`, { amount: '2600' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const confirmed = await marie.post(`/api/recommendations/${id}/business/answer`, {
      answer: 'confirm',
      seenAmountCents: 260_000,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    await drain(newWorker());
    expect(received.every((r) => r.path === '/crm')).toBe(true);
    const events = received.map((r) => verify(r, endpoint.secret));
    expect(events.map((e) => `${e.type} ${e.data.status ?? ''} ${e.data.amountCents ?? ''}`.trim())).toEqual([
      'recommendation.created received',
      'recommendation.updated contacted',
      'recommendation.updated meeting',
      'recommendation.updated quote_sent',
      'recommendation.updated won 250000',
      'recommendation.updated won 260000',
      'business.confirmed won 260000',
    ]);
    expect(events[0]?.data).toMatchObject({ recommendationId: id, giverId: marie.userId, receiverId: paul.userId });
    // No personal data of the contact (not a member) leaves the network.
    const everything = received.map((r) => r.body).join('\n');
    for (const secret of ['Sophie', 'Leroy', '06 12 34 56 78', 'sophie@cabinet-x.fr', 'Cabinet X', 'toiture']) {
      expect(everything).not.toContain(secret);
    }
    // Each message has its own id, sent once; the log shows them delivered.
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(7);
    const log = await admin.get(`/api/admin/webhooks/${endpoint.id}/deliveries`);
    expect(log.json().deliveries.map((d: { status: string }) => d.status)).toEqual(Array(7).fill('delivered'));
    expect((await admin.get(`/api/admin/webhooks/${other.id}/deliveries`)).json().deliveries).toEqual([]);
    expect((await admin.get(`/api/admin/webhooks/${paused.id}/deliveries`)).json().deliveries).toEqual([]);
  });

  it('tells a seat taken in a group and a member leaving, with ids only', async () => {
    const endpoint = await addEndpoint(['member.joined', 'member.left']);
    const [trade] = await catalogue(db);
    const group = await createGroup(db);
    const leader = await signUpSubscriber(t);
    await seat(db, group.id, [{ userId: leader.userId, tradeId: (trade as { id: string }).id, role: 'president' }]);
    const newcomer = await signUpSubscriber(t);
    const [, second] = await catalogue(db);
    // An application whose week for objections is over (the flow is groups.test.ts's).
    const applicationId = await insertApplication(db, {
      groupId: group.id,
      userId: newcomer.userId,
      tradeId: (second as { id: string }).id,
      periodOver: true,
    });
    const accepted = await leader.post(`/api/groups/${group.id}/applications/${applicationId}/accept`, {});
    expect(accepted.statusCode, accepted.body).toBeLessThan(300);
    const left = await newcomer.post('/api/me/group/leave', { reason: 'Je déménage à Bordeaux.' });
    expect(left.statusCode, left.body).toBeLessThan(300);
    await drain(newWorker());
    const events = received.map((r) => verify(r, endpoint.secret));
    expect(events.map((e) => [e.type, e.data.userId, e.data.groupId, e.data.reason])).toEqual([
      ['member.joined', newcomer.userId, group.id, 'accepted'],
      ['member.left', newcomer.userId, group.id, 'left'],
    ]);
    expect(received.map((r) => r.body).join()).not.toContain('Bordeaux');
  });
});

describe('an invoice issued', () => {
  it('tells the membership invoice of a payment, ids and amounts only', async () => {
    const endpoint = await addEndpoint(['invoice.issued']);
    const member = await signUpSubscriber(t, { name: 'Claire Facturée' }, { fullName: 'Claire Facturée' });
    // The trial ends: the first payment (the demo provider's, as Stripe's invoice.paid).
    const renewed = await admin.post(`/api/admin/billing/demo/${member.userId}/renew`);
    expect(renewed.statusCode, renewed.body).toBeLessThan(300);
    await drain(newWorker());
    const events = received.map((r) => verify(r, endpoint.secret));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'invoice.issued',
      data: { series: 'membership', kind: 'invoice', userId: member.userId, totalInclVatCents: 9900 },
    });
    expect(String(events[0]?.data.number)).toMatch(/^FA-\d{4}-\d{6}$/);
    expect(received[0]?.body).not.toContain('Claire');
  });
});

describe('deliveries that fail', () => {
  it('retries a 500, a timeout and a redirect (never followed), then gives up; a replay sends it again', async () => {
    const endpoint = await addEndpoint(['recommendation.created']);
    const outcomes: Array<number | 'slow' | { redirect: string }> = [
      500,
      'slow',
      { redirect: `${receiverUrl}/ailleurs` },
    ];
    answer = () => outcomes.shift() ?? 200;
    await give(marie, paul);
    await drain(newWorker({ timeoutMs: 300 }));
    // Three attempts (the maximum), none followed to /ailleurs.
    expect(received.map((r) => r.path)).toEqual(['/crm', '/crm', '/crm']);
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const [failed] = (await admin.get(`/api/admin/webhooks/${endpoint.id}/deliveries`)).json().deliveries;
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, lastStatus: 302 });
    expect(failed.lastError).toBe(webhookOutcomeMessages.redirect(302));

    // The admin replays it: the same webhook-id, delivered this time.
    const replay = await admin.post(`/api/admin/webhooks/${endpoint.id}/deliveries/${failed.id}/replay`);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json()).toMatchObject({ status: 'pending', attempts: 0 });
    await drain(newWorker());
    expect(received).toHaveLength(4);
    expect(received[3]?.headers['webhook-id']).toBe(failed.messageId);
    verify(received[3] as Received, endpoint.secret);
    const [delivered] = (await admin.get(`/api/admin/webhooks/${endpoint.id}/deliveries`)).json().deliveries;
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 1, lastStatus: 200, lastError: null });
    const unknown = await admin.post(
      `/api/admin/webhooks/${endpoint.id}/deliveries/00000000-0000-4000-8000-000000000000/replay`,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('never blocks the change that caused it: the receiver down, the recommendation is given', async () => {
    await admin.post('/api/admin/webhooks', { url: 'http://127.0.0.1:9/ferme', events: ['recommendation.created'] });
    const id = await give(marie, paul);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await newWorker().runOnce();
    const [row] = await db.select().from(webhookDeliveries);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastStatus: null });
    expect(row?.lastError).toBe(apiErrors.SITE_UNREACHABLE.message);
  });

  it('two instances’ workers send each delivery once', async () => {
    await addEndpoint(['recommendation.created']);
    const total = 8;
    for (let i = 0; i < total; i += 1) await give(marie, paul);
    const dbs: Db[] = [];
    const url = (t.database as { url?: string }).url;
    for (let i = 0; i < 2; i += 1) {
      if (url) {
        const own = await openPostgres(url, 2);
        cleanups.push(() => own.close());
        dbs.push(own.db);
      } else dbs.push(db); // PGlite has one connection: the instances share it.
    }
    const workers = dbs.map((instanceDb) => newWorker({ db: instanceDb, pollMs: 10, batchSize: 2 }));
    for (const w of workers) w.start();
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const [left] = await db
        .select({ n: count() })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.status, 'pending'));
      if (left?.n === 0 && received.length >= total) break;
      await sleep(20);
    }
    await Promise.all(workers.map((w) => w.stop()));
    expect(received).toHaveLength(total);
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(total);
  });
});
