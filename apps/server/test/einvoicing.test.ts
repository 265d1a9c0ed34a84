// Electronic invoicing through a plateforme agréée (issue 32): the deposit outbox, the XP Z12-013
// client and the local simulator, over real HTTP, on the test database (PGlite or PostgreSQL).
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type EinvoiceStatus, LIFECYCLE_STATUSES } from '@synergie/shared/einvoicing';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { type Db, openPostgres } from '../src/db/client';
import { einvoiceDeposits, einvoicingSimulatorFlows, membershipInvoices, selfBillingInvoices } from '../src/db/schema';
import { FlowServiceClient, type FlowServiceSettings } from '../src/domain/einvoicing/flow-client';
import {
  registerPlatformSimulator,
  SIMULATED_CODES,
  simulatorReasons,
  simulatorVerdict,
} from '../src/domain/einvoicing/simulator';
import { EinvoiceWorker, queueDeposits } from '../src/domain/einvoicing/worker';
import { invoiceSellerOf, saveBillingDetails } from '../src/domain/membership-invoices';
import { closeMonth } from '../src/domain/self-billing';
import { applyInvoicePaid } from '../src/domain/subscriptions';
import { createTestApp } from './helpers/app';
import { signUp } from './helpers/auth';
import { commissionLine } from './helpers/commissions';
import { testDbKind } from './helpers/db';

const ADMIN = 'comptable.plateforme@synergie.test';
const t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
const db = t.database.db;
const seller = invoiceSellerOf(t.env);
const STEP_MS = 60_000;
const REFUSING = '443061841';

// The platform: the simulator on its own server, with a clock the tests move.
let clock = new Date('2030-01-10T08:00:00Z');
const platform = Fastify();
await registerPlatformSimulator(platform, {
  db,
  stepMs: STEP_MS,
  refusingSirens: [REFUSING],
  clientId: 'client-test',
  clientSecret: 'secret-test',
  now: () => clock,
});
await platform.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(platform.server.address() as AddressInfo).port}/dev/plateforme-agreee`;
const settings: FlowServiceSettings = {
  flowUrl: `${base}/flow`,
  tokenUrl: `${base}/token`,
  clientId: 'client-test',
  clientSecret: 'secret-test',
  timeoutMs: 5_000,
};
afterAll(() => platform.close());

/** Every deposit request the platform was sent, counted on the way out. */
let depositCalls = 0;
const countingFetch: typeof fetch = async (input, init) => {
  if (init?.method === 'POST' && String(input).endsWith('/v1/flows')) depositCalls += 1;
  return fetch(input, init);
};

const workerOf = (client: FlowServiceClient, on: Db = db) =>
  new EinvoiceWorker({ db: on, client, pollMs: 60_000, readEveryMs: 0, retryBaseMs: 1, maxDelayMs: 1 });

/** Runs the worker a few times (a deposited invoice is read again at each run until its last status). */
async function drain(worker: EinvoiceWorker, runs = 6) {
  for (let i = 0; i < runs && (await worker.runOnce()) > 0; i += 1);
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A subscriber with billing details, paying: their invoice is issued as the billing webhook issues it. */
async function invoicedMember(siren: string | null, paidAt = new Date('2030-01-10T07:00:00Z')) {
  const member = await signUp(t);
  if (siren)
    await saveBillingDetails(db, member.userId, {
      siren,
      vatNumber: null,
      addressLine: '3 quai des Chartrons',
      postcode: '33000',
      city: 'Bordeaux',
    });
  await applyInvoicePaid(
    db,
    { id: `evt_${randomUUID()}`, provider: 'demo', type: 'invoice.paid', occurredAt: paidAt },
    {
      provider: 'demo',
      providerInvoiceId: `in_${randomUUID()}`,
      userId: member.userId,
      planId: 'monthly',
      amountCents: 9900,
      paidAt,
    },
    seller,
  );
  const [invoice] = await db.select().from(membershipInvoices).where(eq(membershipInvoices.userId, member.userId));
  if (!invoice) throw new Error('no invoice');
  return { member, invoice };
}

const depositOf = async (documentId: string) =>
  (await db.select().from(einvoiceDeposits).where(eq(einvoiceDeposits.documentId, documentId)))[0];

const flowsOf = async (number: string) =>
  db.select().from(einvoicingSimulatorFlows).where(eq(einvoicingSimulatorFlows.trackingId, number));

async function myStatus(member: Awaited<ReturnType<typeof signUp>>, number: string) {
  const res = await member.get('/api/me/membership-invoices');
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { invoices: { number: string; einvoice: EinvoiceStatus | null }[] };
  return body.invoices.find((i) => i.number === number)?.einvoice;
}

// Documents issued before the platform's first start stay downloads: the start is recorded now,
// and the clock of the payments below is later.
await queueDeposits(db);
await db.execute(sql`update installation set value = '2030-01-01T00:00:00Z' where key = 'einvoicing-since'`);

describe('the simulator', () => {
  it('rejects a PDF without Factur-X at its checks, refuses for a buyer that refuses, and names every status it answers', async () => {
    const plain = await PDFDocument.create();
    plain.addPage();
    expect(await simulatorVerdict(await plain.save(), [])).toMatchObject({
      verdict: 'reject',
      reason: simulatorReasons.noFacturX,
    });
    for (const code of SIMULATED_CODES) expect(LIFECYCLE_STATUSES).toHaveProperty(String(code));
  });

  it('answers 401 without its token, and a deposit without a file 400', async () => {
    const res = await fetch(`${base}/flow/v1/flows/${randomUUID()}`);
    expect(res.status).toBe(401);
    const token = await fetch(`${base}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=client-test&client_secret=faux',
    });
    expect(token.status).toBe(401);
  });
});

