import { memberPageEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { buildVcard, getMemberPage, vcardSlug } from '../domain/member-page';
import { serve } from '../lib/endpoints';
import { viewerOf } from '../plugins/access';

/** A member's public page and business card: anyone may read them; contact details vary by viewer. */
export const memberPageRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.page, async (request, reply) => {
    const viewer = await viewerOf(request);
    const page = await getMemberPage(ctx, request.params.userId, viewer);
    // What it holds depends on who asks: never kept by a shared cache.
    reply.header('cache-control', 'private, no-store').header('vary', 'cookie');
    return page;
  });

  serve(app, endpoints.vcard, async (request, reply) => {
    const viewer = await viewerOf(request);
    const page = await getMemberPage(ctx, request.params.userId, viewer);
    return reply
      .header('content-type', 'text/vcard; charset=utf-8')
      .header('content-disposition', `attachment; filename="${vcardSlug(page.fullName)}.vcf"`)
      .header('cache-control', 'private, no-store')
      .header('vary', 'cookie')
      .send(buildVcard(page));
  });
};
