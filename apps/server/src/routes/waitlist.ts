import { apiErrorSchema, groupIdParamsSchema, seatStateSchema, waitlistEntrySchema } from '@synergie/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { acceptOffer, declineOffer, joinWaitlist, leaveWaitlist, seatStateFor } from '../domain/seat-offers';
import { memberOf } from '../plugins/access';

const tags = ['Groupes'];

const entryParamsSchema = z.object({ entryId: z.string().trim().min(1).max(100) });
const noContent = z.null().describe('Aucun contenu');
const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/**
 * Waiting lists of seats and seat offers (network-core §2 "Waiting list"), and the viewer's state
 * for a group's seat of their trade. The rules are in domain/seat-offers.ts.
 */
export const waitlistRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/groups/:groupId/seat',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary:
          "Le siège de mon métier dans ce groupe\u202f: postuler, liste d'attente ou déjà membre\u202f; s'il est pris, les groupes les plus proches où il est libre",
        params: groupIdParamsSchema,
        response: { 200: seatStateSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => seatStateFor(ctx.db, memberOf(request).id, request.params.groupId),
  );

  app.post(
    '/groups/:groupId/waitlist',
    {
      config: { access: 'subscriber' },
      schema: {
        tags,
        summary:
          "Rejoindre la liste d'attente du siège de mon métier (abonnés)\u202f; refusé si le siège est libre ou si je suis déjà membre d'un groupe",
        params: groupIdParamsSchema,
        response: { 201: waitlistEntrySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await joinWaitlist(ctx, memberOf(request).id, request.params.groupId)),
  );

  app.delete(
    '/me/waitlist/:entryId',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: "Quitter une liste d'attente en un clic\u202f; une offre en cours passe au suivant",
        params: entryParamsSchema,
        response: { 204: noContent, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await leaveWaitlist(ctx, memberOf(request).id, request.params.entryId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/me/waitlist/:entryId/accept',
    {
      config: { access: 'subscriber' },
      schema: {
        tags,
        summary: "Accepter l'offre d'un siège libéré (abonnés)\u202f: le siège est à moi aussitôt",
        params: entryParamsSchema,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      await acceptOffer(ctx, memberOf(request).id, request.params.entryId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/me/waitlist/:entryId/decline',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: "Décliner l'offre d'un siège\u202f: elle passe au suivant sur la liste d'attente",
        params: entryParamsSchema,
        response: { 204: noContent, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await declineOffer(ctx, memberOf(request).id, request.params.entryId);
      return reply.status(204).send(null);
    },
  );
};
