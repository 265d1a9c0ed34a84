import { okResponseSchema } from '../api';
import { endpoint, fileResponse } from '../endpoint';
import { eventMessages } from '../event-messages';
import {
  eventCheckinBodySchema,
  eventCheckinResponseSchema,
  eventFormSchema,
  eventRegistrationBodySchema,
  eventSchema,
  eventsQuerySchema,
  eventsResponseSchema,
} from '../events';
import { idParams } from '../ids';

const tags = ['Événements'];

/** Organizing an event: signed in, else 401 with the events page's own words (spec section 8). */
const organizer = { level: 'member', messages: { unauthenticated: eventMessages.signInToCreate } } as const;

/**
 * Registering: 401 'Vous devez être connecté pour vous inscrire', then 403 SUBSCRIPTION_REQUIRED
 * 'Vous devez avoir un abonnement actif pour vous inscrire aux événements' (spec section 8).
 */
const subscriber = {
  level: 'subscriber',
  messages: {
    unauthenticated: eventMessages.signInToRegister,
    subscriptionRequired: eventMessages.subscriptionRequired,
  },
} as const;

/** Cancelling a registration or a place in line: signed in, with the same 401 words. */
const registrant = { level: 'member', messages: { unauthenticated: eventMessages.signInToRegister } } as const;

const params = idParams('id');

/** /api/events: the public list, organizing (members) and registration (subscribers). */
export const eventEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/events',
    operationId: 'listEvents',
    tags,
    summary:
      'Événements à venir (du plus proche au plus lointain) ou passés (du plus récent au plus ancien), par pages',
    access: 'public',
    query: eventsQuerySchema,
    responses: { 200: eventsResponseSchema },
  }),
  create: endpoint({
    method: 'POST',
    path: '/events',
    operationId: 'createEvent',
    tags,
    summary: 'Créer un événement (events insert)\u202f; la catégorie donne son nom et son image',
    access: organizer,
    body: eventFormSchema,
    responses: { 201: eventSchema },
    errors: ['UNKNOWN_CATEGORY', 'EVENT_GROUP_FORBIDDEN'],
  }),
  update: endpoint({
    method: 'PUT',
    path: '/events/:id',
    operationId: 'updateEvent',
    tags,
    summary: 'Modifier son événement (events update)\u202f; les inscrits sont prévenus d’un changement',
    access: organizer,
    params,
    body: eventFormSchema,
    responses: { 200: eventSchema },
    errors: ['NOT_FOUND', 'FORBIDDEN', 'UNKNOWN_CATEGORY', 'EVENT_GROUP_FORBIDDEN', 'CAPACITY_BELOW_REGISTRANTS'],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/events/:id',
    operationId: 'deleteEvent',
    tags,
    summary: 'Supprimer son événement (events delete)\u202f; les inscrits sont prévenus de l’annulation',
    access: organizer,
    params,
    responses: { 200: okResponseSchema },
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  }),
  register: endpoint({
    method: 'POST',
    path: '/events/:id/registration',
    operationId: 'registerForEvent',
    tags,
    summary:
      'S’inscrire à un événement (abonnés), avec ses invités (+1)\u202f; refusé quand il est complet ou passé\u202f; réinscrit, change le nombre d’invités',
    access: subscriber,
    params,
    body: eventRegistrationBodySchema,
    responses: { 200: eventSchema },
    errors: ['NOT_FOUND', 'EVENT_PAST', 'EVENT_TOO_MANY_GUESTS', 'EVENT_FULL'],
    rateLimit: { max: 60, timeWindow: '1 minute' },
  }),
  unregister: endpoint({
    method: 'DELETE',
    path: '/events/:id/registration',
    operationId: 'unregisterFromEvent',
    tags,
    summary: 'Annuler son inscription à un événement',
    access: registrant,
    params,
    responses: { 200: eventSchema },
    errors: ['NOT_FOUND'],
  }),
  joinWaitlist: endpoint({
    method: 'POST',
    path: '/events/:id/waitlist',
    operationId: 'joinEventWaitlist',
    tags,
    summary:
      'Rejoindre la liste d’attente d’un événement complet (abonnés), avec ses invités\u202f; inscrit directement s’il reste la place',
    access: subscriber,
    params,
    body: eventRegistrationBodySchema,
    responses: { 200: eventSchema },
    errors: ['NOT_FOUND', 'EVENT_PAST', 'EVENT_TOO_MANY_GUESTS', 'EVENT_ALREADY_REGISTERED'],
    rateLimit: { max: 60, timeWindow: '1 minute' },
  }),
  leaveWaitlist: endpoint({
    method: 'DELETE',
    path: '/events/:id/waitlist',
    operationId: 'leaveEventWaitlist',
    tags,
    summary: 'Quitter la liste d’attente d’un événement',
    access: registrant,
    params,
    responses: { 200: eventSchema },
    errors: ['NOT_FOUND'],
  }),
  checkinCode: endpoint({
    method: 'GET',
    path: '/events/:id/checkin-code',
    operationId: 'getEventCheckinCode',
    tags,
    summary:
      'Le QR code de pointage (SVG) de l’organisateur ou d’un administrateur\u00a0: un lien signé, valable le jour de l’événement',
    access: 'member',
    params,
    responses: { 200: fileResponse('image/svg+xml; charset=utf-8', 'Le QR code de pointage (SVG)') },
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  }),
  checkIn: endpoint({
    method: 'POST',
    path: '/events/checkin',
    operationId: 'checkInToEvent',
    tags,
    summary: 'Pointer sa présence à un événement avec le QR code de l’organisateur (inscrits, le jour même)',
    access: subscriber,
    body: eventCheckinBodySchema,
    responses: { 200: eventCheckinResponseSchema },
    errors: ['EVENT_CHECKIN_INVALID', 'EVENT_NOT_REGISTERED', 'EVENT_ALREADY_CHECKED_IN'],
    rateLimit: { max: 30, timeWindow: '1 minute' },
  }),
  ics: endpoint({
    method: 'GET',
    path: '/events/:id/ics',
    operationId: 'getEventIcs',
    tags,
    summary: "'Ajouter au calendrier'\u00a0: l’événement au format iCalendar (Europe/Paris)",
    access: 'public',
    params,
    responses: { 200: fileResponse('text/calendar; charset=utf-8', 'Le fichier .ics de l’événement') },
    errors: ['NOT_FOUND'],
  }),
};
