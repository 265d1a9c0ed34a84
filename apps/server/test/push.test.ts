import { setTimeout as sleep } from 'node:timers/promises';
import { apiErrors, pushMessages } from '@synergie/shared';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type Db, openPostgres } from '../src/db/client';
import { notifications, pushOutbox, pushSubscriptions, vapidKeys } from '../src/db/schema';
import { notify } from '../src/domain/notifications';
import { checkPushEndpoint } from '../src/domain/push/endpoint-check';
import { PushWorker, type PushWorkerOptions } from '../src/domain/push/outbox';
import { loadVapidDetails, vapidDetails } from '../src/domain/push/vapid';
import { loadEnv } from '../src/env';
import { AppError } from '../src/lib/errors';
import { createTestApp } from './helpers/app';
import { signUp } from './helpers/auth';
import { closedOrigin, createTestDevice, startPushService, type TestDevice } from './helpers/push-service';

/**
 * Web Push (issue 28): the VAPID key pair kept once, devices subscribed with their bad input
 * refused in French (foreign or private endpoints: the SSRF guard), the push outbox written with
 * the notification and sent by a worker to a push service of the test's own, which checks the
 * VAPID signature and decrypts the RFC 8291 payload as a browser would.
 */

const service = await startPushService();
const down = await closedOrigin();
afterAll(() => service.close());

const t = await createTestApp({ env: { PUSH_ALLOWED_ORIGINS: `${service.origin},${down}` } });
const db = t.database.db;
const ctx = t.app.ctx;

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
  service.received.length = 0;
  service.refused.length = 0;
  service.answer = () => 201;
  ctx.resolveHost = undefined;
});

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

function newWorker(overrides: Partial<PushWorkerOptions> = {}) {
  const worker = new PushWorker({
    db,
    vapid: () => vapidDetails(db, t.env),
    check: { allowedOrigins: t.env.PUSH_ALLOWED_ORIGINS },
    pollMs: 60_000,
    retryBaseMs: 60_000,
    maxAttempts: 3,
    ...overrides,
  });
  cleanups.push(() => worker.stop());
  return worker;
}

type Member = Awaited<ReturnType<typeof signUp>>;

/** Subscribes a device of the member's to an endpoint of the test's push service. */
async function subscribe(member: Member, name: string, device: TestDevice = createTestDevice()) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/me/push/subscriptions',
    headers: {
      origin: t.env.SITE_URL,
      cookie: member.jar.header(),
      'content-type': 'application/json',
      'user-agent': ANDROID_CHROME,
    },
    payload: JSON.stringify({ endpoint: service.endpoint(name), expirationTime: null, keys: device.keys }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { device, id: res.json().id as string, endpoint: service.endpoint(name) };
}

const decrypted = (device: TestDevice, index = 0) =>
  JSON.parse(device.decrypt(service.received[index]?.body ?? Buffer.alloc(0)));

