import { createHash } from 'node:crypto';
import { AUTH_BASE_PATH, rateLimitedMessage } from '@synergie/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Auth } from '../auth/auth';
import { CLIENT_IP_HEADER } from '../auth/auth';
import { authErrorCode, frenchAuthMessage } from '../auth/messages';
import type { SessionCache } from '../auth/session-cache';
import type { SessionUser } from '../auth/session-user';
import { AppError, errorBody, sendError } from '../lib/errors';

export type { SessionUser } from '../auth/session-user';

function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key.toLowerCase() === CLIENT_IP_HEADER) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  // Fastify resolved the client address (honouring TRUST_PROXY); nothing else is trusted.
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/**
 * Better Auth answers 500 whatever failed inside it and drops the cause (getSession even throws
 * a bare FAILED_TO_GET_SESSION). What fails in there is, in practice, its storage: the database
 * is away, or every pooled connection stayed busy past the pool's 5 s wait. Like those failures
 * on our own routes (plugins/errors.ts), that is 503 "try again", never 500; Better Auth has
 * already logged the underlying error.
 */
const unavailable = () => new AppError('UNAVAILABLE');

const url = (request: FastifyRequest, path = request.url) =>
  new URL(path, `http://${request.headers.host ?? 'localhost'}`);

/** Copies a web Response onto Fastify's reply, answering errors in French. */
async function sendWebResponse(reply: FastifyReply, response: Response) {
  if (response.status >= 500) {
    reply.log.error({ status: response.status }, 'authentication failed inside Better Auth: answered 503');
    return sendError(reply, 'UNAVAILABLE');
  }
  reply.status(response.status);
  const cookies = response.headers.getSetCookie();
  response.headers.forEach((value, key) => {
    if (key === 'set-cookie' || key === 'content-length' || key === 'content-encoding') return;
    reply.header(key, value);
  });
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const body = Buffer.from(await response.arrayBuffer());
  // Every error is answered in French, JSON or not (Better Auth's rate limiter answers 429 and
  // its disabled paths 404 in English plain text), with a code of our catalogue.
  if (response.status >= 400) {
    let parsed: { code?: string; message?: string } = {};
    try {
      const json: unknown = JSON.parse(body.toString('utf8'));
      if (json && typeof json === 'object') parsed = json;
    } catch {
      // not JSON: answered below with the status message
    }
    const code = authErrorCode(parsed.code, response.status);
    // A limit (Better Auth's per address, ours per account) says how long to wait, in its header
    // and in its message (issue 31).
    const retryAfter = Number(response.headers.get('x-retry-after'));
    const limited = response.status === 429 && Number.isFinite(retryAfter) && retryAfter > 0;
    if (limited) reply.header('retry-after', String(Math.ceil(retryAfter)));
    const message = limited
      ? rateLimitedMessage(retryAfter)
      : frenchAuthMessage(parsed.code, response.status, parsed.message);
    return reply.type('application/json; charset=utf-8').send(errorBody(code, message));
  }
  return reply.send(body.length > 0 ? body : undefined);
}

/**
 * Better Auth mounted under AUTH_BASE_PATH (/api/auth), the JWKS at /.well-known/jwks.json, and
 * `request.getUser()`, the session lookup the access hook (plugins/access.ts) makes once per
 * request. Routes do not call it: they read `memberOf` or `viewerOf`. Bodies reach Better Auth
 * byte for byte.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, { auth, sessionCache }: { auth: Auth; sessionCache: SessionCache }) => {
    const forward = async (request: FastifyRequest, reply: FastifyReply, pathOverride?: string) => {
      const target = pathOverride ? url(request, pathOverride) : url(request);
      const body = request.body;
      const hasBody = !['GET', 'HEAD'].includes(request.method) && body !== undefined && body !== null;
      const webRequest = new Request(target, {
        method: request.method,
        headers: toWebHeaders(request),
        body: hasBody ? new Uint8Array(body as Buffer) : undefined,
      });
      const response = await auth.handler(webRequest);
      // Sign-out, revocations, password, e-mail and verification changes: nothing an instance
      // remembers about a session outlives them (auth/session-cache.ts). Once done, not before (a
      // lookup in between would remember the session again), and only when Better Auth accepted
      // the call: refused sign-ins do not empty every instance's cache.
      const changesSessions =
        request.method === 'POST' || (request.method === 'GET' && target.pathname === `${AUTH_BASE_PATH}/verify-email`);
      if (changesSessions && response.status < 400) await sessionCache.clear();
      return sendWebResponse(reply, response);
    };

    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) =>
        done(null, body),
      );
      scope.route({
        method: ['GET', 'POST'],
        url: `${AUTH_BASE_PATH}/*`,
        schema: { hide: true },
        // Better Auth's own endpoints: each decides for itself (sign-in is for visitors).
        config: { access: 'public' },
        handler: (request, reply) => forward(request, reply),
      });
    });
    app.get('/.well-known/jwks.json', { schema: { hide: true }, config: { access: 'public' } }, (request, reply) =>
      forward(request, reply, `${AUTH_BASE_PATH}/jwks`),
    );

    app.decorateRequest('getUser', async function (this: FastifyRequest): Promise<SessionUser | null> {
      const cached = (this as unknown as { _user?: SessionUser | null })._user;
      if (cached !== undefined) return cached;
      const cookie = this.headers.cookie ?? '';
      const authorization = this.headers.authorization ?? '';
      // A fixed-size key, whatever the headers' length.
      const credentials =
        cookie || authorization
          ? createHash('sha256').update(cookie).update('\n').update(authorization).digest('base64')
          : '';
      const known = credentials === '' ? null : sessionCache.get(credentials);
      // A sign-out or revocation while Better Auth looks this one up must not be undone by it.
      const generation = sessionCache.generation;
      if (known !== undefined) {
        (this as unknown as { _user?: SessionUser | null })._user = known;
        return known;
      }
      let session: Awaited<ReturnType<Auth['api']['getSession']>>;
      try {
        session = await auth.api.getSession({ headers: toWebHeaders(this) });
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 500) {
          this.log.error({ err: error }, 'session lookup failed inside Better Auth: answered 503');
          throw unavailable();
        }
        throw error;
      }
      const user = session
        ? {
            id: session.user.id,
            sessionId: session.session.id,
            email: session.user.email,
            name: session.user.name,
            emailVerified: session.user.emailVerified,
          }
        : null;
      (this as unknown as { _user?: SessionUser | null })._user = user;
      sessionCache.set(credentials, user, session ? new Date(session.session.expiresAt) : undefined, generation);
      return user;
    });
  },
);

declare module 'fastify' {
  interface FastifyRequest {
    /** The session's member or null, looked up once per request (cached). */
    getUser(): Promise<SessionUser | null>;
  }
}
