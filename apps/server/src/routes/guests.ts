import {
  apiErrorSchema,
  groupIdParamsSchema,
  guestCheckinResultSchema,
  guestCheckinSchema,
  guestFormSchema,
  guestIdParamsSchema,
  guestListSchema,
  invitableMeetingsSchema,
  invitationSchema,
  invitationTokenSchema,
  invitedGuestSchema,
  meetingIdParamsSchema,
  moveGuestSchema,
} from '@synergie/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import {
  checkInGuest,
  confirmInvitation,
  getInvitation,
  invitableMeetings,
  invitationIcs,
  inviteGuest,
  listGroupGuests,
  listMyGuests,
  moveGuest,
} from '../domain/guests';
import { memberOf } from '../plugins/access';

const tags = ['Visiteurs'];
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/**
 * Guests (visiteurs, network-core §5): inviting, the pipeline, the guest's public page and
 * check-in. The rules are in domain/guests.ts.
 */
export const guestRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/meetings/:meetingId/guests',
    {
      config: { access: 'subscriber' },
      schema: {
        tags,
        summary:
          'Inviter un visiteur à une réunion de n’importe quel groupe (abonnés), avec son accord pour recevoir l’invitation par email',
        params: meetingIdParamsSchema,
        body: guestFormSchema,
        response: { 201: invitedGuestSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await inviteGuest(ctx, memberOf(request).id, request.params.meetingId, request.body)),
  );

  app.get(
    '/me/guests',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Mes visiteurs et leur suivi',
        response: { 200: guestListSchema, 401: apiErrorSchema },
      },
    },
    async (request) => listMyGuests(ctx.db, memberOf(request).id),
  );

  app.get(
    '/me/invitable-meetings',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Les prochaines réunions de mon groupe, où inviter un visiteur',
        response: { 200: invitableMeetingsSchema, 401: apiErrorSchema },
      },
    },
    async (request) => invitableMeetings(ctx.db, memberOf(request).id),
  );

  app.get(
    '/groups/:groupId/guests',
    {
      config: { access: { groupRole: 'leader', groupParam: 'groupId' } },
      schema: {
        tags,
        summary: 'Les visiteurs des réunions du groupe (responsables du groupe)',
        params: groupIdParamsSchema,
        response: { 200: guestListSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => listGroupGuests(ctx.db, request.params.groupId),
  );

  app.put(
    '/guests/:guestId/status',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Faire avancer un visiteur dans le suivi (le membre qui l’a invité ou les responsables du groupe)',
        params: guestIdParamsSchema,
        body: moveGuestSchema,
        response: { 200: guestListSchema.shape.items.element, ...errors },
      },
    },
    async (request) => moveGuest(ctx.db, memberOf(request).id, request.params.guestId, request.body.status),
  );

  app.get(
    '/invitation',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'L’invitation d’un visiteur, par son lien signé (sans compte)',
        querystring: invitationTokenSchema,
        response: { 200: invitationSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getInvitation(ctx, request.query.jeton);
    },
  );

  app.post(
    '/invitation/confirm',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Le visiteur confirme sa venue, par son lien signé (sans compte)',
        body: invitationTokenSchema,
        response: { 200: invitationSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => confirmInvitation(ctx, request.body.jeton),
  );

  app.get(
    '/invitation/ics',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'La réunion du visiteur en fichier .ics (lien signé)',
        querystring: invitationTokenSchema,
        response: { 200: z.string(), 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="reunion.ics"')
        .header('cache-control', 'no-store')
        .send(await invitationIcs(ctx, request.query.jeton)),
  );

  app.post(
    '/invitation/checkin',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Le visiteur pointe sa présence avec le QR code de la réunion (une fois)',
        body: guestCheckinSchema,
        response: { 200: guestCheckinResultSchema, ...errors },
      },
    },
    async (request) => checkInGuest(ctx, request.body.guestToken, request.body.checkinToken),
  );
};