describe('the VAPID key pair', () => {
  it('is made once and kept: two first starts at once end with one pair', async () => {
    const env = { ...t.env, VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined };
    await db.delete(vapidKeys);
    const handles: Db[] = [db];
    const url = (t.database as { url?: string }).url;
    if (url) {
      // Two instances: two pools on the same PostgreSQL database.
      const other = await openPostgres(url, 2);
      cleanups.push(() => other.close());
      handles.push(other.db);
    } else handles.push(db);
    const [a, b] = await Promise.all(handles.map((h) => loadVapidDetails(h, env)));
    expect(a?.publicKey).toMatch(/^B[\w-]{86}$/);
    expect(b).toEqual(a);
    const [rows] = await db.select({ n: count() }).from(vapidKeys);
    expect(rows?.n).toBe(1);
    expect(await loadVapidDetails(db, env)).toEqual(a);
  });

  it('comes from the settings when they give one, with its subject', async () => {
    const keys = { VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`, VAPID_PRIVATE_KEY: 'A'.repeat(43) };
    const env = loadEnv({ NODE_ENV: 'test', ...keys, VAPID_SUBJECT: 'mailto:push@synergie.test' });
    expect(await loadVapidDetails(db, env)).toEqual({
      subject: 'mailto:push@synergie.test',
      publicKey: keys.VAPID_PUBLIC_KEY,
      privateKey: keys.VAPID_PRIVATE_KEY,
    });
    expect(() => loadEnv({ NODE_ENV: 'test', VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(/VAPID_PRIVATE_KEY/);
  });

  it('is given to members only', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/api/push/vapid-public-key' });
    expect(visitor.statusCode).toBe(401);
    const member = await signUp(t);
    const res = await member.get('/api/push/vapid-public-key');
    expect(res.statusCode).toBe(200);
    expect(res.json().publicKey).toBe((await vapidDetails(db, t.env)).publicKey);
  });

  it('PUSH_ALLOWED_ORIGINS is refused in production', () => {
    expect(() =>
      loadEnv({
        NODE_ENV: 'production',
        BETTER_AUTH_SECRET: 'x'.repeat(40),
        PUSH_ALLOWED_ORIGINS: 'http://127.0.0.1:4599',
      }),
    ).toThrow(/PUSH_ALLOWED_ORIGINS: is for tests and development/);
    expect(() => loadEnv({ NODE_ENV: 'test', PUSH_ALLOWED_ORIGINS: 'http://127.0.0.1:4599/push' })).toThrow(/origins/);
  });
});

describe('subscribing a device', () => {
  const good = createTestDevice().keys;
  const cases: [string, unknown, string][] = [
    ['no keys', { endpoint: 'https://fcm.googleapis.com/fcm/send/abc' }, pushMessages.keysMissing],
    ['not a URL', { endpoint: 'pas une adresse', keys: good }, pushMessages.endpointInvalid],
    ['an ftp URL', { endpoint: 'ftp://fcm.googleapis.com/x', keys: good }, pushMessages.endpointInvalid],
    [
      'a short p256dh',
      { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { ...good, p256dh: good.p256dh.slice(0, 60) } },
      pushMessages.p256dhInvalid,
    ],
    [
      'a p256dh that is not base64url',
      { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { ...good, p256dh: `B${'+'.repeat(86)}` } },
      pushMessages.p256dhInvalid,
    ],
    [
      'an auth of 12 bytes',
      { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { ...good, auth: 'AAAAAAAAAAAAAAAA' } },
      pushMessages.authInvalid,
    ],
  ];
  for (const [what, body, message] of cases) {
    it(`refuses ${what} with a French 400`, async () => {
      const member = await signUp(t);
      const res = await member.post('/api/me/push/subscriptions', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
      expect(JSON.stringify(res.json().error)).toContain(message);
    });
  }

  it('refuses a 65-byte key that is not a point of P-256', async () => {
    const member = await signUp(t);
    const notAPoint = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 0xff)]).toString('base64url');
    const res = await member.post('/api/me/push/subscriptions', {
      endpoint: service.endpoint('x'),
      keys: { ...good, p256dh: notAPoint },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(pushMessages.p256dhInvalid);
  });

  const refused: [string, string, string][] = [
    ['a foreign host', 'https://push.example.com/wpush/abc', pushMessages.endpointForeign],
    ['a look-alike host', 'https://fcm.googleapis.com.example.com/fcm/send/abc', pushMessages.endpointForeign],
    ['another port', 'https://fcm.googleapis.com:8443/fcm/send/abc', pushMessages.endpointForeign],
    ['plain http', 'http://fcm.googleapis.com/fcm/send/abc', pushMessages.endpointNotHttps],
    ['a loopback push service not allowed', 'http://127.0.0.1:9/push/abc', pushMessages.endpointNotHttps],
    ['a loopback https address', 'https://127.0.0.1/push/abc', pushMessages.endpointForeign],
  ];
  for (const [what, endpoint, message] of refused) {
    it(`refuses ${what} (400 PUSH_ENDPOINT_REFUSED)`, async () => {
      const member = await signUp(t);
      const res = await member.post('/api/me/push/subscriptions', { endpoint, keys: good });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'PUSH_ENDPOINT_REFUSED', message });
    });
  }

  it('refuses a push host whose name leads to a private or loopback address (SSRF)', async () => {
    const member = await signUp(t);
    for (const address of ['10.0.0.5', '127.0.0.1', '::1', '169.254.169.254']) {
      ctx.resolveHost = async () => [
        { address: '142.250.0.1', family: 4 },
        { address, family: address.includes(':') ? 6 : 4 },
      ];
      const res = await member.post('/api/me/push/subscriptions', {
        endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/abc',
        keys: good,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'PUSH_ENDPOINT_REFUSED', message: pushMessages.endpointPrivate });
    }
    ctx.resolveHost = async () => {
      throw new Error('ENOTFOUND');
    };
    const unknown = await member.post('/api/me/push/subscriptions', {
      endpoint: 'https://web.push.apple.com/abc',
      keys: good,
    });
    expect(unknown.json().error.message).toBe(pushMessages.endpointUnreachable);
    // A public answer: accepted (nothing is posted when subscribing).
    ctx.resolveHost = async () => [{ address: '17.57.146.10', family: 4 }];
    const ok = await member.post('/api/me/push/subscriptions', {
      endpoint: 'https://web.push.apple.com/abc',
      keys: good,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const [stored] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, ok.json().id));
    expect(stored?.endpoint).toBe('https://web.push.apple.com/abc');
  });

  it('checks the endpoint again when sending: a name now leading to a private address is not posted to', async () => {
    const resolve = async () => [{ address: '192.168.1.10', family: 4 }];
    await expect(
      checkPushEndpoint('https://wns2-par02p.notify.windows.com/w/?token=abc', { allowedOrigins: [], resolve }),
    ).rejects.toThrow(AppError);
    await expect(
      checkPushEndpoint('https://wns2-par02p.notify.windows.com/w/?token=abc', {
        allowedOrigins: [],
        resolve: async () => [{ address: '20.42.0.1', family: 4 }],
      }),
    ).resolves.toMatchObject({ pinned: { address: '20.42.0.1' } });
  });

  it('lists the member’s devices with their names; removes one; another member’s is not found', async () => {
    const claire = await signUp(t);
    const bruno = await signUp(t);
    const mine = await subscribe(claire, 'claire-phone');
    const list = await claire.get('/api/me/push/subscriptions');
    expect(list.statusCode).toBe(200);
    expect(list.json().devices).toEqual([
      expect.objectContaining({
        id: mine.id,
        label: 'Chrome sur Android',
        endpoint: mine.endpoint,
        lastSuccessAt: null,
      }),
    ]);
    expect((await bruno.get('/api/me/push/subscriptions')).json().devices).toEqual([]);
    const stolen = await bruno.delete(`/api/me/push/subscriptions/${mine.id}`);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error.message).toBe(apiErrors.PUSH_DEVICE_NOT_FOUND.message);
    expect((await claire.delete(`/api/me/push/subscriptions/${mine.id}`)).statusCode).toBe(200);
    expect((await claire.get('/api/me/push/subscriptions')).json().devices).toEqual([]);
  });

  it('a browser subscribed again under another account moves to it, with its new keys', async () => {
    const first = await signUp(t);
    const second = await signUp(t);
    await subscribe(first, 'shared-laptop');
    const again = await subscribe(second, 'shared-laptop');
    expect((await first.get('/api/me/push/subscriptions')).json().devices).toEqual([]);
    expect((await second.get('/api/me/push/subscriptions')).json().devices).toEqual([
      expect.objectContaining({ id: again.id }),
    ]);
    const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, again.endpoint));
    expect(row?.p256dh).toBe(again.device.keys.p256dh);
  });
});

describe('the per-kind choice', () => {
  it('is on for every kind until the member turns one off; the email frequency stays', async () => {
    const member = await signUp(t);
    const before = await member.get('/api/me/push/settings');
    expect(before.statusCode).toBe(200);
    expect(Object.values(before.json().settings).every((v) => v === true)).toBe(true);
    await member.put('/api/me/notification-settings', { settings: { testimonial: 'weekly' } });
    const res = await member.put('/api/me/push/settings', { settings: { testimonial: false } });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toMatchObject({ testimonial: false, meeting: true });
    expect((await member.get('/api/me/notification-settings')).json().settings.testimonial).toBe('weekly');
    const bad = await member.put('/api/me/push/settings', { settings: { testimonial: 'oui' } });
    expect(bad.statusCode).toBe(400);
  });

  it('a kind turned off queues no push; the notification is there', async () => {
    const member = await signUp(t);
    await subscribe(member, 'off-kind');
    await member.put('/api/me/push/settings', { settings: { testimonial: false } });
    const [id] = await db.transaction((tx) =>
      notify(tx, ctx, { userId: member.userId, kind: 'testimonial', title: 'Un membre vous a écrit un témoignage' }),
    );
    const rows = await db.select().from(pushOutbox).where(eq(pushOutbox.userId, member.userId));
    expect(id).toBeTruthy();
    expect(rows).toEqual([]);
  });
});

describe('delivery', () => {
  it('a notification reaches the device: signed, encrypted, in French, without the external contact’s name', async () => {
    const member = await signUp(t);
    const { device, id: deviceId } = await subscribe(member, 'delivery');
    const [notificationId] = await db.transaction((tx) =>
      notify(tx, ctx, {
        userId: member.userId,
        kind: 'recommendation_received',
        title: 'Claire Martin vous recommande un contact externe',
        // The need names the contact, who is not a member: it never leaves in a push.
        body: 'Jean Dupont (06 12 34 56 78) cherche un électricien',
        link: '/recommandations/3f2a',
      }),
    );
    const worker = newWorker();
    expect(await worker.runOnce()).toBe(1);
    expect(service.refused).toEqual([]);
    expect(service.received).toHaveLength(1);
    const push = service.received[0];
    expect(push?.path).toBe('/push/delivery');
    expect(push?.publicKey).toBe((await vapidDetails(db, t.env)).publicKey);
    expect(push?.claims.aud).toBe(service.origin);
    expect(push?.claims.sub).toBe(`mailto:${t.env.CONTACT_EMAIL}`);
    expect(push?.claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(push?.claims.exp).toBeLessThanOrEqual(Date.now() / 1000 + 24 * 3600);
    const payload = decrypted(device);
    expect(payload).toEqual({
      title: 'Une recommandation pour vous',
      body: 'Claire Martin vous recommande un contact externe',
      url: '/recommandations/3f2a',
      tag: `notification-${notificationId}`,
    });
    expect(device.decrypt(push?.body ?? Buffer.alloc(0))).not.toMatch(/Dupont|06 12/);
    const [row] = await db
      .select()
      .from(pushOutbox)
      .where(eq(pushOutbox.notificationId, notificationId as string));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    const [sub] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, deviceId));
    expect(sub?.lastSuccessAt).toBeInstanceOf(Date);
    // Nothing left to send.
    expect(await worker.runOnce()).toBe(0);
    expect(service.received).toHaveLength(1);
  });

  it('names no candidate: a group application’s push has fixed words', async () => {
    const leader = await signUp(t);
    const { device } = await subscribe(leader, 'leader');
    await db.transaction((tx) =>
      notify(tx, ctx, {
        userId: leader.userId,
        kind: 'group_application',
        title: 'Paul Candidat (Plombier) postule à votre groupe « Lyon »',
        link: '/groupes/lyon/candidatures',
      }),
    );
    await newWorker().runOnce();
    const payload = decrypted(device);
    expect(JSON.stringify(payload)).not.toContain('Paul');
    expect(payload).toMatchObject({ title: 'Candidature', url: '/groupes/lyon/candidatures' });
  });

  it('a push service that is down never holds the change up; the push leaves later', async () => {
    const member = await signUp(t);
    const device = createTestDevice();
    // A device whose push service does not answer (nothing listens there).
    const res = await member.post('/api/me/push/subscriptions', { endpoint: `${down}/push/a`, keys: device.keys });
    expect(res.statusCode).toBe(200);
    const [notificationId] = await db.transaction((tx) =>
      notify(tx, ctx, { userId: member.userId, kind: 'meeting', title: 'Lyon : réunion demain', link: '/reunions' }),
    );
    const [notification] = await db
      .select()
      .from(notifications)
      .where(eq(notifications.id, notificationId as string));
    expect(notification?.title).toBe('Lyon : réunion demain');
    await newWorker().runOnce();
    const [afterFailure] = await db
      .select()
      .from(pushOutbox)
      .where(eq(pushOutbox.notificationId, notificationId as string));
    expect(afterFailure).toMatchObject({ status: 'pending', attempts: 1 });
    expect(afterFailure?.lastError).toBeTruthy();
    expect(afterFailure?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);

    // A service answering 503 with Retry-After: tried again later, not given up.
    service.answer = () => 503;
    const second = await subscribe(member, 'busy');
    await db.transaction((tx) =>
      notify(tx, ctx, { userId: member.userId, kind: 'meeting', title: 'Lyon : réunion déplacée', link: '/reunions' }),
    );
    await newWorker().runOnce();
    const [busy] = await db.select().from(pushOutbox).where(eq(pushOutbox.subscriptionId, second.id));
    expect(busy).toMatchObject({ status: 'pending', attempts: 1, lastError: 'push service answered 503' });
    // The service is back: the next attempt, when due, goes through.
    service.answer = () => 201;
    await db
      .update(pushOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(pushOutbox.id, busy?.id as string));
    await newWorker().runOnce();
    const [sent] = await db
      .select()
      .from(pushOutbox)
      .where(eq(pushOutbox.id, busy?.id as string));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    expect(decrypted(second.device, service.received.length - 1).body).toBe('Lyon : réunion déplacée');
  });

  it('a device the push service says is gone (410) is dropped once, with its waiting pushes', async () => {
    const member = await signUp(t);
    const gone = await subscribe(member, 'gone');
    const kept = await subscribe(member, 'kept');
    service.answer = (path) => (path === '/push/gone' ? 410 : 201);
    await db.transaction((tx) =>
      notify(tx, ctx, [
        { userId: member.userId, kind: 'testimonial', title: 'Un premier témoignage' },
        { userId: member.userId, kind: 'testimonial', title: 'Un second témoignage' },
      ]),
    );
    expect(await db.select().from(pushOutbox).where(eq(pushOutbox.userId, member.userId))).toHaveLength(4);
    const worker = newWorker();
    await worker.runOnce();
    // One post to the dead endpoint: its second push went with it.
    expect(service.received.filter((r) => r.path === '/push/gone')).toHaveLength(1);
    expect(service.received.filter((r) => r.path === '/push/kept')).toHaveLength(2);
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, gone.id))).toEqual([]);
    const left = await db.select().from(pushOutbox).where(eq(pushOutbox.userId, member.userId));
    expect(left.map((r) => [r.subscriptionId, r.status])).toEqual([
      [kept.id, 'sent'],
      [kept.id, 'sent'],
    ]);
    // 404 too.
    service.answer = () => 404;
    await db.transaction((tx) =>
      notify(tx, ctx, { userId: member.userId, kind: 'testimonial', title: 'Un troisième' }),
    );
    await worker.runOnce();
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.userId))).toEqual([]);
  });

  it('a push service refusing the request (400) is not tried again', async () => {
    const member = await signUp(t);
    const device = await subscribe(member, 'refusing');
    service.answer = () => 400;
    await db.transaction((tx) => notify(tx, ctx, { userId: member.userId, kind: 'testimonial', title: 'Refusé' }));
    await newWorker().runOnce();
    const [row] = await db.select().from(pushOutbox).where(eq(pushOutbox.subscriptionId, device.id));
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('two instances’ workers send each push once', async () => {
    const member = await signUp(t);
    const phone = await subscribe(member, 'twice-phone');
    const laptop = await subscribe(member, 'twice-laptop');
    const total = 12;
    await db.transaction((tx) =>
      notify(
        tx,
        ctx,
        Array.from({ length: total }, (_, i) => ({
          userId: member.userId,
          kind: 'recommendation_updated' as const,
          title: `Étape ${i}`,
          link: `/recommandations/${i}`,
        })),
      ),
    );
    const dbs: Db[] = [];
    const url = (t.database as { url?: string }).url;
    for (let i = 0; i < 2; i += 1) {
      if (url) {
        const own = await openPostgres(url, 2);
        cleanups.push(() => own.close());
        dbs.push(own.db);
      } else dbs.push(db); // PGlite has one connection: the instances share it.
    }
    const workers = dbs.map((instanceDb) =>
      newWorker({ db: instanceDb, vapid: () => vapidDetails(db, t.env), pollMs: 10, batchSize: 3 }),
    );
    for (const w of workers) w.start();
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const [left] = await db
        .select({ n: count() })
        .from(pushOutbox)
        .where(and(eq(pushOutbox.userId, member.userId), isNull(pushOutbox.sentAt)));
      if (left?.n === 0) break;
      await sleep(20);
    }
    await Promise.all(workers.map((w) => w.stop()));
    expect(service.received).toHaveLength(total * 2);
    const seen = service.received.map((r, i) => {
      const device = r.path === '/push/twice-phone' ? phone.device : laptop.device;
      return `${r.path} ${JSON.parse(device.decrypt(service.received[i]?.body ?? Buffer.alloc(0))).url}`;
    });
    expect(new Set(seen).size).toBe(total * 2);
  });
});

describe('the test push', () => {
  it('goes to each device, five an hour; without a device it says what to do', async () => {
    const member = await signUp(t);
    const none = await member.post('/api/me/push/test');
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe(apiErrors.PUSH_NO_DEVICE.message);
    const { device } = await subscribe(member, 'test-push');
    const first = await member.post('/api/me/push/test');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ devices: 1 });
    await newWorker().runOnce();
    expect(decrypted(device)).toEqual({
      title: pushMessages.testTitle,
      body: pushMessages.testBody,
      url: '/profile/notifications#appareils',
      tag: 'push-test',
    });
    for (let i = 1; i < 5; i += 1) expect((await member.post('/api/me/push/test')).statusCode).toBe(200);
    const over = await member.post('/api/me/push/test');
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toMatchObject({ code: 'PUSH_TEST_QUOTA', message: apiErrors.PUSH_TEST_QUOTA.message });
  });
});
