import { apiErrorSchema, memberPageParamsSchema, memberPageSchema } from '@synergie/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { buildVcard, getMemberPage, vcardSlug } from '../domain/member-page';
import { viewerOf } from '../plugins/access';

/** A member's public page and business card: anyone may read them; contact details vary by viewer. */
export const memberPageRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/members/:userId/page',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Membres'],
        summary: "La page publique d'un membre (carte de visite) : téléphone et email seulement pour un membre abonné",
        params: memberPageParamsSchema,
        response: { 200: memberPageSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      const page = await getMemberPage(ctx, request.params.userId, viewer);
      // What it holds depends on who asks: never kept by a shared cache.
      reply.header('cache-control', 'private, no-store').header('vary', 'cookie');
      return page;
    },
  );

  app.get(
    '/members/:userId/vcard',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Membres'],
        summary: "La carte de visite d'un membre au format vCard 3.0 (.vcf)",
        params: memberPageParamsSchema,
        response: { 200: z.string(), 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      const page = await getMemberPage(ctx, request.params.userId, viewer);
      return reply
        .header('content-type', 'text/vcard; charset=utf-8')
        .header('content-disposition', `attachment; filename="${vcardSlug(page.fullName)}.vcf"`)
        .header('cache-control', 'private, no-store')
        .header('vary', 'cookie')
        .send(buildVcard(page));
    },
  );
};
