import { pushEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import type { EndpointCheckOptions } from '../domain/push/endpoint-check';
import {
  getPushSettings,
  listDevices,
  queueTestPush,
  removeDevice,
  setPushSettings,
  subscribeDevice,
} from '../domain/push/subscriptions';
import { vapidDetails } from '../domain/push/vapid';
import { serve } from '../lib/endpoints';
import { memberOf } from '../plugins/access';

/** Where a device's pushes may go (domain/push/endpoint-check.ts): tests may set their own resolver. */
export function pushEndpointCheck(ctx: AppContext): EndpointCheckOptions {
  return { allowedOrigins: ctx.env.PUSH_ALLOWED_ORIGINS, resolve: ctx.resolveHost };
}

/**
 * Web Push (issue 28, decision 0017): the key browsers subscribe with, the member's devices, their
 * per-kind choice and a test push. Rules in domain/push/.
 */
export const pushRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.vapidPublicKey, async (_request, reply) => {
    reply.header('cache-control', 'private, max-age=3600');
    return { publicKey: (await vapidDetails(ctx.db, ctx.env)).publicKey };
  });

  serve(app, endpoints.devices, async (request) => ({ devices: await listDevices(ctx.db, memberOf(request).id) }));

  serve(app, endpoints.subscribe, async (request) =>
    subscribeDevice(ctx.db, memberOf(request).id, request.body, request.headers['user-agent'], pushEndpointCheck(ctx)),
  );

  serve(app, endpoints.removeDevice, async (request) => {
    await removeDevice(ctx.db, memberOf(request).id, request.params.id);
    return { ok: true as const };
  });

  serve(app, endpoints.test, async (request) => {
    const devices = await queueTestPush(ctx.db, memberOf(request).id);
    // The mailer's wake wakes the push worker too (server.ts).
    ctx.mailer.wake();
    return { devices };
  });

  serve(app, endpoints.settings, async (request) => ({
    settings: await getPushSettings(ctx.db, memberOf(request).id),
  }));

  serve(app, endpoints.updateSettings, async (request) => {
    const userId = memberOf(request).id;
    await setPushSettings(ctx.db, userId, request.body.settings);
    return { settings: await getPushSettings(ctx.db, userId) };
  });
};
