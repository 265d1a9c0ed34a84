import { billingEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AnyBillingProvider, DemoBillingProvider } from '../billing';
import { demoCancel, demoRenew, demoSetCancelAtPeriodEnd } from '../billing/demo';
import type { AppContext } from '../context';
import { paymentDetails } from '../domain/failed-debits';
import { invoiceSellerOf } from '../domain/membership-invoices';
import { getSubscription } from '../domain/subscriptions';
import { serve } from '../lib/endpoints';
import { AppError } from '../lib/errors';
import { memberOf } from '../plugins/access';

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

  serve(app, endpoints.subscription, (request) => getSubscription(ctx.db, memberOf(request).id));

  serve(app, endpoints.access, () => ({ ok: true as const }));

  serve(app, endpoints.checkout, async (request) => {
    const member = memberOf(request);
    // A second subscription would be billed twice: a subscriber changes plan in the portal.
    if ((await getSubscription(ctx.db, member.id)).subscribed) {
      throw new AppError('ALREADY_SUBSCRIBED');
    }
    return billing.createCheckout(member, request.body.planId);
  });

  serve(app, endpoints.portal, (request) => billing.createPortal(memberOf(request)));

  serve(app, endpoints.paymentDetails, (request) => paymentDetails(ctx.db, memberOf(request).id));

  serve(app, endpoints.demoComplete, (request) => {
    if (!(billing instanceof DemoBillingProvider)) throw notDemo();
    return billing.complete(request.body.session, memberOf(request).id);
  });

  serve(app, endpoints.demoCancelAtPeriodEnd, (request) => {
    if (!(billing instanceof DemoBillingProvider)) throw notDemo();
    return demoSetCancelAtPeriodEnd(ctx.db, memberOf(request).id, request.body.cancel);
  });

  serve(app, endpoints.demoRenew, (request) => {
    if (!(billing instanceof DemoBillingProvider)) throw notDemo();
    return demoRenew(ctx.db, invoiceSellerOf(ctx.env), request.params.userId, request.body?.collectedDaysAgo ?? 0);
  });

  serve(app, endpoints.demoCancel, (request) => {
    if (!(billing instanceof DemoBillingProvider)) throw notDemo();
    return demoCancel(ctx.db, request.params.userId);
  });

  // Stripe's webhook: the signature is checked on the raw bytes, so this scope keeps the body as is.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    // Stripe is no member: the signature proves who calls.
    serve(scope, endpoints.stripeWebhook, async (request) => {
      if (billing.name !== 'stripe') throw notDemo();
      const signature = request.headers['stripe-signature'];
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const event = billing.parseWebhook(body, typeof signature === 'string' ? signature : undefined);
      await billing.handleEvent(event, ctx);
      return { received: true as const };
    });
  });
};
