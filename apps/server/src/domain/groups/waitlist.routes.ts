import { waitlistEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { serve } from '../../lib/endpoints';
import { memberOf } from '../../plugins/access';
import { acceptOffer, declineOffer, joinWaitlist, leaveWaitlist, seatStateFor } from './seat-offers';

/**
 * Waiting lists of seats and seat offers (network-core §2 "Waiting list"), and the viewer's state
 * for a group's seat of their trade. The rules are in seat-offers.ts.
 */
export const waitlistRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.seat, async (request) => seatStateFor(ctx.db, memberOf(request).id, request.params.groupId));

  serve(app, endpoints.join, async (request, reply) =>
    reply.status(201).send(await joinWaitlist(ctx, memberOf(request).id, request.params.groupId)),
  );

  serve(app, endpoints.leave, async (request, reply) => {
    await leaveWaitlist(ctx, memberOf(request).id, request.params.entryId);
    return reply.status(204).send(null);
  });

  serve(app, endpoints.acceptOffer, async (request, reply) => {
    await acceptOffer(ctx, memberOf(request).id, request.params.entryId);
    return reply.status(204).send(null);
  });

  serve(app, endpoints.declineOffer, async (request, reply) => {
    await declineOffer(ctx, memberOf(request).id, request.params.entryId);
    return reply.status(204).send(null);
  });
};
