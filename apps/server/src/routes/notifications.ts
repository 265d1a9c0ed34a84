import {
  apiErrorSchema,
  markNotificationsReadSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationSettingsSchema,
  notificationSettingsUpdateSchema,
  unreadCountSchema,
  unsubscribeInfoSchema,
} from '@synergie/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
import { memberOf, viewerOf } from '../plugins/access';

const tags = ['Notifications'];

/** The token in the query; any string reaches the handler, which answers UNSUBSCRIBE_INVALID. */
const tokenQuerySchema = z.object({ token: z.string().max(1000).optional() });

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

  app.get(
    '/me/notifications',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Mes notifications, les plus récentes d’abord (pagination par curseur), avec le nombre de non lues',
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => listNotifications(ctx.db, memberOf(request).id, request.query),
  );

  app.get(
    '/me/notifications/unread-count',
    {
      // Public: 0 for a visitor. The header's bell polls it; a tab whose session just ended (signed
      // out in another tab, account deleted) must not get a 401 before it learns it is signed out.
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Le nombre de mes notifications non lues (la cloche de la navigation)\u202f; 0 sans connexion',
        response: { 200: unreadCountSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const viewer = await viewerOf(request);
      return { unread: viewer ? await unreadCount(ctx.db, viewer.id) : 0 };
    },
  );

  app.post(
    '/me/notifications/read',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Marquer comme lues certaines de mes notifications, ou toutes',
        body: markNotificationsReadSchema,
        response: { 200: unreadCountSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ unread: await markNotificationsRead(ctx.db, memberOf(request).id, request.body) }),
  );

  app.get(
    '/me/notification-settings',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Mes réglages d’email, un par type de notification',
        response: { 200: notificationSettingsSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ settings: await getNotificationSettings(ctx.db, memberOf(request).id) }),
  );

  app.put(
    '/me/notification-settings',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Changer la fréquence des emails de certains types (les autres restent inchangés)',
        body: notificationSettingsUpdateSchema,
        response: { 200: notificationSettingsSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const userId = memberOf(request).id;
      await ctx.db.transaction((tx) => setNotificationFrequencies(tx, userId, request.body.settings));
      return { settings: await getNotificationSettings(ctx.db, userId) };
    },
  );

  app.get(
    '/notifications/unsubscribe',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Ce qu’un lien de désabonnement arrête (sans connexion\u202f: le lien est signé)',
        querystring: tokenQuerySchema,
        response: { 200: unsubscribeInfoSchema, 400: apiErrorSchema },
      },
    },
    async (request) => describeUnsubscribe(ctx, request.query.token),
  );

  app.post(
    '/notifications/unsubscribe',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Désabonnement en un clic (RFC 8058)\u202f: ces emails passent à «\u00a0Jamais\u00a0»\u202f; sans connexion, idempotent',
        querystring: tokenQuerySchema,
        response: { 200: unsubscribeInfoSchema, 400: apiErrorSchema },
      },
    },
    async (request) => unsubscribe(ctx, request.query.token),
  );
};
