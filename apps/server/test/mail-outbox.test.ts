import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { count, eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openPostgres } from '../src/db/client';
import { mailOutbox } from '../src/db/schema';
import { enqueueMail, OutboxWorker, type OutboxWorkerOptions, retryDelayMs } from '../src/mail/outbox';
import { keepTransport, type MailTransport, smtpTransport, type TransportMail } from '../src/mail/transport';
import { createTestDatabase } from './helpers/db';

const database = await createTestDatabase();
afterAll(() => database.close());

// Everything a test opens (SMTP servers, workers, pools) is closed after it, failed or not,
// in reverse order: workers stop before the pools they use are closed.
const cleanups: Array<() => unknown> = [];
const onCleanup = (fn: () => unknown) => cleanups.push(fn);
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

beforeEach(async () => {
  await database.db.delete(mailOutbox);
});

const FROM = 'Synergie Pro <no-reply@synergie.test>';
const SITE_HOST = 'synergie.test';

interface ReceivedMail {
  mailFrom: string | undefined;
  rcptTo: string[];
  raw: string;
}

interface TestSmtpServer {
  port: number;
  received: ReceivedMail[];
  /** RCPT TO commands seen, accepted or not. */
  rcptAttempts: number;
  /** Passwords clients logged in with. */
  passwords: string[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1, plain text (no STARTTLS), no authentication.
 * `reject` answers every RCPT TO with that error, as a full mailbox or a greylisting relay does.
 */
async function startSmtpServer(options: { port?: number; reject?: { code: number; message: string } } = {}) {
  const state: TestSmtpServer = {
    port: 0,
    received: [],
    rcptAttempts: 0,
    passwords: [],
    close: async () => {},
  };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    // No DNS lookup of 127.0.0.1 per connection: it can take seconds where DNS is slow.
    disableReverseLookup: true,
    // Accepts a login without TLS, to see whether a client would send its password in clear.
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      state.passwords.push(auth.password ?? '');
      callback(null, { user: auth.username });
    },
    logger: false,
    onRcptTo(_address, _session, callback) {
      state.rcptAttempts += 1;
      if (options.reject) {
        callback(Object.assign(new Error(options.reject.message), { responseCode: options.reject.code }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        state.received.push({
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  state.port = (server.server.address() as AddressInfo).port;
  let closed = false;
  state.close = () => {
    if (closed) return Promise.resolve();
    closed = true;
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  onCleanup(state.close);
  return state;
}

function smtpTo(port: number): MailTransport {
  const transport = smtpTransport(`smtp://127.0.0.1:${port}`, FROM, SITE_HOST);
  onCleanup(() => transport.close());
  return transport;
}

/**
 * A transport that records what it was asked to send, taking `delayMs` per mail.
 * `stats` may be shared by several transports to see whether their sends overlapped.
 */
function recordingTransport(delayMs = 0, stats = { inFlight: 0, maxInFlight: 0 }) {
  const sent: TransportMail[] = [];
  const transport: MailTransport = {
    async send(mail) {
      sent.push(mail);
      stats.inFlight += 1;
      stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
      try {
        await sleep(delayMs);
      } finally {
        stats.inFlight -= 1;
      }
      return 'sent';
    },
    close() {},
  };
  return { transport, sent, stats };
}

/** A transport whose sends wait until the test settles them, to interleave instances by hand. */
function gatedTransport() {
  const calls: Array<{ mail: TransportMail; succeed: () => void; fail: (error: Error) => void }> = [];
  let notify: (() => void) | undefined;
  const transport: MailTransport = {
    send(mail) {
      return new Promise((resolve, reject) => {
        calls.push({ mail, succeed: () => resolve('sent'), fail: reject });
        notify?.();
      });
    },
    close() {},
  };
  /** Resolves once `n` sends have started. */
  async function started(n: number) {
    while (calls.length < n) await new Promise<void>((resolve) => (notify = resolve));
  }
  return { transport, calls, started };
}

function newWorker(transport: MailTransport, options: Partial<OutboxWorkerOptions> = {}) {
  const worker = new OutboxWorker({
    db: database.db,
    transport,
    pollMs: 20,
    retryBaseMs: 50,
    maxAttempts: 5,
    ...options,
  });
  onCleanup(() => worker.stop());
  return worker;
}

async function row(id: string) {
  const [found] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!found) throw new Error(`mail ${id} is not in the outbox`);
  return found;
}

/** Waits, without polling the database, until the mail's next attempt is due. */
async function untilDue(id: string) {
  const { nextAttemptAt } = await row(id);
  await sleep(Math.max(0, nextAttemptAt.getTime() - Date.now()) + 5);
}

/** Runs the worker until it handles something (a few ms of clock difference with the database tolerated). */
async function runUntilHandled(worker: OutboxWorker, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const handled = await worker.runOnce();
    if (handled > 0) return handled;
    if (Date.now() > deadline) throw new Error(`the worker found nothing due within ${timeoutMs} ms`);
    await sleep(10);
  }
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

const welcome = {
  to: 'claire@cabinet-martin.fr',
  subject: 'Bienvenue sur Synergie Pro',
  text: 'Bonjour Claire, votre compte est pret.',
  html: '<p>Bonjour Claire, votre compte est pret.</p>',
  replyTo: 'equipe@synergie.test',
  template: 'welcome',
};

describe('mail outbox', () => {
  it('delivers a queued mail over SMTP and records it as sent', async () => {
    const smtp = await startSmtpServer();
    const worker = newWorker(smtpTo(smtp.port));
    const [id] = await enqueueMail(database.db, welcome);
    expect((await row(id as string)).status).toBe('pending');

    expect(await worker.runOnce()).toBe(1);

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.mailFrom).toBe('no-reply@synergie.test');
    expect(mail?.rcptTo).toEqual(['claire@cabinet-martin.fr']);
    const raw = mail?.raw ?? '';
    expect(raw).toMatch(/^To: claire@cabinet-martin\.fr\r$/m);
    expect(raw).toMatch(/^Subject: Bienvenue sur Synergie Pro\r$/m);
    expect(raw).toMatch(/^From: Synergie Pro <no-reply@synergie\.test>\r$/m);
    expect(raw).toMatch(/^Reply-To: equipe@synergie\.test\r$/m);
    // The Message-ID carries the outbox id, so a receiver can tell a resend from a new mail.
    expect(raw).toContain(`Message-ID: <${id}@synergie.test>`);
    expect(raw).toContain('Bonjour Claire, votre compte est pret.');
    expect(raw).toContain('<p>Bonjour Claire, votre compte est pret.</p>');

    const sent = await row(id as string);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null, lockedUntil: null });
    expect(sent.sentAt).toBeInstanceOf(Date);

    // Nothing left to do: a second run sends nothing again.
    expect(await worker.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('never sends SMTP credentials over a connection that was not upgraded to TLS', async () => {
    const smtp = await startSmtpServer();
    const transport = smtpTransport(`smtp://mailer:s3cret@127.0.0.1:${smtp.port}`, FROM, SITE_HOST);
    onCleanup(() => transport.close());
    const worker = newWorker(transport);
    const [id] = (await enqueueMail(database.db, welcome)) as [string];

    expect(await worker.runOnce()).toBe(1);
    expect(smtp.passwords).toEqual([]);
    expect(smtp.received).toHaveLength(0);
    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.lastError).toMatch(/STARTTLS/);
  });

  it('retries with a growing back-off while the SMTP server is down, then sends the mail once', async () => {
    // Take a free port, then leave it with nothing listening.
    const probe = await startSmtpServer();
    const port = probe.port;
    await probe.close();
    const worker = newWorker(smtpTo(port), { retryBaseMs: 50, maxAttempts: 5 });
    const [id] = (await enqueueMail(database.db, welcome)) as [string];

    // First attempt: connection refused, back to pending for retryBaseMs.
    let before = Date.now();
    expect(await worker.runOnce()).toBe(1);
    let after = Date.now();
    let failed = await row(id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null, sentAt: null });
    expect(failed.lastError).toMatch(/ECONNREFUSED/);
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 50 - 1);
    expect(failed.nextAttemptAt.getTime()).toBeLessThanOrEqual(after + 50 + 1);

    // Second attempt, still down: the delay doubles.
    await untilDue(id);
    before = Date.now();
    expect(await runUntilHandled(worker)).toBe(1);
    after = Date.now();
    failed = await row(id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 2 });
    expect(failed.lastError).toMatch(/ECONNREFUSED/);
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 100 - 1);
    expect(failed.nextAttemptAt.getTime()).toBeLessThanOrEqual(after + 100 + 1);

    // The server comes back on the same port: the next due attempt delivers, once.
    const smtp = await startSmtpServer({ port });
    await untilDue(id);
    expect(await runUntilHandled(worker)).toBe(1);
    const sent = await row(id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.raw).toContain(`Message-ID: <${id}@synergie.test>`);

    expect(await worker.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('leaves a pending mail alone until its next attempt is due', async () => {
    const { transport, sent } = recordingTransport();
    const worker = newWorker(transport);
    const [id] = (await enqueueMail(database.db, welcome)) as [string];
    await database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() + interval '1 hour'` })
      .where(eq(mailOutbox.id, id));
    expect(await worker.runOnce()).toBe(0);
    expect(sent).toHaveLength(0);
    expect((await row(id)).status).toBe('pending');
  });

  it('gives up after maxAttempts failures and never retries a failed mail', async () => {
    const smtp = await startSmtpServer({ reject: { code: 452, message: 'Boite pleine, reessayez plus tard' } });
    const warnings: Array<{ obj: object; msg: string }> = [];
    const worker = newWorker(smtpTo(smtp.port), {
      retryBaseMs: 20,
      maxAttempts: 3,
      log: { info: () => {}, warn: (obj, msg) => warnings.push({ obj, msg }) },
    });
    const [id] = (await enqueueMail(database.db, welcome)) as [string];

    expect(await worker.runOnce()).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 1 });
    await untilDue(id);
    expect(await runUntilHandled(worker)).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 2 });
    await untilDue(id);
    expect(await runUntilHandled(worker)).toBe(1);

    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, lockedUntil: null, sentAt: null });
    expect(failed.lastError).toContain('Boite pleine');
    expect(smtp.rcptAttempts).toBe(3);
    expect(smtp.received).toHaveLength(0);
    expect(warnings.map((w) => w.msg)).toEqual(['mail will be retried', 'mail will be retried', 'mail given up']);

    // Even once "due", a failed mail is not taken again.
    await database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 hour'` })
      .where(eq(mailOutbox.id, id));
    expect(await worker.runOnce()).toBe(0);
    expect(smtp.rcptAttempts).toBe(3);
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 3 });
  });

  it('doubles the retry delay per attempt, up to the maximum', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 50, 1000))).toEqual([50, 100, 200, 400]);
    expect(retryDelayMs(10, 50, 1000)).toBe(1000);
  });

  it('sends each mail exactly once with several workers on the same database', async () => {
    const total = 30;
    // On PostgreSQL each worker has its own pool, as separate app instances would.
    const dbs: Db[] = [];
    for (let i = 0; i < 3; i++) {
      if (database.kind === 'postgres') {
        const url = (database as { url?: string }).url;
        if (!url) throw new Error('createTestDatabase gave no url');
        const own = await openPostgres(url, 2);
        onCleanup(() => own.close());
        dbs.push(own.db);
      } else {
        // PGlite has one connection: the instances share it.
        dbs.push(database.db);
      }
    }
    const ids = await enqueueMail(
      database.db,
      Array.from({ length: total }, (_, i) => ({
        to: `membre${i}@synergie.test`,
        subject: `Mail ${i}`,
        text: `Corps ${i}`,
      })),
    );
    const stats = { inFlight: 0, maxInFlight: 0 };
    const recorders = dbs.map(() => recordingTransport(20, stats));
    const workers = dbs.map((db, i) =>
      newWorker((recorders[i] as ReturnType<typeof recordingTransport>).transport, { db, pollMs: 10, batchSize: 4 }),
    );
    for (const worker of workers) worker.start();

    const sentCount = async () => {
      const [result] = await database.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, 'sent'));
      return result?.n ?? 0;
    };
    await waitFor(async () => (await sentCount()) === total, 'all mails to be sent');
    await Promise.all(workers.map((worker) => worker.stop()));

    const delivered = recorders.flatMap((r) => r.sent.map((m) => m.messageId));
    expect(delivered).toHaveLength(total);
    expect(new Set(delivered).size).toBe(total);
    expect([...delivered].sort()).toEqual([...ids].sort());
    // The instances really worked side by side: each sent some, and sends overlapped.
    for (const recorder of recorders) expect(recorder.sent.length).toBeGreaterThan(0);
    expect(stats.maxInFlight).toBeGreaterThan(1);

    const rows = await database.db.select().from(mailOutbox);
    expect(rows).toHaveLength(total);
    for (const r of rows) expect(r).toMatchObject({ status: 'sent', attempts: 1, lockedUntil: null });
  });

  it('takes over a mail whose lease expired (a crashed instance) but not one still leased', async () => {
    const smtp = await startSmtpServer();
    const worker = newWorker(smtpTo(smtp.port));
    const [crashed, leased] = (await enqueueMail(database.db, [
      { ...welcome, subject: 'Lease expire' },
      { ...welcome, subject: 'Lease en cours' },
    ])) as [string, string];
    await database.db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: 1, lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.id, crashed));
    await database.db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: 1, lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(mailOutbox.id, leased));

    expect(await worker.runOnce()).toBe(1);

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.raw).toMatch(/^Subject: Lease expire\r$/m);
    expect(smtp.received[0]?.raw).toContain(`Message-ID: <${crashed}@synergie.test>`);
    expect(await row(crashed)).toMatchObject({ status: 'sent', attempts: 2, lockedUntil: null });
    expect(await row(leased)).toMatchObject({ status: 'sending', attempts: 1 });
  });

  it('ignores the late outcome of an instance whose lease expired, so the mail is not sent a third time', async () => {
    const a = gatedTransport();
    const b = gatedTransport();
    const workerA = newWorker(a.transport, { retryBaseMs: 10 });
    const workerB = newWorker(b.transport, { retryBaseMs: 10 });
    const [id] = (await enqueueMail(database.db, welcome)) as [string];

    // A claims the mail and hangs in the SMTP exchange past its lease.
    const runA = workerA.runOnce();
    await a.started(1);
    await database.db
      .update(mailOutbox)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.id, id));

    // B takes it over and is sending it when A's send finally fails.
    const runB = workerB.runOnce();
    await b.started(1);
    expect(await row(id)).toMatchObject({ status: 'sending', attempts: 2 });
    a.calls[0]?.fail(new Error('socket timeout'));
    await runA;

    // A's failure must not put B's claim back to pending: a third instance would send it again.
    expect(await row(id)).toMatchObject({ status: 'sending', attempts: 2, lastError: null });
    const c = recordingTransport();
    const workerC = newWorker(c.transport);
    await sleep(20);
    expect(await workerC.runOnce()).toBe(0);
    expect(c.sent).toHaveLength(0);

    b.calls[0]?.succeed();
    await runB;
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('keeps the mail in the outbox when no SMTP server is configured', async () => {
    const worker = newWorker(keepTransport());
    const [id] = (await enqueueMail(database.db, welcome)) as [string];
    expect(await worker.runOnce()).toBe(1);
    const kept = await row(id);
    expect(kept).toMatchObject({ status: 'kept', attempts: 1, lockedUntil: null, lastError: null });
    expect(kept.sentAt).toBeInstanceOf(Date);
    // Kept is final: it is not picked up again.
    expect(await worker.runOnce()).toBe(0);
  });

  it('sends promptly when woken, without waiting for the next poll', async () => {
    const { transport, sent } = recordingTransport();
    const worker = newWorker(transport, { pollMs: 60_000 });
    worker.start();
    const [id] = (await enqueueMail(database.db, welcome)) as [string];
    worker.wake();
    await waitFor(async () => (await row(id)).status === 'sent', 'the woken worker to send', 5000);
    expect(sent.map((m) => m.messageId)).toEqual([id]);
  });

  it('queues nothing when the transaction that caused the mail rolls back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        const ids = await enqueueMail(tx, welcome);
        expect(ids).toHaveLength(1);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const [afterRollback] = await database.db.select({ n: count() }).from(mailOutbox);
    expect(afterRollback?.n).toBe(0);

    // The same mail in a committed transaction is queued.
    const ids = await database.db.transaction((tx) =>
      enqueueMail(tx, [welcome, { ...welcome, to: 'bob@synergie.test' }]),
    );
    const rows = await database.db.select().from(mailOutbox);
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(await enqueueMail(database.db, [])).toEqual([]);
  });
});
