import {
  apiErrorSchema,
  okResponseSchema,
  partnerInputSchema,
  partnerParamsSchema,
  partnerSchema,
  partnerUpdateSchema,
  siteInfoRequestSchema,
  siteInfoSchema,
} from '@synergie/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { createPartner, deletePartner, fetchSiteInfo, updatePartner } from '../domain/admin-partners';

const tags = ['Administration'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const remoteErrors = { 413: apiErrorSchema, 415: apiErrorSchema, 422: apiErrorSchema };

/**
 * /api/admin/partners and /api/admin/site-info: admins only (401 signed out, 403 'Accès non
 * autorisé'). The public list is GET /api/partners (routes/partners.ts).
 */
export const adminPartnerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/admin/partners',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Ajouter un site partenaire (partner_sites insert) ; un logo externe est importé et stocké',
        body: partnerInputSchema,
        response: { 200: partnerSchema, ...errors, ...remoteErrors },
      },
    },
    async (request) => createPartner(ctx, request.body, request.log),
  );

  app.put(
    '/admin/partners/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Modifier un partenaire : à la une, ordre, nom, description, site, logo, catégorie',
        params: partnerParamsSchema,
        body: partnerUpdateSchema,
        response: { 200: partnerSchema, ...errors, 404: apiErrorSchema, ...remoteErrors },
      },
    },
    async (request) => updatePartner(ctx, request.params.id, request.body, request.log),
  );

  app.delete(
    '/admin/partners/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Supprimer un partenaire (partner_sites delete) et son logo',
        params: partnerParamsSchema,
        response: { 200: okResponseSchema, ...errors, 404: apiErrorSchema },
      },
    },
    async (request) => {
      await deletePartner(ctx, request.params.id, request.log);
      return { ok: true as const };
    },
  );

  app.post(
    '/admin/site-info',
    {
      schema: {
        tags,
        summary:
          "fetch-site-info : titre, description, image Open Graph et icône d'une page publique (http/https, adresses publiques seulement, 5 s, 1 Mo)",
        body: siteInfoRequestSchema,
        response: { 200: siteInfoSchema, ...errors, ...remoteErrors },
      },
      config: { access: 'admin', rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => fetchSiteInfo(ctx, request.body.url),
  );
};
