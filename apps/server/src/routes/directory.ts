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
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { directoryFacets, listMembers } from '../domain/directory';
import { rateMember, sendContactRequest } from '../domain/network';
import { requireSubscriber } from '../lib/require-subscriber';
import type { SessionUser } from '../plugins/auth';

const tags = ['Annuaire'];
const gated = { 401: apiErrorSchema, 403: apiErrorSchema };

const subscribers = new WeakMap<FastifyRequest, SessionUser>();
/**
 * Checked before the query or body is validated: a visitor gets 401 and a member without a
 * subscription 403 whatever they send. The handler reads the member found here.
 */
export const subscriberFirst = {
  preValidation: async (request: FastifyRequest) => {
    subscribers.set(request, await requireSubscriber(request));
  },
};
export const subscriberOf = async (request: FastifyRequest) =>
  subscribers.get(request) ?? (await requireSubscriber(request));

/** /api/members: the directory (subscribers only): search, ratings and contact requests. */
export const directoryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/members',
    {
      ...subscriberFirst,
      schema: {
        tags,
        summary:
          "L'annuaire des membres (abonnés) : recherche (nom, entreprise, métier, compétences, ville), filtres, tri par nom, note ou synergies, par pages",
        querystring: directoryQuerySchema,
        response: { 200: directoryPageSchema, 400: apiErrorSchema, ...gated },
      },
    },
    async (request) => listMembers(ctx.db, (await subscriberOf(request)).id, request.query),
  );

  app.get(
    '/members/facets',
    {
      ...subscriberFirst,
      schema: {
        tags,
        summary: 'Les métiers et secteurs renseignés par les membres, pour les filtres (abonnés)',
        response: { 200: directoryFacetsSchema, ...gated },
      },
    },
    async (request) => {
      await subscriberOf(request);
      return directoryFacets(ctx.db);
    },
  );

  app.put(
    '/members/:userId/rating',
    {
      ...subscriberFirst,
      schema: {
        tags,
        summary: 'Évaluer un membre de 1 à 5 étoiles (une note par membre, la suivante la remplace)',
        params: memberIdParamsSchema,
        body: ratingInputSchema,
        response: { 200: ratingResultSchema, 400: apiErrorSchema, ...gated, 404: apiErrorSchema },
      },
    },
    async (request) => rateMember(ctx.db, (await subscriberOf(request)).id, request.params.userId, request.body.rating),
  );

  app.post(
    '/members/:userId/contact-requests',
    {
      ...subscriberFirst,
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
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const member = await subscriberOf(request);
      const created = await sendContactRequest(ctx, member.id, request.params.userId, request.body.message);
      return reply.status(201).send(created);
    },
  );
};