describe('deposits', () => {
  it('deposits an invoice once and follows it to `Encaissée`; the member sees each step', async () => {
    const { member, invoice } = await invoicedMember('732829320');
    const worker = workerOf(new FlowServiceClient(settings, countingFetch));
    const before = depositCalls;
    expect(await myStatus(member, invoice.number)).toBeNull();

    await worker.runOnce(); // queued and deposited
    let deposit = await depositOf(invoice.id);
    expect(deposit).toMatchObject({ series: 'membership', number: invoice.number, status: 'following' });
    expect(deposit?.flowId).toBeTruthy();
    expect(depositCalls - before).toBe(1);
    const [flow] = await flowsOf(invoice.number);
    expect(flow).toMatchObject({ verdict: 'approve', buyerSiren: '732829320', sellerSiren: t.env.COMPANY_SIREN });
    expect(await myStatus(member, invoice.number)).toMatchObject({ state: 'deposited', label: 'Déposée' });

    await worker.runOnce(); // read: Déposée
    expect(await myStatus(member, invoice.number)).toMatchObject({ state: 'deposited', label: 'Déposée' });
    clock = new Date(clock.getTime() + 2 * STEP_MS);
    await worker.runOnce();
    expect((await myStatus(member, invoice.number))?.label).toBe('Prise en charge');
    clock = new Date(clock.getTime() + 2 * STEP_MS);
    await drain(worker);
    deposit = await depositOf(invoice.id);
    expect(deposit?.status).toBe('done');
    const status = await myStatus(member, invoice.number);
    expect(status?.label).toBe('Encaissée');
    expect(status?.steps.map((s) => s.label)).toEqual([
      'Déposée',
      'Mise à disposition',
      'Prise en charge',
      'Approuvée',
      'Encaissée',
    ]);
    // Done: no more reading, nothing deposited again.
    await drain(worker);
    expect(depositCalls - before).toBe(1);
    expect(await flowsOf(invoice.number)).toHaveLength(1);
  });

  it('leaves an invoice without a SIREN, or issued before the first start, as a download', async () => {
    const { member, invoice } = await invoicedMember(null);
    const early = await invoicedMember('552100554', new Date('2029-12-20T10:00:00Z'));
    await drain(workerOf(new FlowServiceClient(settings)));
    expect(await depositOf(invoice.id)).toBeUndefined();
    expect(await depositOf(early.invoice.id)).toBeUndefined();
    expect(await myStatus(member, invoice.number)).toBeNull();
  });

  it('a buyer that refuses: `Refusée` with the reason, shown to the member and the admin', async () => {
    const { member, invoice } = await invoicedMember(REFUSING);
    const worker = workerOf(new FlowServiceClient(settings));
    await worker.runOnce();
    clock = new Date(clock.getTime() + 5 * STEP_MS);
    await drain(worker);
    expect(await myStatus(member, invoice.number)).toMatchObject({
      state: 'deposited',
      label: 'Refusée',
      reason: simulatorReasons.refused,
    });
    expect((await depositOf(invoice.id))?.status).toBe('done');
    const admin = await signUp(t, { email: ADMIN });
    const list = await admin.get('/api/admin/membership-invoices/2030');
    expect(list.statusCode, list.body).toBe(200);
    const row = (list.json() as { invoices: { number: string; einvoice: EinvoiceStatus | null }[] }).invoices.find(
      (i) => i.number === invoice.number,
    );
    expect(row?.einvoice).toMatchObject({ label: 'Refusée', reason: simulatorReasons.refused });
    expect(row?.einvoice?.steps.map((s) => s.code)).toEqual([200, 203, 204, 210]);
  });

  it('a platform that is down: the invoice waits, `En attente de dépôt`, and is deposited once when it is back', async () => {
    const { member, invoice } = await invoicedMember('542065479');
    const down = new FlowServiceClient({
      ...settings,
      tokenUrl: 'http://127.0.0.1:9/token',
      flowUrl: 'http://127.0.0.1:9/flow',
    });
    await workerOf(down).runOnce();
    await sleep(5);
    await workerOf(down).runOnce();
    const waiting = await depositOf(invoice.id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 2 });
    expect(waiting?.lastError).toBeTruthy();
    expect(await myStatus(member, invoice.number)).toMatchObject({ state: 'waiting', label: 'En attente de dépôt' });

    // Back, but the first answer is lost on the way: the retry is the same flow at the platform.
    let lost = false;
    const losing: typeof fetch = async (input, init) => {
      const answer = await countingFetch(input, init);
      if (!lost && init?.method === 'POST' && String(input).endsWith('/v1/flows')) {
        lost = true;
        throw new TypeError('fetch failed: connection reset');
      }
      return answer;
    };
    const before = depositCalls;
    const worker = workerOf(new FlowServiceClient(settings, losing));
    await sleep(5);
    await worker.runOnce();
    expect((await depositOf(invoice.id))?.status).toBe('pending');
    await sleep(5);
    await worker.runOnce();
    expect(depositCalls - before).toBe(2);
    expect(await flowsOf(invoice.number)).toHaveLength(1);
    const deposited = await depositOf(invoice.id);
    expect(deposited?.status).toBe('following');
    expect(deposited?.flowId).toBe((await flowsOf(invoice.number))[0]?.flowId);
  });

  it('a deposit the platform refuses outright is marked failed with its reason, and not sent again', async () => {
    const { member, invoice } = await invoicedMember('380129866');
    const refusing: typeof fetch = async (input, init) =>
      init?.method === 'POST' && String(input).endsWith('/v1/flows')
        ? new Response(JSON.stringify({ errorCode: '422', errorMessage: 'Fichier illisible.' }), {
            status: 422,
            headers: { 'content-type': 'application/json' },
          })
        : fetch(input, init);
    await drain(workerOf(new FlowServiceClient(settings, refusing)));
    expect(await depositOf(invoice.id)).toMatchObject({ status: 'failed', lastError: '422 Fichier illisible.' });
    expect(await myStatus(member, invoice.number)).toMatchObject({ state: 'failed', label: 'Dépôt refusé' });
    await drain(workerOf(new FlowServiceClient(settings, countingFetch)));
    expect(await flowsOf(invoice.number)).toHaveLength(0);
  });
});

