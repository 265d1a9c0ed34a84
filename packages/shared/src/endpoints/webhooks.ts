import { okResponseSchema } from '../api';
import { endpoint } from '../endpoint';
import { idParams } from '../ids';
import {
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointCreatedSchema,
  webhookEndpointInputSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
} from '../webhooks';

const tags = ['Webhooks'];

/** The admins' outgoing webhooks (issue 33, docs/product/webhooks.md). */
export const webhookEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/webhooks',
    operationId: 'listWebhookEndpoints',
    tags,
    summary: 'Les adresses de webhook et leurs livraisons par état (admin)',
    access: 'admin',
    responses: { 200: webhookEndpointListSchema },
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/webhooks',
    operationId: 'createWebhookEndpoint',
    tags,
    summary: 'Ajouter une adresse de webhook\u202f; son secret est rendu cette fois seulement (admin)',
    access: 'admin',
    body: webhookEndpointInputSchema,
    responses: { 201: webhookEndpointCreatedSchema },
    errors: ['URL_REFUSED', 'WEBHOOK_HTTPS_REQUIRED'],
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/webhooks/:id',
    operationId: 'updateWebhookEndpoint',
    tags,
    summary: 'Changer les événements, la description, mettre en pause (admin)',
    access: 'admin',
    params: idParams('id'),
    body: webhookEndpointUpdateSchema,
    responses: { 200: webhookEndpointSchema },
    errors: ['WEBHOOK_NOT_FOUND'],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/admin/webhooks/:id',
    operationId: 'deleteWebhookEndpoint',
    tags,
    summary: 'Supprimer une adresse et son journal (admin)',
    access: 'admin',
    params: idParams('id'),
    responses: { 200: okResponseSchema },
    errors: ['WEBHOOK_NOT_FOUND'],
  }),
  deliveries: endpoint({
    method: 'GET',
    path: '/admin/webhooks/:id/deliveries',
    operationId: 'listWebhookDeliveries',
    tags,
    summary: 'Le journal des livraisons d’une adresse, les plus récentes d’abord (admin)',
    access: 'admin',
    params: idParams('id'),
    responses: { 200: webhookDeliveryListSchema },
    errors: ['WEBHOOK_NOT_FOUND'],
  }),
  replay: endpoint({
    method: 'POST',
    path: '/admin/webhooks/:id/deliveries/:deliveryId/replay',
    operationId: 'replayWebhookDelivery',
    tags,
    summary: 'Renvoyer une livraison, avec le même webhook-id (admin)',
    access: 'admin',
    params: idParams('id', 'deliveryId'),
    responses: { 200: webhookDeliverySchema },
    errors: ['WEBHOOK_DELIVERY_NOT_FOUND'],
  }),
};
