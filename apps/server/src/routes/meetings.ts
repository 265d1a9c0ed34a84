import { meetingEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import {
  calendarFeed,
  calendarUrl,
  changeMeeting,
  getMeeting,
  listGroupMeetings,
  meetingIcs,
  renewCalendarUrl,
  setMeetingPresenter,
} from '../domain/meetings';
import { serve } from '../lib/endpoints';
import { memberOf } from '../plugins/access';

/** A group's meetings (network-core §4); the rules are in domain/meetings.ts. */
export const meetingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.listForGroup, async (request) => listGroupMeetings(ctx.db, request.params.groupId));

  serve(app, endpoints.get, async (request) => getMeeting(ctx.db, memberOf(request).id, request.params.meetingId));

  serve(app, endpoints.ics, async (request, reply) => {
    const ics = await meetingIcs(ctx, memberOf(request).id, request.params.meetingId);
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="reunion-${request.params.meetingId.slice(0, 8)}.ics"`)
      .header('cache-control', 'no-store')
      .send(ics);
  });

  serve(app, endpoints.change, async (request) => {
    const userId = memberOf(request).id;
    await changeMeeting(ctx, userId, request.params.groupId, request.params.meetingId, request.body);
    return getMeeting(ctx.db, userId, request.params.meetingId);
  });

  serve(app, endpoints.setPresenter, async (request) => {
    await setMeetingPresenter(ctx.db, request.params.groupId, request.params.meetingId, request.body.presenterId);
    return getMeeting(ctx.db, memberOf(request).id, request.params.meetingId);
  });

  serve(app, endpoints.calendarUrl, async (request, reply) =>
    reply.header('cache-control', 'no-store').send(await calendarUrl(ctx, memberOf(request).id)),
  );

  serve(app, endpoints.renewCalendarUrl, async (request, reply) =>
    reply.header('cache-control', 'no-store').send(await renewCalendarUrl(ctx, memberOf(request).id)),
  );

  serve(app, endpoints.calendarFeed, async (request, reply) => {
    const ics = await calendarFeed(ctx, request.params.token);
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .send(ics);
  });
};
