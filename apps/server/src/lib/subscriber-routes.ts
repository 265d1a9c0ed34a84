import { eventMessages } from '@synergie/shared';
/**
 * Every API route reserved to subscribers (requireSubscriber), with the level it requires.
 * test/billing.test.ts calls each one signed out (401), as a member without a subscription (403
 * SUBSCRIPTION_REQUIRED) and as a member in trial (not 401/403). Add a route here when it is
 * gated; a GET without side effects is best, or give a body the route accepts.
 */
export interface SubscriberRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  level: 'subscriber';
  body?: unknown;
  /** The route's own refusal message, when it is not the general one. */
  message?: string;
}

export const subscriberRoutes: readonly SubscriberRoute[] = [
  { method: 'GET', url: '/api/billing/access', level: 'subscriber' },
  { method: 'GET', url: '/api/me/projects', level: 'subscriber' },
  // An unknown event: a subscriber gets 404, never 401/403.
  {
    method: 'POST',
    url: '/api/events/00000000-0000-4000-8000-000000000000/registration',
    level: 'subscriber',
    message: eventMessages.subscriptionRequired,
  },
  // The directory and the member's network (routes/directory.ts, routes/network.ts): unknown
  // members, requests and projects answer a subscriber 404.
  { method: 'GET', url: '/api/members', level: 'subscriber' },
  { method: 'GET', url: '/api/members/facets', level: 'subscriber' },
  {
    method: 'PUT',
    url: '/api/members/00000000-0000-4000-8000-000000000000/rating',
    level: 'subscriber',
    body: { rating: 4 },
  },
  {
    method: 'POST',
    url: '/api/members/00000000-0000-4000-8000-000000000000/contact-requests',
    level: 'subscriber',
    body: {},
  },
  { method: 'GET', url: '/api/me/contact-requests', level: 'subscriber' },
  {
    method: 'POST',
    url: '/api/me/contact-requests/00000000-0000-4000-8000-000000000000/accept',
    level: 'subscriber',
    body: {},
  },
  {
    method: 'POST',
    url: '/api/me/contact-requests/00000000-0000-4000-8000-000000000000/decline',
    level: 'subscriber',
    body: {},
  },
  { method: 'GET', url: '/api/me/shared-projects', level: 'subscriber' },
  {
    method: 'PUT',
    url: '/api/me/shared-projects/00000000-0000-4000-8000-000000000000',
    level: 'subscriber',
    body: { title: 'Projet', notes: null, status: 'in_progress' },
  },
  // The member's figures (routes/dashboard.ts).
  { method: 'GET', url: '/api/me/dashboard', level: 'subscriber' },
];
