import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createTestApp } from './helpers/app';
import { client, signUp } from './helpers/auth';
import { signUpSubscriber } from './helpers/members';

/**
 * Route access on the real app (plugins/access.ts): start-up refuses an undeclared route, the
 * OpenAPI document shows each route's access, and a gate costs no query beyond the session and
 * the one fact it checks.
 */

const t = await createTestApp({ env: { ADMIN_EMAILS: 'admin.acces@synergie.test' } });

describe('start-up', () => {
  it('refuses a route added without an access declaration, naming it', async () => {
    const app = await buildApp({
      env: t.env,
      database: t.database,
      authSecret: 'test-secret-test-secret-test-secret-0123',
      logger: false,
    });
    try {
      expect(() => app.post('/api/oubliee', async () => ({ ok: true }))).toThrow(
        /POST \/api\/oubliee: the route declares no access/,
      );
      expect(() =>
        app.register(async (scope) => {
          scope.get('/api/oubliee-aussi', async () => ({ ok: true }));
        }),
      ).not.toThrow();
      await expect(app.ready()).rejects.toThrow(/GET \/api\/oubliee-aussi: the route declares no access/);
    } finally {
      await app.close();
    }
  });

  it('refuses an /api route not registered from its endpoint declaration, even with its access', async () => {
    const app = await buildApp({
      env: t.env,
      database: t.database,
      authSecret: 'test-secret-test-secret-test-secret-0123',
      logger: false,
    });
    try {
      expect(() => app.get('/api/sans-declaration', { config: { access: 'public' } }, async () => ({}))).toThrow(
        /GET \/api\/sans-declaration: an API route must be registered from its declaration/,
      );
      // Outside /api (pages, feeds, the storage) a route declares its access only.
      expect(() => app.get('/page-libre', { config: { access: 'public' } }, async () => ({}))).not.toThrow();
    } finally {
      await app.close();
    }
  });
});

describe('OpenAPI', () => {
  it("shows each operation's access: x-access, a French line, the session cookie above 'public'", async () => {
    const doc = (await client(t).get('/api/openapi.json')).json();
    expect(doc.components.securitySchemes.session).toEqual({
      type: 'apiKey',
      in: 'cookie',
      name: 'synergie.session_token',
      description: expect.any(String),
    });
    const operation = (path: string, method: string) => doc.paths[path]?.[method];
    const cases = [
      ['/api/services', 'get', 'public', 'Accès : public, sans connexion'],
      ['/api/services', 'post', 'member', 'Accès : membres connectés'],
      ['/api/members', 'get', 'subscriber', 'Accès : abonnés (essai compris)'],
      ['/api/events/{id}/registration', 'post', 'subscriber', 'Accès : abonnés (essai compris)'],
      ['/api/admin/members', 'get', 'admin', 'Accès : administrateurs'],
    ] as const;
    for (const [path, method, access, line] of cases) {
      const op = operation(path, method);
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op['x-access'], `${method} ${path}`).toBe(access);
      expect(op.description, `${method} ${path}`).toContain(line);
      if (access === 'public') expect(op.security, `${method} ${path}`).toEqual([]);
      else expect(op.security, `${method} ${path}`).toEqual([{ session: [] }]);
    }
    // Every documented operation says who may call it.
    const undocumented: string[] = [];
    for (const [path, methods] of Object.entries(
      doc.paths as Record<string, Record<string, { 'x-access'?: unknown }>>,
    )) {
      for (const [method, op] of Object.entries(methods)) if (!op['x-access']) undocumented.push(`${method} ${path}`);
    }
    expect(undocumented).toEqual([]);
  });
});

/** Counts the SQL statements the database driver receives while `run` goes on. */
async function countQueries(run: () => Promise<unknown>): Promise<number> {
  const driver = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = driver.query;
  let count = 0;
  driver.query = function (this: unknown, ...args: unknown[]) {
    count += 1;
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    driver.query = original;
  }
  return count;
}

describe('cost', () => {
  it('the subscriber gate costs one query, then none while the session cache remembers; a refusal one each time', async () => {
    const subscriber = await signUpSubscriber(t);
    const member = await signUp(t);
    // Their sessions are now remembered by this instance (auth/session-cache.ts).
    await subscriber.get('/api/me');
    await member.get('/api/me');
    // GET /api/billing/access does nothing but pass the gate: the subscription, once.
    const gated = () =>
      countQueries(async () => expect((await subscriber.get('/api/billing/access')).statusCode).toBe(200));
    expect(await gated()).toBe(1);
    expect(await gated()).toBe(0);
    // "Not subscribed" is never remembered: a member who has just paid is let in at once.
    const refused = () =>
      countQueries(async () => expect((await member.get('/api/billing/access')).statusCode).toBe(403));
    expect(await refused()).toBe(1);
    expect(await refused()).toBe(1);
    // A visitor costs nothing: no cookie, no lookup.
    expect(
      await countQueries(async () => expect((await client(t).get('/api/billing/access')).statusCode).toBe(401)),
    ).toBe(0);
  });
});
