import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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

export const securityPlugin = fp(async (app: FastifyInstance, opts: { production: boolean; imgSources?: string[] }) => {
  await app.register(helmet, {
    // Set by hand below so the pages' hashes and the API share one policy builder.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: opts.production ? { maxAge: 31536000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });
  const csp = buildCsp({ production: opts.production, imgSources: opts.imgSources });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', csp);
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), interest-cohort=()');
    return payload;
  });
});
