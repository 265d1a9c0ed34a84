import type { LiveState, LiveView } from '@synergie/shared';
import { liveMeetingEndpoints as endpoints } from '@synergie/shared/endpoints';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import {
  endLiveMeeting,
  getLiveView,
  giveLiveRecommendation,
  launchLiveMeeting,
  liveState,
  nextLiveMeeting,
  showLiveRecommendations,
  visitorMeeting,
} from '../domain/live-meeting';
import { generateMinutes } from '../domain/meeting-minutes';
import { serve } from '../lib/endpoints';
import { AppError } from '../lib/errors';
import { memberOf } from '../plugins/access';

/** The weekly meeting run live (issue 30); the rules are in domain/live-meeting.ts. */
export const liveMeetingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.launch, async (request) =>
    launchLiveMeeting(ctx, memberOf(request).id, request.params.groupId, request.params.meetingId),
  );

  serve(app, endpoints.state, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return getLiveView(ctx.db, request.params.groupId, request.params.meetingId, request.groupRole === 'leader');
  });

  /**
   * Once the meeting has ended, its minutes at once (domain/meeting-minutes.ts), best effort: the
   * `generate-minutes` job is the safety net, and either writes them once. Called here rather than
   * in domain/live-meeting.ts, which meeting-minutes.ts reads liveState from (no import cycle).
   */
  const minutesAfterEnd = async (request: FastifyRequest, view: LiveView): Promise<LiveView> => {
    if (view.state.endedAt === null) return view;
    try {
      await generateMinutes(ctx, view.state.meetingId);
    } catch (error) {
      request.log.error({ err: error, meetingId: view.state.meetingId }, 'minutes not generated at the end');
    }
    return view;
  };

  serve(app, endpoints.next, async (request) =>
    minutesAfterEnd(
      request,
      await nextLiveMeeting(ctx, request.params.groupId, request.params.meetingId, request.body.version),
    ),
  );

  serve(app, endpoints.end, async (request) =>
    minutesAfterEnd(request, await endLiveMeeting(ctx, request.params.groupId, request.params.meetingId)),
  );

  serve(app, endpoints.showRecommendations, async (request) =>
    showLiveRecommendations(ctx, request.params.groupId, request.params.meetingId, request.body.show),
  );

  serve(app, endpoints.recommend, async (request, reply) =>
    reply
      .status(201)
      .send(
        await giveLiveRecommendation(
          ctx,
          memberOf(request).id,
          request.params.groupId,
          request.params.meetingId,
          request.body,
        ),
      ),
  );

  /** Opens the event stream of meeting M for `viewer` (a member's id, or `guest:<id>`) on the raw response. */
  const openStream = (request: FastifyRequest, reply: FastifyReply, meetingId: string, viewer: string) => {
    const hub = ctx.liveHub;
    if (!hub?.canOpen(viewer)) throw new AppError('LIVE_STREAMS_LIMIT');
    const header = request.headers['last-event-id'];
    const lastEventId = typeof header === 'string' && /^\d{1,15}$/.test(header) ? Number(header) : null;
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // Nginx and the like: pass each event on at once.
      'x-accel-buffering': 'no',
    });
    // A phone that loses the stream comes back after 2 s, with its last event id.
    reply.raw.write('retry: 2000\n\n');
    hub.join(meetingId, viewer, reply.raw, lastEventId, async () => {
      // Fresh: the last event when the meeting is live, else the state as it is (id 0).
      const { rows } = await ctx.db.execute<{ id: string | number; payload: LiveState }>(sql`
        select id, payload from meeting_live_events where meeting_id = ${meetingId} order by id desc limit 1`);
      const last = rows[0];
      if (last) return { id: Number(last.id), type: 'state', payload: last.payload };
      return { id: 0, type: 'state', payload: await liveState(ctx.db, meetingId) };
    });
  };

  serve(app, endpoints.stream, async (request, reply) => {
    const { groupId, meetingId } = request.params;
    // The meeting must be the group's (404 before the stream opens).
    await getLiveView(ctx.db, groupId, meetingId, false);
    openStream(request, reply, meetingId, memberOf(request).id);
  });

  // Visitors of the day, by their invitation's signed link (no account).
  serve(app, endpoints.visitorState, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { meetingId } = await visitorMeeting(ctx, request.query.jeton);
    const state = await liveState(ctx.db, meetingId);
    if (!state) throw new AppError('INVITATION_INVALID');
    return state;
  });

  serve(app, endpoints.visitorStream, async (request, reply) => {
    const { guestId, meetingId } = await visitorMeeting(ctx, request.query.jeton);
    openStream(request, reply, meetingId, `guest:${guestId}`);
  });
};
