import { AUTH_BASE_PATH, TODAY_PAGE_PATH } from '@synergie/shared';
import { signInMethodEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CLIENT_IP_HEADER } from '../auth/auth';
import { configuredMethods } from '../auth/sign-in-methods';
import type { AppContext } from '../context';
import { serve } from '../lib/endpoints';

/**
 * Where a social or SSO sign-in lands: `Aujourd'hui` for a member, a new account too (its first
 * steps are there), /auth on failure.
 */
export const SOCIAL_CALLBACKS = {
  callbackURL: TODAY_PAGE_PATH,
  newUserCallbackURL: TODAY_PAGE_PATH,
  errorCallbackURL: '/auth',
};

/**
 * GET /api/auth-methods, the sign-in methods /auth offers besides email and password, and
 * GET /api/sign-in/:provider, the start of a social or SSO sign-in as a plain link: it works
 * before (or without) the page's scripts, and a link is not held by the pages' CSP `form-action
 * 'self'` as a form redirected to the provider would be (docs/decisions/0009-sign-in-methods.md).
 */
export const signInMethodRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const methods = configuredMethods(ctx.env, ctx.env.SMS_PROVIDER !== 'none');

  serve(app, endpoints.list, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return methods;
  });

  serve(app, endpoints.start, async (request, reply) => {
    const { provider } = request.params;
    const fail = (code: string) => reply.redirect(`/auth?error=${encodeURIComponent(code)}`, 302);
    if (!methods.providers.some((p) => p.id === provider)) return fail('provider_not_found');
    // Better Auth's own start (state and PKCE verifier in a signed cookie), as the page would call it.
    const response = await ctx.auth.handler(
      new Request(`${ctx.env.SITE_URL}${AUTH_BASE_PATH}/sign-in/social`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: ctx.env.SITE_URL,
          [CLIENT_IP_HEADER]: request.ip,
          ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
        },
        body: JSON.stringify({ provider, disableRedirect: true, ...SOCIAL_CALLBACKS }),
      }),
    );
    const body = (await response.json().catch(() => null)) as { url?: unknown } | null;
    if (!response.ok || typeof body?.url !== 'string') {
      request.log.warn({ status: response.status, provider }, 'social sign-in could not start');
      return fail(response.status === 429 ? 'rate_limited' : 'unable_to_start');
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    reply.header('cache-control', 'no-store');
    return reply.redirect(body.url, 302);
  });
};
