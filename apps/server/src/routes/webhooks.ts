import { webhookEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  replayWebhookDelivery,
  updateWebhookEndpoint,
} from '../domain/webhooks/admin';
import { serve } from '../lib/endpoints';
import { testAllowHosts } from '../lib/safe-fetch';
import { memberOf } from '../plugins/access';

/** The admins' outgoing webhooks (issue 33): /api/admin/webhooks. */
export const webhookRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.list, async () => listWebhookEndpoints(ctx.db));
  serve(app, endpoints.create, async (request, reply) =>
    reply
      .status(201)
      .send(await createWebhookEndpoint(ctx.db, memberOf(request).id, request.body, testAllowHosts(ctx.env.NODE_ENV))),
  );
  serve(app, endpoints.update, async (request) => updateWebhookEndpoint(ctx.db, request.params.id, request.body));
  serve(app, endpoints.remove, async (request) => {
    await deleteWebhookEndpoint(ctx.db, request.params.id);
    return { ok: true as const };
  });
  serve(app, endpoints.deliveries, async (request) => listWebhookDeliveries(ctx.db, request.params.id));
  serve(app, endpoints.replay, async (request) => {
    const delivery = await replayWebhookDelivery(ctx.db, request.params.id, request.params.deliveryId);
    ctx.mailer.wake();
    return delivery;
  });
};
