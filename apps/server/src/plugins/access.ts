import { type AccessLevel, type AccessRule, accessRule, type GroupRole, type RouteAccess } from '@synergie/shared';
import type { FastifyInstance, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { isAdmin } from '../domain/roles';
import { getSubscription } from '../domain/subscriptions';
import { AppError } from '../lib/errors';
import type { SessionUser } from './auth';

/**
 * Who may call a route: every route declares it in its options, `config: { access }`, and this
 * plugin's one hook enforces it before the body is read or validated (a visitor gets 401 and a
 * member 403 whatever they send). A route without a declaration stops the server at start-up.
 *
 * - 'public': anyone; a handler that shows more to a signed-in viewer reads `viewerOf(request)`.
 * - 'member': signed in, else 401 UNAUTHENTICATED.
 * - 'subscriber': signed in (401), with an active subscription, trial included, else 403
 *   SUBSCRIPTION_REQUIRED.
 * - 'admin': signed in (401), listed in user_roles as admin, else 403 FORBIDDEN.
 * - `{ groupRole, groupParam }`: signed in (401, and subscribed when `level: 'subscriber'`), with
 *   that role in the group named by the URL parameter `groupParam`, else 403 FORBIDDEN. The role is
 *   read by the resolver the groups area gives this plugin (`groupRoles`).
 *
 * Handlers of non-public routes read the member the hook found with `memberOf(request)`: no second
 * lookup. Owner checks ("only the author edits") are not access levels: they stay in the domain
 * functions.
 */

// The access types live with the endpoint declarations (packages/shared/src/endpoint.ts).
export type { AccessLevel, AccessMessages, AccessRule, GroupAccess, GroupRole, RouteAccess } from '@synergie/shared';
export { accessRule } from '@synergie/shared';

/**
 * The caller's role in a group, or null when they are not in it. May throw (an AppError 404 for
 * a group that does not exist). Registered by the groups area: `accessPlugin`'s `groupRoles`.
 * `groupId` is the raw URL parameter, not yet validated by the route's schema: the resolver checks
 * its shape (an id that is not a UUID is an unknown group, 404) before it reaches a query.
 */
export type GroupRoleResolver = (
  request: FastifyRequest,
  query: { userId: string; groupId: string },
) => Promise<GroupRole | null>;

/**
 * Routes other plugins add, which cannot carry our `config`: public, named here one by one (a
 * new route under the same prefix still has to declare its access). Fastify's automatic HEAD
 * mirror of a GET route takes the GET route's access.
 */
const EXEMPT: Record<string, string> = {
  'GET /api/docs': 'Swagger UI (@fastify/swagger-ui): the API documentation page, public',
  'GET /api/docs/json': 'Swagger UI: the OpenAPI document it shows, public like /api/openapi.json',
  'GET /api/docs/yaml': 'Swagger UI: the same document in YAML',
  'GET /api/docs/static/index.html': 'Swagger UI: redirects to /api/docs/',
  'GET /api/docs/static/swagger-initializer.js': 'Swagger UI: its start-up script',
  'GET /api/docs/static/*': 'Swagger UI: its scripts and styles',
  'GET /*': "@fastify/static (plugins/web.ts): the web build's files, public (GET and HEAD)",
};

/**
 * Routes under /api that are not declarations of ours (packages/shared/src/endpoints/): every
 * other /api route must be registered from its declaration (lib/endpoints.ts `serve`), or
 * start-up fails naming it.
 */
const UNDECLARED_API: Record<string, string> = {
  'GET,POST /api/auth/*': "Better Auth's own endpoints (plugins/auth.ts), documented by Better Auth",
  'GET /api/openapi.json': 'the OpenAPI document itself',
  'GET /api': 'the bare prefix: a French 404',
};
const isUndeclaredApi = (label: string) =>
  label in UNDECLARED_API || (label in EXEMPT && label.startsWith('GET /api/'));

const methodsOf = (route: Pick<RouteOptions, 'method'>) =>
  (Array.isArray(route.method) ? route.method : [route.method]).map((m) => String(m).toUpperCase());

const ROLE_RANK: Record<GroupRole, number> = { member: 1, leader: 2 };

export interface AccessOptions {
  /** The groups area's resolver; without it a route declaring a group role fails at start-up. */
  groupRoles?: GroupRoleResolver;
}

/** Registered once, in app.ts, before any route: every route added after it is checked. */
export const accessPlugin = fp(async (app: FastifyInstance, options: AccessOptions) => {
  const getAccess = new Map<string, RouteAccess>();

  app.addHook('onRoute', (route) => {
    const methods = methodsOf(route);
    // Named as the route table names routes: HEAD left out, unless it is all there is.
    const named = methods.filter((m) => m !== 'HEAD');
    const label = `${(named.length > 0 ? named : methods).join(',')} ${route.url}`;
    let access = route.config?.access;
    if (access === undefined) {
      // A HEAD mirror of a prefix's own '/' route is named 'prefix/', its GET 'prefix'.
      if (named.length === 0) access = getAccess.get(route.url) ?? getAccess.get(route.url.replace(/\/$/, ''));
      else if (EXEMPT[label]) access = 'public';
      if (access !== undefined) route.config = { ...route.config, access };
    }
    if (access === undefined) {
      throw new Error(
        `${label}: the route declares no access. Add config: { access: 'public' | 'member' | 'subscriber' | 'admin' } (or a group role) to its options; see plugins/access.ts.`,
      );
    }
    if (
      named.length > 0 &&
      (route.url === '/api' || route.url.startsWith('/api/')) &&
      !route.config?.endpoint &&
      !isUndeclaredApi(label)
    ) {
      throw new Error(
        `${label}: an API route must be registered from its declaration (packages/shared/src/endpoints/, serve() in lib/endpoints.ts).`,
      );
    }
    const rule = accessRule(access);
    if (rule.group) {
      if (!options.groupRoles) {
        throw new Error(
          `${label}: the route requires the group role '${rule.group.role}', but no group role resolver is registered (accessPlugin's groupRoles option, app.ts).`,
        );
      }
      if (!route.url.split('/').includes(`:${rule.group.param}`)) {
        throw new Error(`${label}: the group parameter ':${rule.group.param}' is not in the route's URL.`);
      }
    }
    if (methods.includes('GET')) getAccess.set(route.url, access);
  });

  app.decorateRequest('member', null);
  app.decorateRequest('groupRole', null);

  // onRequest: before the body is read, parsed or validated. Global hooks run before a route's
  // own (its rate limit): what the declaration refuses costs one session lookup, and at most one
  // more query (subscription, admin role or group role).
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    // Not-found answers have no route, hence no declaration.
    if (access === undefined || access === 'public') return;
    const rule = accessRule(access);
    if (rule.level === 'public') return;
    const member = await request.getUser();
    if (!member) {
      throw new AppError('UNAUTHENTICATED', rule.messages.unauthenticated);
    }
    if (rule.level === 'subscriber') {
      const { db, sessionCache } = request.server.ctx;
      if (!sessionCache.subscribed(member.id)) {
        if (!(await getSubscription(db, member.id)).subscribed) {
          throw new AppError('SUBSCRIPTION_REQUIRED', rule.messages.subscriptionRequired);
        }
        sessionCache.rememberSubscribed(member.id);
      }
    }
    if (rule.level === 'admin' && !(await isAdmin(request.server.ctx.db, member.id))) {
      throw new AppError('FORBIDDEN');
    }
    if (rule.group && options.groupRoles) {
      const groupId = (request.params as Record<string, string | undefined>)[rule.group.param] ?? '';
      const role = await options.groupRoles(request, { userId: member.id, groupId });
      if (!role || ROLE_RANK[role] < ROLE_RANK[rule.group.role]) {
        throw new AppError('FORBIDDEN');
      }
      request.groupRole = role;
    }
    request.member = member;
  });
});

