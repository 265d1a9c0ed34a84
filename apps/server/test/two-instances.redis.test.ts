import { randomInt } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../src/db/client';
import { createTestApp, type TestApp } from './helpers/app';
import { CookieJar } from './helpers/auth';
import { createTestDatabase, testDbKind } from './helpers/db';

/**
 * Two app instances behind one load balancer: one database, one Redis. On PostgreSQL each
 * instance has its own connection pool to the same database (as two servers would); on PGlite both
 * share the one in-process database. In the redis-* test projects, which vitest.config.ts adds
 * when TEST_REDIS_URL is set (.ci/run sets it when a Redis answers); docs/reliability.md points here.
 */
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) throw new Error('TEST_REDIS_URL is not set: this file runs in the redis-* test projects');

describe('two instances on one database and one Redis', async () => {
  const database = await createTestDatabase();
  let second: Database = database;
  if (testDbKind === 'postgres') second = await openPostgres((database as { url?: string }).url as string, 5);
  // Registered before the apps' own afterAll, so it runs after them (hooks run in reverse order).
  afterAll(async () => {
    if (second !== database) await second.close();
    await database.close();
  });
  const env = {
    REDIS_URL: redisUrl as string,
    AUTH_RATE_LIMIT: 'true',
    CONTACT_RATE_LIMIT: '4',
    // Kept a minute: only Redis's word can bring a change made on the other instance.
    VISITOR_CACHE_MS: '60000',
  };
  const a = await createTestApp({ env, database });
  const b = await createTestApp({ env, database: second });

  // Redis outlives a test run (counts last 10 minutes): each run takes addresses of its own, so a
  // rerun, or the PGlite and PostgreSQL projects running at once, never share a count.
  const freshIp = () => `10.${randomInt(100, 250)}.${randomInt(0, 250)}.${randomInt(1, 250)}`;

  /** A browser whose requests go to either instance, with one cookie jar. */
  function browser(ip = freshIp()) {
    const jar = new CookieJar();
    const call = async (t: TestApp, method: 'GET' | 'POST', url: string, payload?: unknown) => {
      const res = await t.app.inject({
        method,
        url,
        headers: {
          origin: t.env.SITE_URL,
          cookie: jar.header(),
          ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        payload: payload === undefined ? undefined : JSON.stringify(payload),
        remoteAddress: ip,
      });
      jar.store(res.headers['set-cookie'] as string | string[] | undefined);
      return res;
    };
    return {
      jar,
      get: (t: TestApp, url: string) => call(t, 'GET', url),
      post: (t: TestApp, url: string, payload: unknown = {}) => call(t, 'POST', url, payload),
    };
  }

  it('keeps a session created on A working on B, and a sign-out on B ends it on A', async () => {
    const visitor = browser();
    const email = `deux.instances.${Date.now()}@exemple.fr`;
    const signedUp = await visitor.post(a, '/api/auth/sign-up/email', {
      name: 'Deux Instances',
      email,
      password: 'Motdepasse1',
    });
    expect(signedUp.statusCode).toBe(200);
    // A sign-up signs nobody in (issue 33): the member signs in on A.
    expect((await visitor.post(a, '/api/auth/sign-in/email', { email, password: 'Motdepasse1' })).statusCode).toBe(200);

    const onB = await visitor.get(b, '/api/me');
    expect(onB.statusCode).toBe(200);
    expect(JSON.stringify(onB.json())).toContain(email);
    expect((await visitor.get(a, '/api/me')).statusCode).toBe(200);

    // The cookie the browser had on A, kept aside: it must be dead on A after the sign-out on B.
    const cookieBefore = visitor.jar.header();
    expect((await visitor.post(b, '/api/auth/sign-out')).statusCode).toBe(200);
    // A remembered the session for a few seconds (auth/session-cache.ts); B's sign-out tells it
    // through Redis, which takes a moment, not the cache's 10 s.
    const signedOutAt = Date.now();
    await expect
      .poll(
        async () =>
          (await a.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieBefore } })).statusCode,
        {
          timeout: 2000,
          interval: 20,
        },
      )
      .toBe(401);
    expect(Date.now() - signedOutAt).toBeLessThan(2000);
    const replayedOnB = await b.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieBefore } });
    expect(replayedOnB.statusCode).toBe(401);
  });

  it('gives B’s visitors an event created on A within moments, not the visitor cache’s minute', async () => {
    const organizer = browser();
    const organizerEmail = `organisatrice.${Date.now()}@exemple.fr`;
    const signedUp = await organizer.post(a, '/api/auth/sign-up/email', {
      name: 'Organisatrice Deux Instances',
      email: organizerEmail,
      password: 'Motdepasse1',
    });
    expect(signedUp.statusCode).toBe(200);
    const signedIn = await organizer.post(a, '/api/auth/sign-in/email', {
      email: organizerEmail,
      password: 'Motdepasse1',
    });
    expect(signedIn.statusCode).toBe(200);
    const titles = async () =>
      (await b.app.inject({ method: 'GET', url: '/api/events?limit=50' }))
        .json()
        .events.map((e: { title: string }) => e.title);
    const title = `Afterwork des deux instances ${Date.now()}`;
    expect(await titles()).not.toContain(title); // now kept on B
    const date = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const created = await organizer.post(a, '/api/events', {
      title,
      description: '',
      date,
      time: '18:30',
      location: 'Rennes',
      maxAttendees: '',
      categoryId: '',
    });
    expect(created.statusCode, created.body).toBe(201);
    const createdAt = Date.now();
    await expect.poll(titles, { timeout: 2000, interval: 20 }).toContain(title);
    expect(Date.now() - createdAt).toBeLessThan(2000);
  });

  it('counts the contact form limit across both instances (Redis), per address', async () => {
    const sender = browser();
    const message = { name: 'Claire Martin', email: 'claire@exemple.fr', message: 'Bonjour, deux instances.' };
    // CONTACT_RATE_LIMIT=4: two on A, two on B are accepted...
    for (const t of [a, b, a, b]) {
      expect((await sender.post(t, '/api/contact', message)).statusCode).toBe(201);
    }
    // ...and the fifth is refused on either, with the French message.
    for (const t of [a, b]) {
      const refused = await sender.post(t, '/api/contact', message);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('RATE_LIMITED');
    }
    // Another address is not affected, on either instance.
    const other = browser();
    expect((await other.post(b, '/api/contact', message)).statusCode).toBe(201);
    expect((await other.post(a, '/api/contact', message)).statusCode).toBe(201);
  });

  it('applies the sign-in limit per address (Better Auth, in the database) across both instances', async () => {
    const attacker = browser();
    // Better Auth allows 10 sign-in attempts per address per minute: 5 on each instance.
    for (let i = 0; i < 10; i++) {
      const res = await attacker.post(i % 2 ? b : a, '/api/auth/sign-in/email', {
        email: `inconnu${i}.${Date.now()}@exemple.fr`,
        password: 'Mauvais1',
      });
      expect(res.statusCode).toBe(401);
    }
    for (const t of [a, b]) {
      const blocked = await attacker.post(t, '/api/auth/sign-in/email', {
        email: `inconnu.x.${Date.now()}@exemple.fr`,
        password: 'Mauvais1',
      });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error.code).toBe('RATE_LIMITED');
    }
  });
});
