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
}

export const subscriberRoutes: readonly SubscriberRoute[] = [
  { method: 'GET', url: '/api/billing/access', level: 'subscriber' },
  { method: 'GET', url: '/api/me/projects', level: 'subscriber' },
];
