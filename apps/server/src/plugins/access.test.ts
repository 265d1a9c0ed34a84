import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { type AccessOptions, accessPlugin, accessRule, describeAccess, documentAccess, memberOf } from './access';
import { errorsPlugin } from './errors';

/**
 * The access hook on a bare Fastify app: the session is the `x-user` header (the real app reads
 * Better Auth's cookie), so levels that need no database are tested here; 'subscriber' and
 * 'admin' are tested on the real app (test/authorization-matrix.test.ts, billing.test.ts).
 */
async function appWith(routes: (app: FastifyInstance) => void, options: AccessOptions = {}) {
  const app = Fastify({ logger: false });
  await app.register(errorsPlugin);
  app.decorateRequest('getUser', async function (this: { headers: Record<string, unknown> }) {
    const id = this.headers['x-user'];
    return typeof id === 'string'
      ? { id, sessionId: `s-${id}`, email: `${id}@exemple.fr`, name: id, emailVerified: true }
      : null;
  });
  await app.register(accessPlugin, options);
  await app.register(async (scope) => routes(scope));
  await app.ready();
  return app;
}

const call = (app: FastifyInstance, method: 'GET' | 'PUT' | 'HEAD', url: string, user?: string) =>
  app.inject({ method, url, headers: user ? { 'x-user': user } : {} });

describe('access declarations', () => {
  it('a route without a declaration stops start-up, naming its method and URL', async () => {
    await expect(appWith((app) => app.get('/sans-acces', async () => 'ok'))).rejects.toThrow(
      /GET \/sans-acces: the route declares no access/,
    );
    await expect(
      appWith((app) => app.route({ method: ['GET', 'POST'], url: '/deux', handler: async () => 'ok' })),
    ).rejects.toThrow(/GET,POST \/deux: the route declares no access/);
  });

  it("'public' lets anyone in; 'member' answers a visitor 401 in French and gives the handler its member", async () => {
    const app = await appWith((scope) => {
      scope.get('/ouvert', { config: { access: 'public' } }, async () => ({ ok: true }));
      scope.get('/moi', { config: { access: 'member' } }, async (request) => ({ id: memberOf(request).id }));
      scope.get(
        '/offres',
        {
          config: {
            access: { level: 'member', messages: { unauthenticated: 'Vous devez être connecté pour postuler' } },
          },
        },
        async (request) => ({ id: memberOf(request).id }),
      );
    });
    expect((await call(app, 'GET', '/ouvert')).statusCode).toBe(200);
    const refused = await call(app, 'GET', '/moi');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'Vous devez être connecté pour accéder à cette page' },
    });
    // Fastify's HEAD mirror of the GET route is refused the same way.
    expect((await call(app, 'HEAD', '/moi')).statusCode).toBe(401);
    expect((await call(app, 'GET', '/moi', 'claire')).json()).toEqual({ id: 'claire' });
    expect((await call(app, 'GET', '/offres')).json().error.message).toBe('Vous devez être connecté pour postuler');
    expect((await call(app, 'GET', '/offres', 'claire')).statusCode).toBe(200);
    await app.close();
  });

  it('memberOf on a public route is a programming error, not a silent anonymous member', async () => {
    const app = await appWith((scope) => {
      scope.get('/ouvert', { config: { access: 'public' } }, async (request) => ({ id: memberOf(request).id }));
    });
    expect((await call(app, 'GET', '/ouvert', 'claire')).statusCode).toBe(500);
    await app.close();
  });
});

describe('group roles (the extension point for groups)', () => {
  const leaderOnly = { groupRole: 'leader', groupParam: 'groupId' } as const;

  it('a route declaring a group role fails at start-up while no resolver is registered', async () => {
    await expect(
      appWith((app) => app.put('/groups/:groupId/candidatures', { config: { access: leaderOnly } }, async () => 'ok')),
    ).rejects.toThrow(/PUT \/groups\/:groupId\/candidatures: .*no group role resolver is registered/);
  });

  it('a group parameter missing from the URL fails at start-up', async () => {
    const groupRoles = async () => null;
    await expect(
      appWith((app) => app.get('/groups', { config: { access: leaderOnly } }, async () => 'ok'), { groupRoles }),
    ).rejects.toThrow(/':groupId' is not in the route's URL/);
  });

  it("checks the caller's role in the group named by the URL with the registered resolver", async () => {
    const roles: Record<string, Record<string, 'leader' | 'member'>> = {
      g1: { ana: 'leader', bob: 'member' },
    };
    const asked: { userId: string; groupId: string }[] = [];
    const app = await appWith(
      (scope) => {
        scope.put('/groups/:groupId/reglages', { config: { access: leaderOnly } }, async (request) => ({
          by: memberOf(request).id,
        }));
        scope.get(
          '/groups/:groupId/membres',
          { config: { access: { groupRole: 'member', groupParam: 'groupId' } } },
          async () => ({ ok: true }),
        );
      },
      {
        groupRoles: async (_request, query) => {
          asked.push(query);
          const group = roles[query.groupId];
          if (!group) throw new AppError('NOT_FOUND', 'Groupe introuvable');
          return group[query.userId] ?? null;
        },
      },
    );
    // A visitor is stopped before the resolver is asked.
    expect((await call(app, 'PUT', '/groups/g1/reglages')).statusCode).toBe(401);
    expect(asked).toEqual([]);
    expect((await call(app, 'PUT', '/groups/g1/reglages', 'ana')).json()).toEqual({ by: 'ana' });
    expect(asked).toEqual([{ userId: 'ana', groupId: 'g1' }]);
    const member = await call(app, 'PUT', '/groups/g1/reglages', 'bob');
    expect(member.statusCode).toBe(403);
    expect(member.json().error).toEqual({ code: 'FORBIDDEN', message: 'Accès non autorisé' });
    expect((await call(app, 'PUT', '/groups/g1/reglages', 'carl')).statusCode).toBe(403);
    // A leader is a member too.
    expect((await call(app, 'GET', '/groups/g1/membres', 'bob')).statusCode).toBe(200);
    expect((await call(app, 'GET', '/groups/g1/membres', 'ana')).statusCode).toBe(200);
    expect((await call(app, 'GET', '/groups/g1/membres', 'carl')).statusCode).toBe(403);
    expect((await call(app, 'GET', '/groups/g2/membres', 'ana')).statusCode).toBe(404);
    await app.close();
  });
});

describe('access in the OpenAPI document', () => {
  it('adds x-access, a French line and the session requirement', () => {
    const documented = documentAccess(
      { schema: { summary: 'Annuaire', description: 'Les membres.' }, url: '/api/members' },
      { config: { access: 'subscriber' } },
    );
    expect(documented.schema).toMatchObject({
      'x-access': 'subscriber',
      description: 'Les membres.\n\nAccès : abonnés (essai compris)',
      security: [{ session: [] }],
    });
    const open = documentAccess({ schema: {}, url: '/api/services' }, { config: { access: 'public' } });
    expect(open.schema).toEqual({ 'x-access': 'public', description: 'Accès : public, sans connexion', security: [] });
    expect(describeAccess(accessRule({ groupRole: 'leader', groupParam: 'groupId' }))).toBe(
      'Accès : responsables du groupe (paramètre groupId)',
    );
  });
});
