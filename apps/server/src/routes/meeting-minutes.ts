import { meetingMinutesEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { correctMinutes, getMinutes } from '../domain/meeting-minutes';
import { minutesPdf } from '../domain/meeting-minutes-pdf';
import { serve } from '../lib/endpoints';
import { memberOf } from '../plugins/access';

/** The minutes of a meeting (issue 30); the rules are in domain/meeting-minutes.ts. */
export const meetingMinutesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.get, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return getMinutes(ctx.db, memberOf(request).id, request.params.meetingId);
  });

  serve(app, endpoints.pdf, async (request, reply) => {
    const minutes = await getMinutes(ctx.db, memberOf(request).id, request.params.meetingId);
    const day = minutes.content.meeting.startsAt.slice(0, 10);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="compte-rendu-${day}.pdf"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(await minutesPdf(minutes)));
  });

  serve(app, endpoints.correct, async (request) =>
    correctMinutes(ctx.db, memberOf(request).id, request.params.groupId, request.params.meetingId, request.body),
  );
};
