import helmet from '@fastify/helmet';
import { pageFormPaths } from '@synergie/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

/** Methods that change something: browsers send an Origin header with every one of them. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Called by servers, not browsers, and authenticated otherwise: Stripe signs its webhook; the
 * one-click unsubscribe (RFC 8058) carries its signed token in the address and is POSTed by mail
 * clients, some from a webmail page with its own Origin (a forged request could only do what the
 * token already allows).
 */
export const CSRF_EXEMPT_PATHS = new Set(['/api/billing/webhooks/stripe', '/api/notifications/unsubscribe']);

/** The public pages' forms posted without scripts (routes/page-forms.ts, docs/decisions/0012). */
const PAGE_FORM_PATHS = new Set<string>(Object.values(pageFormPaths));

/**
 * A form of a public page is posted by a browser, which says where from: its Origin must be the
 * site's; a browser that sends none must say `Sec-Fetch-Site: same-origin`. Anything else (another
 * site, a request that says nothing) is refused, cookies or not: a forged sign-in would put the
 * visitor in someone else's account (login CSRF).
 */
function isSameOriginForm(headers: Record<string, string | string[] | undefined>, siteOrigin: string): boolean {
  const origin = headers.origin;
  if (origin !== undefined && origin !== 'null') return origin === siteOrigin;
  return headers['sec-fetch-site'] === 'same-origin';
}

/**
 * The path the router answers, not the raw address: the router decodes percent-escapes, so
 * `/%61uth` reaches `/auth` and `/%61pi/…` the API. The matched route's own path when there is one
 * (`/api/events/:id`), else the decoded address (a 404 to be).
 */
function routePath(request: { url: string; routeOptions?: { url?: string } }): string {
  const route = request.routeOptions?.url;
  if (route) return route;
  const raw = request.url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Cross-site request forgery: a state-changing request to /api (Better Auth's included) is
 * refused with 403 when its Origin is not the site's, or when it carries cookies without an
 * Origin. Requests without cookies and without Origin (API clients with a bearer token, curl)
 * act as nobody's session and go on. The session cookie's SameSite=Lax is a second line.
 */
export function isCrossSiteRequest(
  request: {
    method: string;
    url: string;
    headers: Record<string, string | string[] | undefined>;
    routeOptions?: { url?: string };
  },
  siteOrigin: string,
): boolean {
  if (!STATE_CHANGING.has(request.method)) return false;
  const pathname = routePath(request);
  if (PAGE_FORM_PATHS.has(pathname)) return !isSameOriginForm(request.headers, siteOrigin);
  if (!pathname.startsWith('/api/') || CSRF_EXEMPT_PATHS.has(pathname)) return false;
  const origin = request.headers.origin;
  if (origin !== undefined) return origin !== siteOrigin;
  return String(request.headers.cookie ?? '').trim() !== '';
}

/**
 * The Content-Security-Policy of every answer. Scripts only from this origin, plus, on HTML
 * pages, the hashes of that page's own inline scripts (see plugins/web.ts): never
 * 'unsafe-inline' for scripts. Styles allow inline for React's style attributes and the toast
 * library's injected sheet.
 */
export function buildCsp({
  scriptHashes = [],
  imgSources = [],
  production,
}: {
  scriptHashes?: string[];
  /** Origins images are loaded from besides this one (an S3 store or CDN for uploads). */
  imgSources?: string[];
  production: boolean;
}) {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...imgSources],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'media-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
  };
  const parts = Object.entries(directives).map(([k, v]) => `${k} ${v.join(' ')}`);
  if (production) parts.push('upgrade-insecure-requests');
  return parts.join('; ');
}

export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { production: boolean; imgSources?: string[]; siteUrl: string }) => {
    const siteOrigin = new URL(opts.siteUrl).origin;
    await app.register(helmet, {
      // Set by hand below so the pages' hashes and the API share one policy builder.
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: opts.production ? { maxAge: 31536000, includeSubDomains: true } : false,
      xFrameOptions: { action: 'deny' },
    });
    // After helmet's own hook, so a refusal carries the same headers as any answer.
    app.addHook('onRequest', async (request) => {
      if (isCrossSiteRequest(request, siteOrigin)) throw new AppError('INVALID_ORIGIN');
    });
    const csp = buildCsp({ production: opts.production, imgSources: opts.imgSources });
    app.addHook('onSend', async (_request, reply, payload) => {
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', csp);
      // The camera for our own pages only: the in-app QR scanner (docs/decisions/0011). Any page
      // may be the document a member reaches /pointage from, so the policy cannot vary by path.
      reply.header('permissions-policy', 'camera=(self), microphone=(), geolocation=(), interest-cohort=()');
      return payload;
    });
  },
);
