import { guestEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
  searchInvitableMeetings,
} from '../domain/guests';
import { serve } from '../lib/endpoints';
import { memberOf } from '../plugins/access';

/**
 * Guests (visiteurs, network-core §5): inviting, the pipeline, the guest's public page and
 * check-in. The rules are in domain/guests.ts.
 */
export const guestRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.invite, async (request, reply) =>
    reply.status(201).send(await inviteGuest(ctx, memberOf(request).id, request.params.meetingId, request.body)),
  );

  serve(app, endpoints.mine, async (request) => listMyGuests(ctx.db, memberOf(request).id));

  serve(app, endpoints.invitableMeetings, async (request) => invitableMeetings(ctx.db, memberOf(request).id));

  serve(app, endpoints.searchInvitableMeetings, async (request) => searchInvitableMeetings(ctx.db, request.query.q));

  serve(app, endpoints.listForGroup, async (request) => listGroupGuests(ctx.db, request.params.groupId));

  serve(app, endpoints.move, async (request) =>
    moveGuest(ctx.db, memberOf(request).id, request.params.guestId, request.body.status),
  );

  serve(app, endpoints.invitation, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return getInvitation(ctx, request.query.jeton);
  });

  serve(app, endpoints.confirm, async (request) => confirmInvitation(ctx, request.body.jeton));

  serve(app, endpoints.ics, async (request, reply) =>
    reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', 'attachment; filename="reunion.ics"')
      .header('cache-control', 'no-store')
      .send(await invitationIcs(ctx, request.query.jeton)),
  );

  serve(app, endpoints.checkIn, async (request) =>
    checkInGuest(ctx, request.body.guestToken, request.body.checkinToken),
  );
};
