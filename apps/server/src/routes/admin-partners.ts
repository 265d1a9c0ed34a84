import { adminPartnerEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { createPartner, deletePartner, fetchSiteInfo, updatePartner } from '../domain/admin-partners';
import { serve } from '../lib/endpoints';

/**
 * /api/admin/partners and /api/admin/site-info: admins only (401 signed out, 403 'Accès non
 * autorisé'). The public list is GET /api/partners (routes/partners.ts).
 */
export const adminPartnerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.create, async (request) => createPartner(ctx, request.body, request.log));

  serve(app, endpoints.update, async (request) => updatePartner(ctx, request.params.id, request.body, request.log));

  serve(app, endpoints.remove, async (request) => {
    await deletePartner(ctx, request.params.id, request.log);
    return { ok: true as const };
  });

  serve(app, endpoints.siteInfo, async (request) => fetchSiteInfo(ctx, request.body.url));
};
