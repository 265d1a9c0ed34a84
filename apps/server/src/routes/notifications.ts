import { notificationEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import {
  describeUnsubscribe,
  getNotificationSettings,
  listNotifications,
  markNotificationsRead,
  setNotificationFrequencies,
  unreadCount,
  unsubscribe,
} from '../domain/notifications';
import { serve } from '../lib/endpoints';
import { memberOf, viewerOf } from '../plugins/access';

/**
 * The notification centre (network-core §8): the member's list, unread count, reading and
 * email settings; and the signed unsubscribe link of every notification mail, which works
 * without signing in (RFC 8058 one-click POST from mail clients). Rules in domain/notifications.ts.
 */
export const notificationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // RFC 8058: mail clients POST `List-Unsubscribe=One-Click` as a form, `multipart/form-data`
  // (what §3.1 asks for) or `application/x-www-form-urlencoded`. Only this plugin's routes read
  // forms, and they ignore the body: the token in the address is the whole request.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: 4 * 1024 }, (_request, _body, done) =>
    done(null, {}),
  );

  serve(app, endpoints.list, async (request) => listNotifications(ctx.db, memberOf(request).id, request.query));

  // Public: 0 for a visitor (the declaration says why).
  serve(app, endpoints.unreadCount, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const viewer = await viewerOf(request);
    return { unread: viewer ? await unreadCount(ctx.db, viewer.id) : 0 };
  });

  serve(app, endpoints.markRead, async (request) => ({
    unread: await markNotificationsRead(ctx.db, memberOf(request).id, request.body),
  }));

  serve(app, endpoints.settings, async (request) => ({
    settings: await getNotificationSettings(ctx.db, memberOf(request).id),
  }));

  serve(app, endpoints.updateSettings, async (request) => {
    const userId = memberOf(request).id;
    await ctx.db.transaction((tx) => setNotificationFrequencies(tx, userId, request.body.settings));
    return { settings: await getNotificationSettings(ctx.db, userId) };
  });

  serve(app, endpoints.unsubscribeInfo, async (request) => describeUnsubscribe(ctx, request.query.token));

  serve(app, endpoints.unsubscribe, async (request) => unsubscribe(ctx, request.query.token));
};