/** The signed-in member the access hook found: for routes declared above 'public'. */
export function memberOf(request: FastifyRequest): SessionUser {
  if (!request.member) {
    throw new Error(`${request.method} ${request.routeOptions.url}: memberOf on a route declared 'public'`);
  }
  return request.member;
}

/** Who is looking at a public route, if signed in: pages that show a member more than a visitor. */
export const viewerOf = (request: FastifyRequest): Promise<SessionUser | null> => request.getUser();

const LEVEL_WORDS: Record<AccessLevel, string> = {
  public: 'public, sans connexion',
  member: 'membres connectés',
  subscriber: 'abonnés (essai compris)',
  admin: 'administrateurs',
};
const GROUP_WORDS: Record<GroupRole, string> = {
  leader: 'responsables du groupe',
  member: 'membres du groupe (responsables compris)',
};

/** The French line the OpenAPI document shows for a declaration. */
export function describeAccess(rule: AccessRule): string {
  if (!rule.group) return `Accès : ${LEVEL_WORDS[rule.level]}`;
  const subscribed = rule.level === 'subscriber' ? ', abonnés (essai compris)' : '';
  return `Accès : ${GROUP_WORDS[rule.group.role]} (paramètre ${rule.group.param})${subscribed}`;
}

/** The session cookie, as the OpenAPI document names it for routes that need a session. */
export const SESSION_SECURITY_SCHEME = 'session';

/**
 * For @fastify/swagger's `transform`: each operation shows its access (`x-access`, a French line
 * in its description) and, above 'public', that it needs the session cookie.
 */
export function documentAccess<T extends { schema: FastifySchema }>(result: T, route: Pick<RouteOptions, 'config'>): T {
  const access = route.config?.access;
  if (access === undefined) return result;
  const rule = accessRule(access);
  const given = result.schema as FastifySchema & { description?: string };
  const description = [given.description, describeAccess(rule)].filter(Boolean).join('\n\n');
  const schema: Record<string, unknown> = {
    ...given,
    description,
    'x-access': rule.group
      ? { level: rule.level, groupRole: rule.group.role, groupParam: rule.group.param }
      : rule.level,
  };
  // Public: an explicit empty list (no credentials), so every operation says what it needs.
  schema.security = rule.level === 'public' ? [] : [{ [SESSION_SECURITY_SCHEME]: [] }];
  return { ...result, schema };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (plugins/access.ts). Required: a route without it fails at start-up. */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** Set by the access hook on routes declared above 'public'; read it with `memberOf`. */
    member: SessionUser | null;
    /** Set by the access hook on group routes: the caller's role in the route's group. */
    groupRole: GroupRole | null;
  }
}
