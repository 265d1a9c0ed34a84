import { okResponseSchema } from '../api';
import { endpoint } from '../endpoint';
import { idParams } from '../ids';
import {
  pushDeviceListSchema,
  pushDeviceSchema,
  pushSettingsSchema,
  pushSettingsUpdateSchema,
  pushSubscriptionBodySchema,
  pushTestResultSchema,
  vapidPublicKeySchema,
} from '../push';

const tags = ['Notifications'];

/**
 * Web Push (issue 28): the application server key, the member's devices (one subscription each),
 * which kinds go to them, and a test push. Rules in the server's domain/push/; decision 0017.
 */
export const pushEndpoints = {
  vapidPublicKey: endpoint({
    method: 'GET',
    path: '/push/vapid-public-key',
    operationId: 'getPushPublicKey',
    tags,
    summary: 'La clé publique VAPID avec laquelle un navigateur s’abonne aux notifications',
    access: 'member',
    responses: { 200: vapidPublicKeySchema },
  }),
  devices: endpoint({
    method: 'GET',
    path: '/me/push/subscriptions',
    operationId: 'listMyPushDevices',
    tags,
    summary: 'Mes appareils qui reçoivent mes notifications',
    access: 'member',
    responses: { 200: pushDeviceListSchema },
  }),
  subscribe: endpoint({
    method: 'POST',
    path: '/me/push/subscriptions',
    operationId: 'subscribeMyDevice',
    tags,
    summary:
      'Abonner cet appareil (le PushSubscription du navigateur)\u202f; un service de notifications des navigateurs seulement',
    access: 'member',
    body: pushSubscriptionBodySchema,
    responses: { 200: pushDeviceSchema },
    errors: ['PUSH_ENDPOINT_REFUSED', 'PUSH_TOO_MANY_DEVICES'],
  }),
  removeDevice: endpoint({
    method: 'DELETE',
    path: '/me/push/subscriptions/:id',
    operationId: 'removeMyPushDevice',
    tags,
    summary: 'Retirer un de mes appareils',
    access: 'member',
    params: idParams('id'),
    responses: { 200: okResponseSchema },
    errors: ['PUSH_DEVICE_NOT_FOUND'],
  }),
  test: endpoint({
    method: 'POST',
    path: '/me/push/test',
    operationId: 'sendMyTestPush',
    tags,
    summary: 'Envoyer une notification d’essai à mes appareils (5 par heure)',
    access: 'member',
    responses: { 200: pushTestResultSchema },
    errors: ['PUSH_NO_DEVICE', 'PUSH_TEST_QUOTA'],
  }),
  settings: endpoint({
    method: 'GET',
    path: '/me/push/settings',
    operationId: 'getMyPushSettings',
    tags,
    summary: 'Pour chaque type de notification, s’il arrive aussi sur mes appareils',
    access: 'member',
    responses: { 200: pushSettingsSchema },
  }),
  updateSettings: endpoint({
    method: 'PUT',
    path: '/me/push/settings',
    operationId: 'updateMyPushSettings',
    tags,
    summary: 'Choisir les types de notification qui arrivent sur mes appareils (les autres restent inchangés)',
    access: 'member',
    body: pushSettingsUpdateSchema,
    responses: { 200: pushSettingsSchema },
  }),
};
