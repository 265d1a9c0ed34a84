import {
  apiErrorSchema,
  eventCheckinBodySchema,
  eventCheckinResponseSchema,
  eventFormSchema,
  eventIdParamsSchema,
  eventMessages,
  eventRegistrationBodySchema,
  eventSchema,
  eventsQuerySchema,
  eventsResponseSchema,
  okResponseSchema,
} from '@synergie/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { eventToIcs } from '../domain/event-ics';
import {
  checkInToEvent,
  createEvent,
  deleteEvent,
  eventCheckinCode,
  eventForCalendar,
  eventsListCacheable,
  eventsListKey,
  joinWaitlist,
  leaveWaitlist,
  listEventsJson,
  registerForEvent,
  unregisterFromEvent,
  updateEvent,
  withViewerFields,
} from '../domain/events';
import { memberOf, viewerOf } from '../plugins/access';

const tags = ['Événements'];

/** Organizing an event: signed in, else 401 with the events page's own words (spec section 8). */
const organizer = { level: 'member', messages: { unauthenticated: eventMessages.signInToCreate } } as const;

const writeErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** /api/events: the public list, organizing (members) and registration (subscribers). */
export const eventRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/events',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Événements à venir (du plus proche au plus lointain) ou passés (du plus récent au plus ancien), par pages',
        querystring: eventsQuerySchema,
        response: { 200: eventsResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
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
    },
  );

  app.post(
    '/events',
    {
      config: { access: organizer },
      schema: {
        tags,
        summary: 'Créer un événement (events insert) ; la catégorie donne son nom et son image',
        body: eventFormSchema,
        response: { 201: eventSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      return reply.status(201).send(await createEvent(ctx, memberOf(request).id, request.body));
    },
  );

  app.put(
    '/events/:id',
    {
      config: { access: organizer },
      schema: {
        tags,
        summary: "Modifier son événement (events update) ; les inscrits sont prévenus d'un changement",
        params: eventIdParamsSchema,
        body: eventFormSchema,
        response: { 200: eventSchema, ...writeErrors },
      },
    },
    async (request) => {
      return updateEvent(ctx, memberOf(request).id, request.params.id, request.body);
    },
  );

  app.delete(
    '/events/:id',
    {
      config: { access: organizer },
      schema: {
        tags,
        summary: "Supprimer son événement (events delete) ; les inscrits sont prévenus de l'annulation",
        params: eventIdParamsSchema,
        response: { 200: okResponseSchema, ...writeErrors },
      },
    },
    async (request) => {
      await deleteEvent(ctx, memberOf(request).id, request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/events/:id/registration',
    {
      schema: {
        tags,
        summary:
          "S'inscrire à un événement (abonnés), avec ses invités (+1) ; refusé quand il est complet ou passé ; réinscrit, change le nombre d'invités",
        params: eventIdParamsSchema,
        body: eventRegistrationBodySchema,
        response: { 200: eventSchema, ...writeErrors, 409: apiErrorSchema, 429: apiErrorSchema },
      },
      // 401 'Vous devez être connecté pour vous inscrire', then 403 SUBSCRIPTION_REQUIRED 'Vous
      // devez avoir un abonnement actif pour vous inscrire aux événements' (spec section 8).
      config: {
        access: {
          level: 'subscriber',
          messages: {
            unauthenticated: eventMessages.signInToRegister,
            subscriptionRequired: eventMessages.subscriptionRequired,
          },
        },
        rateLimit: { max: 60, timeWindow: '1 minute' },
      },
    },
    async (request) => registerForEvent(ctx, memberOf(request).id, request.params.id, request.body.guests),
  );

  const subscriber = {
    level: 'subscriber',
    messages: {
      unauthenticated: eventMessages.signInToRegister,
      subscriptionRequired: eventMessages.subscriptionRequired,
    },
  } as const;

  app.post(
    '/events/:id/waitlist',
    {
      config: { access: subscriber, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          "Rejoindre la liste d'attente d'un événement complet (abonnés), avec ses invités ; inscrit directement s'il reste la place",
        params: eventIdParamsSchema,
        body: eventRegistrationBodySchema,
        response: { 200: eventSchema, ...writeErrors, 409: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => joinWaitlist(ctx, memberOf(request).id, request.params.id, request.body.guests),
  );

  app.delete(
    '/events/:id/waitlist',
    {
      config: { access: { level: 'member', messages: { unauthenticated: eventMessages.signInToRegister } } },
      schema: {
        tags,
        summary: "Quitter la liste d'attente d'un événement",
        params: eventIdParamsSchema,
        response: { 200: eventSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => leaveWaitlist(ctx, memberOf(request).id, request.params.id),
  );

  app.get(
    '/events/:id/checkin-code',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary:
          "Le QR code de pointage (SVG) de l'organisateur ou d'un administrateur : un lien signé, valable le jour de l'événement",
        params: eventIdParamsSchema,
        response: { 200: z.string(), 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const svg = await eventCheckinCode(ctx, memberOf(request).id, request.params.id);
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(svg);
    },
  );

  app.post(
    '/events/checkin',
    {
      config: { access: subscriber, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: "Pointer sa présence à un événement avec le QR code de l'organisateur (inscrits, le jour même)",
        body: eventCheckinBodySchema,
        response: { 200: eventCheckinResponseSchema, ...writeErrors, 409: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => checkInToEvent(ctx, memberOf(request).id, request.body.token),
  );

  app.delete(
    '/events/:id/registration',
    {
      config: { access: { level: 'member', messages: { unauthenticated: eventMessages.signInToRegister } } },
      schema: {
        tags,
        summary: 'Annuler son inscription à un événement',
        params: eventIdParamsSchema,
        response: { 200: eventSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => unregisterFromEvent(ctx, memberOf(request).id, request.params.id),
  );

  app.get(
    '/events/:id/ics',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "'Ajouter au calendrier' : l'événement au format iCalendar (Europe/Paris)",
        params: eventIdParamsSchema,
        response: { 200: z.string(), 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const event = await eventForCalendar(ctx.db, request.params.id);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="evenement-${event.id.slice(0, 8)}.ics"`)
        .header('cache-control', 'no-store')
        .send(eventToIcs(event, ctx.mailContext));
    },
  );
};
