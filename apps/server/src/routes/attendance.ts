import {
  absenceThresholdSchema,
  apiErrorSchema,
  attendanceEntrySchema,
  attendanceFormSchema,
  attendanceMeetingListSchema,
  attendanceMemberParamsSchema,
  checkinBodySchema,
  checkinCodeSchema,
  checkinResultSchema,
  groupIdParamsSchema,
  meetingAttendanceSchema,
  meetingParamsSchema,
} from '@synergie/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import {
  attendanceMeetings,
  checkIn,
  checkinCode,
  meetingAttendance,
  recordAttendance,
  setAbsenceThreshold,
} from '../domain/attendance';
import { memberOf } from '../plugins/access';

const tags = ['Présence'];
const leaders = { groupRole: 'leader', groupParam: 'groupId' } as const;
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** Attendance and the QR check-in (network-core §4); the rules are in domain/attendance.ts. */
export const attendanceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/groups/:groupId/meetings/:meetingId/checkin-code',
    {
      config: { access: leaders },
      schema: {
        tags,
        summary:
          'Le QR code de pointage d’une réunion (responsables du groupe)\u202f: valable de 30 minutes avant le début à la fin, renouvelé à chaque appel',
        params: meetingParamsSchema,
        response: { 200: checkinCodeSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return checkinCode(ctx, request.params.groupId, request.params.meetingId);
    },
  );

  app.post(
    '/checkin',
    {
      config: { access: 'subscriber' },
      schema: {
        tags,
        summary: 'Pointer sa présence à une réunion de son groupe avec le jeton du QR code (abonnés)',
        body: checkinBodySchema,
        response: { 201: checkinResultSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await checkIn(ctx, memberOf(request).id, request.body.token)),
  );

  app.get(
    '/groups/:groupId/meetings/:meetingId/attendance',
    {
      config: { access: leaders },
      schema: {
        tags,
        summary: 'La liste de présence d’une réunion (responsables du groupe)\u202f: chaque membre actif et son statut',
        params: meetingParamsSchema,
        response: { 200: meetingAttendanceSchema, ...errors },
      },
    },
    async (request) => meetingAttendance(ctx.db, request.params.groupId, request.params.meetingId),
  );

  app.put(
    '/groups/:groupId/meetings/:meetingId/attendance/:userId',
    {
      config: { access: leaders },
      schema: {
        tags,
        summary:
          'Noter la présence d’un membre (responsables du groupe)\u202f: Présent, Absent, En retard, Excusé ou Remplacé avec le nom du remplaçant',
        params: attendanceMemberParamsSchema,
        body: attendanceFormSchema,
        response: { 200: attendanceEntrySchema, ...errors },
      },
    },
    async (request) => recordAttendance(ctx, memberOf(request).id, request.params, request.body),
  );

  app.get(
    '/groups/:groupId/attendance/meetings',
    {
      config: { access: leaders },
      schema: {
        tags,
        summary:
          'Les réunions du groupe des 8 dernières semaines et des 7 prochains jours, avec le nombre de présences notées (responsables)',
        params: groupIdParamsSchema,
        response: { 200: attendanceMeetingListSchema, ...errors },
      },
    },
    async (request) => attendanceMeetings(ctx.db, request.params.groupId),
  );

  app.put(
    '/groups/:groupId/settings/absence-threshold',
    {
      config: { access: leaders },
      schema: {
        tags,
        summary: 'Le nombre d’absences sur 6 mois au-delà duquel les responsables sont alertés (1 à 26)',
        params: groupIdParamsSchema,
        body: absenceThresholdSchema,
        response: { 200: absenceThresholdSchema, ...errors },
      },
    },
    async (request) => setAbsenceThreshold(ctx.db, request.params.groupId, request.body.threshold),
  );
};
