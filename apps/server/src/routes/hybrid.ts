import { hybridEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { connectToMeeting, groupHybrid, setGroupHybrid, setMeetingVisio } from '../domain/hybrid';
import { touchLiveMeeting } from '../domain/live-meeting';
import { getMeeting } from '../domain/meetings';
import { serve } from '../lib/endpoints';
import { memberOf } from '../plugins/access';

/** Hybrid meetings (issue 30); the rules are in domain/hybrid.ts and domain/attended.ts. */
export const hybridRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.connected, async (request) => {
    const result = await connectToMeeting(ctx.db, memberOf(request).id, request.params.meetingId);
    // A live meeting's round lists the remote member at its end (domain/live-meeting.ts).
    if (result.recorded) await touchLiveMeeting(ctx, result.meetingId);
    return result;
  });

  serve(app, endpoints.setMeetingVisio, async (request) => {
    await setMeetingVisio(ctx.db, request.params.groupId, request.params.meetingId, request.body.visioUrl);
    return getMeeting(ctx.db, memberOf(request).id, request.params.meetingId);
  });

  serve(app, endpoints.getGroupHybrid, async (request) => groupHybrid(ctx.db, request.params.groupId));

  serve(app, endpoints.setGroupHybrid, async (request) => setGroupHybrid(ctx.db, request.params.groupId, request.body));
};
