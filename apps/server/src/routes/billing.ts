import {
  apiErrorSchema,
  billingUrlResponseSchema,
  billingUserParamsSchema,
  checkoutBodySchema,
  demoAdminActionResponseSchema,
  demoCancelAtPeriodEndBodySchema,
  demoCompleteBodySchema,
  demoRenewBodySchema,
  okResponseSchema,
  subscriptionResponseSchema,
  webhookResponseSchema,
} from '@synergie/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AnyBillingProvider, DemoBillingProvider } from '../billing';
import { demoCancel, demoRenew, demoSetCancelAtPeriodEnd } from '../billing/demo';
import type { AppContext } from '../context';
import { getSubscription } from '../domain/subscriptions';
import { AppError } from '../lib/errors';
import { memberOf } from '../plugins/access';

const tags = ['Abonnement'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema };
const notDemo = () => new AppError('NOT_FOUND');

/** /api/billing/*: check-subscription, create-checkout, customer-portal, webhooks, demo flow. */
export const billingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; billing: AnyBillingProvider }> = async (
  app,
  { ctx, billing },
) => {
  // Whatever a billing call changed (a payment, a cancellation, a provider's event), no instance
  // keeps a member's access as it remembered it (auth/session-cache.ts).
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') await ctx.sessionCache.clear();
    return payload;
  });

  app.get(
    '/billing/subscription',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: "L'abonnement du membre connecté (check-subscription), lu dans notre base",
        response: { 200: subscriptionResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => getSubscription(ctx.db, memberOf(request).id),
  );

  app.get(
    '/billing/access',
    {
      config: { access: 'subscriber' },
      schema: {
        tags,
        summary: "Vérifie l'accès aux pages réservées aux abonnés (403 sinon)",
        response: { 200: okResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async () => ({ ok: true as const }),
  );

  app.post(
    '/billing/checkout',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Ouvrir une session de paiement pour une formule (create-checkout)',
        body: checkoutBodySchema,
        response: { 200: billingUrlResponseSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const member = memberOf(request);
      // A second subscription would be billed twice: a subscriber changes plan in the portal.
      if ((await getSubscription(ctx.db, member.id)).subscribed) {
        throw new AppError('ALREADY_SUBSCRIBED');
      }
      return billing.createCheckout(member, request.body.planId);
    },
  );

  app.post(
    '/billing/portal',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: "Ouvrir le portail client de gestion de l'abonnement (customer-portal)",
        response: { 200: billingUrlResponseSchema, ...errors },
      },
    },
    async (request) => billing.createPortal(memberOf(request)),
  );

  app.post(
    '/billing/demo/complete',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: "Démonstration : confirmer le paiement fictif, ce qui démarre l'essai de 14 jours",
        body: demoCompleteBodySchema,
        response: { 200: subscriptionResponseSchema, ...errors, 404: apiErrorSchema },
      },
    },
    async (request) => {
      if (!(billing instanceof DemoBillingProvider)) throw notDemo();
      return billing.complete(request.body.session, memberOf(request).id);
    },
  );

  app.post(
    '/billing/demo/cancel-at-period-end',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: "Démonstration : résilier à la fin de la période en cours, ou reprendre l'abonnement",
        body: demoCancelAtPeriodEndBodySchema,
        response: { 200: subscriptionResponseSchema, ...errors, 404: apiErrorSchema },
      },
    },
    async (request) => {
      if (!(billing instanceof DemoBillingProvider)) throw notDemo();
      return demoSetCancelAtPeriodEnd(ctx.db, memberOf(request).id, request.body.cancel);
    },
  );

  app.post(
    '/admin/billing/demo/:userId/renew',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Démonstration (admin) : encaisser une période de l'abonnement d'un membre (ou il y a quelques jours)",
        params: billingUserParamsSchema,
        body: demoRenewBodySchema,
        response: { 200: demoAdminActionResponseSchema, ...errors, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      if (!(billing instanceof DemoBillingProvider)) throw notDemo();
      return demoRenew(ctx.db, request.params.userId, request.body?.collectedDaysAgo ?? 0);
    },
  );

  app.post(
    '/admin/billing/demo/:userId/cancel',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Démonstration (admin) : mettre fin à l'abonnement d'un membre",
        params: billingUserParamsSchema,
        response: { 200: demoAdminActionResponseSchema, ...errors, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      if (!(billing instanceof DemoBillingProvider)) throw notDemo();
      return demoCancel(ctx.db, request.params.userId);
    },
  );

  // Stripe's webhook: the signature is checked on the raw bytes, so this scope keeps the body as is.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      '/billing/webhooks/stripe',
      // Stripe is no member: the signature proves who calls.
      {
        schema: { tags, summary: 'Événements signés de Stripe', hide: true, response: { 200: webhookResponseSchema } },
        config: { access: 'public' },
      },
      async (request) => {
        if (billing.name !== 'stripe') throw notDemo();
        const signature = request.headers['stripe-signature'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const event = billing.parseWebhook(body, typeof signature === 'string' ? signature : undefined);
        await billing.handleEvent(event);
        return { received: true };
      },
    );
  });
};
