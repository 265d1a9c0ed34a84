import {
  apiErrorSchema,
  contactRequestInputSchema,
  contactRequestSchema,
  directoryFacetsSchema,
  directoryPageSchema,
  directoryQuerySchema,
  memberIdParamsSchema,
  ratingInputSchema,
  ratingResultSchema,
} from '@synergie/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { directoryFacets, listMembers } from '../domain/directory';
import { rateMember, sendContactRequest } from '../domain/network';
import { memberOf } from '../plugins/access';

const tags = ['Annuaire'];
const gated = { 401: apiErrorSchema, 403: apiErrorSchema };

/** /api/members: the directory (subscribers only): search, ratings and contact requests. */
export const directoryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/members',
    {
      config: { access: 'subscriber' },
      schema: {
        tags,
        summary:
          "L'annuaire des membres (abonnés) : recherche (nom, entreprise, métier, compétences, ville), filtres, tri par nom, note ou synergies, par pages",
        querystring: directoryQuerySchema,
        response: { 200: directoryPageSchema, 400: apiErrorSchema, ...gated },
      },
    },
    async (request) => listMembers(ctx.db, memberOf(request).id, request.query),
  );

  app.get(
    '/members/facets',
    {
      config: { access: 'subscriber' },
      schema: {
        tags,
        summary: 'Les métiers et secteurs renseignés par les membres, pour les filtres (abonnés)',
        response: { 200: directoryFacetsSchema, ...gated },
      },
    },
    async () => directoryFacets(ctx.db),
  );

  app.put(
    '/members/:userId/rating',
    {
      config: { access: 'subscriber' },
      schema: {
        tags,
        summary: 'Évaluer un membre de 1 à 5 étoiles (une note par membre, la suivante la remplace)',
        params: memberIdParamsSchema,
        body: ratingInputSchema,
        response: { 200: ratingResultSchema, 400: apiErrorSchema, ...gated, 404: apiErrorSchema },
      },
    },
    async (request) => rateMember(ctx.db, memberOf(request).id, request.params.userId, request.body.rating),
  );

  app.post(
    '/members/:userId/contact-requests',
    {
      schema: {
        tags,
        summary: 'Demander à entrer en contact avec un membre (une seule demande en cours entre deux membres)',
        params: memberIdParamsSchema,
        body: contactRequestInputSchema,
        response: {
          201: contactRequestSchema,
          400: apiErrorSchema,
          ...gated,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
      config: { access: 'subscriber', rateLimit: { max: 30, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const created = await sendContactRequest(ctx, memberOf(request).id, request.params.userId, request.body.message);
      return reply.status(201).send(created);
    },
  );
};
