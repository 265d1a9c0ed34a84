import { attendanceEndpoints as endpoints } from '@synergie/shared/endpoints';
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
import { touchLiveMeeting } from '../domain/live-meeting';
import { serve } from '../lib/endpoints';
import { memberOf } from '../plugins/access';

/** Attendance and the QR check-in (network-core §4); the rules are in domain/attendance.ts. */
export const attendanceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.checkinCode, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return checkinCode(ctx, request.params.groupId, request.params.meetingId);
  });

  serve(app, endpoints.checkIn, async (request, reply) => {
    const result = await checkIn(ctx, memberOf(request).id, request.body.token, new Date(), request.body.scannedAt);
    // A live meeting's round lists the newcomer at its end (domain/live-meeting.ts).
    await touchLiveMeeting(ctx, result.meetingId);
    return reply.status(201).send(result);
  });

  serve(app, endpoints.list, async (request) =>
    meetingAttendance(ctx.db, request.params.groupId, request.params.meetingId),
  );

  serve(app, endpoints.record, async (request) => {
    const entry = await recordAttendance(ctx, memberOf(request).id, request.params, request.body);
    await touchLiveMeeting(ctx, request.params.meetingId);
    return entry;
  });

  serve(app, endpoints.meetings, async (request) => attendanceMeetings(ctx.db, request.params.groupId));

  serve(app, endpoints.setAbsenceThreshold, async (request) =>
    setAbsenceThreshold(ctx.db, request.params.groupId, request.body.threshold),
  );
};