describe('self-billing', () => {
  it('a sponsor’s commission invoice (the sponsor sells, Synergie Pro buys) is deposited and followed too', async () => {
    const sponsor = await signUp(t);
    const mandate = await sponsor.put('/api/me/self-billing/mandate', {
      legalName: 'Dupont Conseil',
      siren: '552100554',
      addressLine: '1 rue de la République',
      postcode: '69001',
      city: 'Lyon',
      vatStatus: 'franchise',
      accepted: true,
    });
    expect(mandate.statusCode, mandate.body).toBe(200);
    await commissionLine(db, sponsor.userId, '2030-01', 990);
    await closeMonth(t.app.ctx, '2030-01', new Date('2030-02-01T07:00:00Z'));
    const [invoice] = await db.select().from(selfBillingInvoices).where(eq(selfBillingInvoices.userId, sponsor.userId));
    if (!invoice) throw new Error('no self-billing invoice');
    const worker = workerOf(new FlowServiceClient(settings));
    await worker.runOnce();
    expect(await depositOf(invoice.id)).toMatchObject({ series: 'self_billing', status: 'following' });
    expect((await flowsOf(invoice.number))[0]).toMatchObject({
      verdict: 'approve',
      sellerSiren: '552100554',
      buyerSiren: t.env.COMPANY_SIREN,
    });
    clock = new Date(clock.getTime() + 5 * STEP_MS);
    await drain(worker);
    const mine = await sponsor.get('/api/me/self-billing');
    const row = (mine.json() as { invoices: { number: string; einvoice: EinvoiceStatus | null }[] }).invoices.find(
      (i) => i.number === invoice.number,
    );
    expect(row?.einvoice).toMatchObject({ state: 'deposited', label: 'Encaissée' });
  });
});

