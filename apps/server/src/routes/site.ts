import { publicPages } from '@synergie/shared';
import { siteEndpoints as endpoints } from '@synergie/shared/endpoints';
import { sql } from 'drizzle-orm';
import { escapeUTF8 } from 'entities';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { listGroupSlugs } from '../domain/groups/group-seo';
import { serve } from '../lib/endpoints';
import { sendError } from '../lib/errors';

/** Health check under /api. */
export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.health, async (_request, reply) => {
    try {
      await ctx.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: 'ok' as const };
    } catch {
      // The declared 503 is the catalogue's UNAVAILABLE: this body of the health check's own
      // shape is sent already written (the error answers' schema would refuse it).
      return reply
        .status(503)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify({ status: 'degraded', database: 'unavailable' }));
    }
  });
};

/** /robots.txt and /sitemap.xml, at the site root. */
export const seoRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const base = ctx.env.SITE_URL;
  app.get('/robots.txt', { schema: { hide: true }, config: { access: 'public' } }, async (_request, reply) => {
    const body = [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /admin/',
      'Disallow: /dev/',
      'Disallow: /profile',
      '',
      `Sitemap: ${base}/sitemap.xml`,
      '',
    ].join('\n');
    return reply.type('text/plain; charset=utf-8').send(body);
  });
  app.get('/sitemap.xml', { schema: { hide: true }, config: { access: 'public' } }, async (_request, reply) => {
    // The public pages, then the groups' list and each group's page (network-core §2), one query.
    const paths = new Set<string>(publicPages.filter((p) => p.sitemap).map((p) => p.path));
    paths.add('/groupes');
    for (const slug of await listGroupSlugs(ctx.db)) paths.add(`/groupes/${encodeURIComponent(slug)}`);
    const urls = [...paths].map((path) => `  <url><loc>${escapeUTF8(`${base}${path}`)}</loc></url>`).join('\n');
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
    return reply.type('application/xml; charset=utf-8').send(xml);
  });
  // Avoid an HTML 404 for the one path every browser asks for.
  app.get('/api', { schema: { hide: true }, config: { access: 'public' } }, async (_request, reply) =>
    sendError(reply, 'NOT_FOUND'),
  );
};
