import { publicPages } from '@synergie/shared';
import { sql } from 'drizzle-orm';
import { escapeUTF8 } from 'entities';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { listGroupSlugs } from '../domain/group-seo';
import { sendError } from '../lib/errors';

const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['ok', 'unavailable']) });

/** Health check under /api. */
export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Système'],
        summary: 'État du service et de la base de données',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      try {
        await ctx.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: 'ok' as const };
      } catch {
        return reply.status(503).send({ status: 'degraded', database: 'unavailable' });
      }
    },
  );
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
