import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { mailOutbox, notifications } from '../src/db/schema';
import { notify } from '../src/domain/notifications';
import { OutboxWorker } from '../src/mail/outbox';
import { smtpTransport } from '../src/mail/transport';
import { createTestApp } from './helpers/app';
import { insertMembers } from './helpers/members';

/**
 * A notification mail over real SMTP (network-core §8, RFC 8058): it arrives with List-Unsubscribe
 * and List-Unsubscribe-Post headers, and POSTing the header's address as a mail client does (a
 * form, no session, no Origin) sets the kind to `Jamais`: the next notification of that kind sends
 * no mail.
 */

const t = await createTestApp();
const db = t.database.db;
const ctx = t.app.ctx;

const received: string[] = [];
const server = new SMTPServer({
  secure: false,
  disabledCommands: ['STARTTLS'],
  authOptional: true,
  disableReverseLookup: true,
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push(Buffer.concat(chunks).toString('utf8'));
      callback();
    });
  },
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
const port = (server.server.address() as AddressInfo).port;
const transport = smtpTransport(`smtp://127.0.0.1:${port}`, 'Synergie Pro <no-reply@synergie.test>', 'synergie.test');
const worker = new OutboxWorker({ db, transport, pollMs: 20, retryBaseMs: 50, maxAttempts: 3 });
afterAll(async () => {
  await worker.stop();
  transport.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A header of a raw message, unfolded (RFC 5322 §2.2.3). */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r\n\r\n/)[0]?.replace(/\r\n(?=[ \t])/g, '') ?? '';
  const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

describe('a notification mail over SMTP', () => {
  it('carries the one-click unsubscribe headers, and the one-click POST stops that kind', async () => {
    const [userId] = (await insertMembers(t, 1, [{ fullName: 'Claire Martin' }])) as [string];
    await db.transaction((tx) =>
      notify(tx, ctx, {
        userId,
        kind: 'recommendation_received',
        title: 'Paul vous recommande',
        link: '/recommandations/1',
      }),
    );
    expect(await worker.runOnce()).toBe(1);
    expect(received).toHaveLength(1);
    const raw = received[0] as string;
    expect(header(raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const listUnsubscribe = header(raw, 'List-Unsubscribe') as string;
    expect(listUnsubscribe).toMatch(/^<http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=[^>\s]+>$/);

    // What the mail client does with it (RFC 8058 §3.2): POST, a form body, no cookie, no Origin.
    const url = new URL(listUnsubscribe.slice(1, -1));
    const res = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'recommendation_received', frequency: 'never' });

    await db.transaction((tx) =>
      notify(tx, ctx, [
        { userId, kind: 'recommendation_received', title: 'Marc vous recommande', link: '/recommandations/2' },
      ]),
    );
    expect(await worker.runOnce()).toBe(0);
    expect(received).toHaveLength(1);
    expect(
      await db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, `${userId}@annuaire.test`)),
    ).toHaveLength(1);
    // The centre still shows it; it just leaves by no mail.
    const [row] = await db
      .select({ email: notifications.email })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.title, 'Marc vous recommande')));
    expect(row?.email).toBe('never');
  });
});
