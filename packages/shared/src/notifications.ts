import './zod-locale';
import { z } from 'zod';
import { isoDateTime } from './api-dates';
import { NOTIFICATION_FREQUENCIES, NOTIFICATION_KINDS, NOTIFICATION_PAGE_SIZE } from './notification-constants';

export * from './notification-constants';

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string().nullable(),
  /** A path of the site (`/recommandations/…`), never another site. */
  link: z.string().nullable(),
  readAt: isoDateTime().nullable(),
  createdAt: isoDateTime(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/me/notifications: newest first, keyset-paginated by `before` (the last item's cursor). */
export const notificationListQuerySchema = z.object({
  unread: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  before: z.string().max(200).optional().describe('Curseur renvoyé par la page précédente'),
  limit: z.coerce.number().int().min(1).max(100).default(NOTIFICATION_PAGE_SIZE),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  /** Pass as `before` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** GET /api/me/notifications/unread-count: one indexed query, polled by the bell. */
export const unreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** POST /api/me/notifications/read: some ids, or all of them. */
export const markNotificationsReadSchema = z.union([
  z.object({ ids: z.array(z.string().max(200)).min(1).max(100) }),
  z.object({ all: z.literal(true) }),
]);
export type MarkNotificationsRead = z.infer<typeof markNotificationsReadSchema>;

/** GET/PUT /api/me/notification-settings: one frequency per kind (every kind, always). */
// An object with one property per kind (not a record keyed by an enum), so the OpenAPI document
// declares each kind it requires.
export const notificationSettingsSchema = z.object({
  settings: z.object(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.enum(NOTIFICATION_FREQUENCIES)])) as Record<
      (typeof NOTIFICATION_KINDS)[number],
      z.ZodEnum<{ [F in (typeof NOTIFICATION_FREQUENCIES)[number]]: F }>
    >,
  ),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** PUT /api/me/notification-settings: the kinds to change (others unchanged). */
export const notificationSettingsUpdateSchema = z.object({
  settings: z.partialRecord(
    z.enum(NOTIFICATION_KINDS),
    z.enum(NOTIFICATION_FREQUENCIES, { error: 'Fréquence invalide' }),
  ),
});
export type NotificationSettingsUpdate = z.infer<typeof notificationSettingsUpdateSchema>;

/**
 * GET and POST /api/notifications/unsubscribe?token=: any string reaches the handler, which
 * answers UNSUBSCRIBE_INVALID for a token that is missing, altered or not ours.
 */
export const unsubscribeQuerySchema = z.object({ token: z.string().max(1000).optional() });

/** The one-click unsubscribe (RFC 8058): the token signs the member and the kind (or a digest). */
export const unsubscribeTokenSchema = z.object({ token: z.string().min(10).max(500) });
/** A digest's token stops every kind currently sent in that digest. */
export const DIGEST_FREQUENCIES = ['daily', 'weekly'] as const;
export const unsubscribeInfoSchema = z.object({
  /** The kind a notification mail's token names; null for a digest's token. */
  kind: z.enum(NOTIFICATION_KINDS).nullable(),
  /** The digest a digest's token names; null for one kind's token. */
  digest: z.enum(DIGEST_FREQUENCIES).nullable(),
  /** What the emails are called: the kind's label, or `Résumé quotidien` / `Résumé hebdomadaire`. */
  kindLabel: z.string(),
  /** The kinds the link stops (for a digest: those currently sent in it). */
  kinds: z.array(z.enum(NOTIFICATION_KINDS)),
  /** The member's current setting for that kind (for a digest: its frequency, or `never` once stopped). */
  frequency: z.enum(NOTIFICATION_FREQUENCIES),
});
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfoSchema>;
