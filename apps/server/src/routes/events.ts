import { eventEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { checkInToEvent, eventCheckinCode } from '../domain/events/checkin';
import { createEvent, deleteEvent, updateEvent } from '../domain/events/crud';
import { eventToIcs } from '../domain/events/ics';
import {
  eventForCalendar,
  eventsListCacheable,
  eventsListKey,
  listEventsJson,
  withViewerFields,
} from '../domain/events/list';
import { joinWaitlist, leaveWaitlist, registerForEvent, unregisterFromEvent } from '../domain/events/registration';
import { serve } from '../lib/endpoints';
import { memberOf, viewerOf } from '../plugins/access';

/** /api/events: the public list, organizing (members) and registration (subscribers). */
export const eventRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.list, async (request, reply) => {
    const viewer = await viewerOf(request);
    // JSON text written by the database in the shape of eventsResponseSchema (test/events.test.ts
    // checks it byte for byte against the schema's serialization): sent as it is.
    // A visitor's list is the same for every visitor: kept a moment (lib/visitor-cache.ts). A
    // member's is that page with their own fields written in (one small statement).
    const { query } = request;
    let body: string;
    if (!eventsListCacheable(query)) body = await listEventsJson(ctx.db, viewer?.id ?? null, query);
    else {
      const page = await ctx.visitorCache.get(eventsListKey(query), () => listEventsJson(ctx.db, null, query));
      body = viewer ? await withViewerFields(ctx.db, page, viewer.id) : page;
    }
    return reply.type('application/json; charset=utf-8').send(body as never);
  });

  serve(app, endpoints.create, async (request, reply) => {
    return reply.status(201).send(await createEvent(ctx, memberOf(request).id, request.body));
  });

  serve(app, endpoints.update, async (request) => {
    return updateEvent(ctx, memberOf(request).id, request.params.id, request.body);
  });

  serve(app, endpoints.remove, async (request) => {
    await deleteEvent(ctx, memberOf(request).id, request.params.id);
    return { ok: true as const };
  });

  serve(app, endpoints.register, async (request) =>
    registerForEvent(ctx, memberOf(request).id, request.params.id, request.body.guests),
  );

  serve(app, endpoints.joinWaitlist, async (request) =>
    joinWaitlist(ctx, memberOf(request).id, request.params.id, request.body.guests),
  );

  serve(app, endpoints.leaveWaitlist, async (request) => leaveWaitlist(ctx, memberOf(request).id, request.params.id));

  serve(app, endpoints.checkinCode, async (request, reply) => {
    const svg = await eventCheckinCode(ctx, memberOf(request).id, request.params.id);
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .send(svg);
  });

  serve(app, endpoints.checkIn, async (request) => checkInToEvent(ctx, memberOf(request).id, request.body.token));

  serve(app, endpoints.unregister, async (request) =>
    unregisterFromEvent(ctx, memberOf(request).id, request.params.id),
  );

  serve(app, endpoints.ics, async (request, reply) => {
    const event = await eventForCalendar(ctx.db, request.params.id);
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="evenement-${event.id.slice(0, 8)}.ics"`)
      .header('cache-control', 'no-store')
      .send(eventToIcs(event, ctx.mailContext));
  });
};
