import { endpoint } from '../endpoint';
import {
  markNotificationsReadSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationSettingsSchema,
  notificationSettingsUpdateSchema,
  unreadCountSchema,
  unsubscribeInfoSchema,
  unsubscribeQuerySchema,
} from '../notifications';

const tags = ['Notifications'];

/**
 * The notification centre (network-core §8): the member's list, unread count, reading and
 * email settings; and the signed unsubscribe link of every notification mail, which works
 * without signing in (RFC 8058 one-click POST from mail clients). Rules in the server's
 * domain/notifications.ts.
 */
export const notificationEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/me/notifications',
    operationId: 'listMyNotifications',
    tags,
    summary: 'Mes notifications, les plus récentes d’abord (pagination par curseur), avec le nombre de non lues',
    access: 'member',
    query: notificationListQuerySchema,
    responses: { 200: notificationListSchema },
  }),
  // Public: 0 for a visitor. The header's bell polls it; a tab whose session just ended (signed
  // out in another tab, account deleted) must not get a 401 before it learns it is signed out.
  unreadCount: endpoint({
    method: 'GET',
    path: '/me/notifications/unread-count',
    operationId: 'countMyUnreadNotifications',
    tags,
    summary: 'Le nombre de mes notifications non lues (la cloche de la navigation)\u202f; 0 sans connexion',
    access: 'public',
    responses: { 200: unreadCountSchema },
  }),
  markRead: endpoint({
    method: 'POST',
    path: '/me/notifications/read',
    operationId: 'markMyNotificationsRead',
    tags,
    summary: 'Marquer comme lues certaines de mes notifications, ou toutes',
    access: 'member',
    body: markNotificationsReadSchema,
    responses: { 200: unreadCountSchema },
  }),
  settings: endpoint({
    method: 'GET',
    path: '/me/notification-settings',
    operationId: 'getMyNotificationSettings',
    tags,
    summary: 'Mes réglages d’email, un par type de notification',
    access: 'member',
    responses: { 200: notificationSettingsSchema },
  }),
  updateSettings: endpoint({
    method: 'PUT',
    path: '/me/notification-settings',
    operationId: 'updateMyNotificationSettings',
    tags,
    summary: 'Changer la fréquence des emails de certains types (les autres restent inchangés)',
    access: 'member',
    body: notificationSettingsUpdateSchema,
    responses: { 200: notificationSettingsSchema },
  }),
  unsubscribeInfo: endpoint({
    method: 'GET',
    path: '/notifications/unsubscribe',
    operationId: 'describeNotificationUnsubscribe',
    tags,
    summary: 'Ce qu’un lien de désabonnement arrête (sans connexion\u00a0: le lien est signé)',
    access: 'public',
    query: unsubscribeQuerySchema,
    responses: { 200: unsubscribeInfoSchema },
    errors: ['UNSUBSCRIBE_INVALID'],
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: '/notifications/unsubscribe',
    operationId: 'unsubscribeFromNotifications',
    tags,
    summary:
      'Désabonnement en un clic (RFC 8058)\u00a0: ces emails passent à «\u00a0Jamais\u00a0»\u202f; sans connexion, idempotent',
    access: 'public',
    query: unsubscribeQuerySchema,
    responses: { 200: unsubscribeInfoSchema },
    errors: ['UNSUBSCRIBE_INVALID'],
  }),
};
