import {
  apiErrorSchema,
  calendarUrlSchema,
  changeMeetingSchema,
  groupIdParamsSchema,
  meetingDetailSchema,
  meetingListSchema,
  meetingPresenterSchema,
} from '@synergie/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import {
  calendarFeed,
  calendarUrl,
  changeMeeting,
  getMeeting,
  listGroupMeetings,
  meetingIcs,
  setMeetingPresenter,
} from '../domain/meetings';
import { memberOf } from '../plugins/access';

const tags = ['Réunions'];

const meetingParams = z.object({ meetingId: z.string().trim().min(1).max(100) });
const groupMeetingParams = groupIdParamsSchema.extend({ meetingId: z.string().trim().min(1).max(100) });
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** A group's meetings (network-core §4); the rules are in domain/meetings.ts. */
export const meetingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/groups/:groupId/meetings',
    {
      config: { access: { groupRole: 'member', groupParam: 'groupId' } },
      schema: {
        tags,
        summary: 'Les prochaines réunions du groupe (ses membres, ses responsables)',
        params: groupIdParamsSchema,
        response: { 200: meetingListSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => listGroupMeetings(ctx.db, request.params.groupId),
  );

  app.get(
    '/meetings/:meetingId',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Une réunion et son ordre du jour (les membres du groupe, ses responsables, les admins)',
        params: meetingParams,
        response: { 200: meetingDetailSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getMeeting(ctx.db, memberOf(request).id, request.params.meetingId),
  );

  app.get(
    '/meetings/:meetingId/ics',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: '« Ajouter à mon agenda »\u202f: la réunion au format iCalendar (Europe/Paris)',
        params: meetingParams,
        response: { 200: z.string(), 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const ics = await meetingIcs(ctx, memberOf(request).id, request.params.meetingId);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="reunion-${request.params.meetingId.slice(0, 8)}.ics"`)
        .header('cache-control', 'no-store')
        .send(ics);
    },
  );

  app.put(
    '/groups/:groupId/meetings/:meetingId',
    {
      config: { access: { groupRole: 'leader', groupParam: 'groupId' } },
      schema: {
        tags,
        summary: 'Déplacer ou annuler une réunion, avec un message aux membres (responsables du groupe)',
        params: groupMeetingParams,
        body: changeMeetingSchema,
        response: { 200: meetingDetailSchema, ...errors },
      },
    },
    async (request) => {
      const userId = memberOf(request).id;
      await changeMeeting(ctx, userId, request.params.groupId, request.params.meetingId, request.body);
      return getMeeting(ctx.db, userId, request.params.meetingId);
    },
  );

  app.put(
    '/groups/:groupId/meetings/:meetingId/presenter',
    {
      config: { access: { groupRole: 'leader', groupParam: 'groupId' } },
      schema: {
        tags,
        summary: 'Choisir le membre de la « Présentation de la semaine » (responsables du groupe)',
        params: groupMeetingParams,
        body: meetingPresenterSchema,
        response: { 200: meetingDetailSchema, ...errors },
      },
    },
    async (request) => {
      await setMeetingPresenter(ctx.db, request.params.groupId, request.params.meetingId, request.body.presenterId);
      return getMeeting(ctx.db, memberOf(request).id, request.params.meetingId);
    },
  );

  app.get(
    '/me/calendar-url',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'L’adresse de mon agenda (abonnement)\u202f: mes réunions et mes événements',
        response: { 200: calendarUrlSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send({ url: calendarUrl(ctx, memberOf(request).id) }),
  );

  app.get(
    '/calendar/:token.ics',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Agenda personnel (iCalendar)\u202f: le lien signé est la clé',
        params: z.object({ token: z.string().min(1).max(500) }),
        response: { 200: z.string(), 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const ics = await calendarFeed(ctx, request.params.token);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(ics);
    },
  );
};