describe('the status interval (EINVOICING_STATUS_POLL_MS)', () => {
  it('a deposited invoice is not read again before its interval, and read once after it by two workers', async () => {
    const { member, invoice } = await invoicedMember('552100554');
    const HOUR = 3_600_000;
    let reads = 0;
    const readingFetch: typeof fetch = async (input, init) => {
      if ((init?.method ?? 'GET') === 'GET' && /\/v1\/flows\/[^/]+$/.test(String(input))) reads += 1;
      return countingFetch(input, init);
    };
    const hourly = (on: Db = db) =>
      new EinvoiceWorker({
        db: on,
        client: new FlowServiceClient(settings, readingFetch),
        pollMs: 60_000,
        readEveryMs: HOUR,
        retryBaseMs: 1,
        maxDelayMs: 1,
      });
    const worker = hourly();
    await worker.runOnce(); // deposited; its first read an hour later, on the database's clock
    let deposit = await depositOf(invoice.id);
    expect(deposit?.status).toBe('following');
    const { rows } = await db.execute<{ due_in: number }>(
      sql`select extract(epoch from next_attempt_at - now()) as due_in from einvoice_deposits where document_id = ${invoice.id}`,
    );
    expect(Number(rows[0]?.due_in)).toBeGreaterThan(HOUR / 1000 - 120);
    expect(Number(rows[0]?.due_in)).toBeLessThanOrEqual(HOUR / 1000);

    // The outbox looked at again and again (its own poll) before the hour: the status is not read.
    for (let i = 0; i < 3; i += 1) await worker.runOnce();
    expect(reads).toBe(0);
    clock = new Date(clock.getTime() + 3 * STEP_MS);
    expect(await myStatus(member, invoice.number)).toMatchObject({ label: 'Déposée' });

    // The hour has passed (the row's time moved back by it): read once, by one of two instances.
    const moveBack = () =>
      db.execute(
        sql`update einvoice_deposits set next_attempt_at = next_attempt_at - interval '1 hour' where document_id = ${invoice.id}`,
      );
    await moveBack();
    const url = (t.database as { url?: string }).url;
    const other = testDbKind === 'postgres' && url ? await openPostgres(url, 3) : null;
    try {
      const two = hourly(other?.db ?? db);
      await Promise.all([worker.runOnce(), two.runOnce(), worker.runOnce(), two.runOnce()]);
      expect(reads).toBe(1);
      // Three steps of the platform's clock since the deposit: `Approuvée` (read once, all at once).
      expect((await myStatus(member, invoice.number))?.label).toBe('Approuvée');
      // And the next read an hour after this one.
      for (let i = 0; i < 3; i += 1) await two.runOnce();
      expect(reads).toBe(1);
      deposit = await depositOf(invoice.id);
      expect(deposit?.status).toBe('following');
      await moveBack();
      await two.runOnce();
      expect(reads).toBe(2);
    } finally {
      await other?.close();
    }
  });
});

describe('two instances', () => {
  it('two workers at once deposit each of 8 invoices once', async () => {
    const issued = await Promise.all(
      ['732829320', '552100554', '443061841', '542065479', '380129866', '732829320', '552100554', '542065479'].map(
        (siren) => invoicedMember(siren),
      ),
    );
    const url = (t.database as { url?: string }).url;
    const other = testDbKind === 'postgres' && url ? await openPostgres(url, 3) : null;
    try {
      const before = depositCalls;
      const one = workerOf(new FlowServiceClient(settings, countingFetch));
      const two = workerOf(new FlowServiceClient(settings, countingFetch), other?.db ?? db);
      await Promise.all([drain(one), drain(two), drain(one), drain(two)]);
      expect(depositCalls - before).toBe(issued.length);
      for (const { invoice } of issued) {
        expect((await depositOf(invoice.id))?.status).toMatch(/following|done/);
        expect(await flowsOf(invoice.number)).toHaveLength(1);
      }
    } finally {
      await other?.close();
    }
  });
});
