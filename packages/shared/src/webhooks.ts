import './zod-locale';
import { z } from 'zod';
import { isoDateTime } from './api-dates';
import { httpUrl, optionalText } from './fields';

/**
 * Outgoing webhooks (issue 33): what the network tells the members' other tools (a CRM, a
 * spreadsheet, an automation service). Signed the Standard Webhooks way; the rules are in
 * docs/product/webhooks.md.
 */
export const WEBHOOK_EVENT_TYPES = [
  'recommendation.created',
  'recommendation.updated',
  'business.confirmed',
  'member.joined',
  'member.left',
  'meeting.attendance',
  'invoice.issued',
  'visitor.registered',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What each event means, as the admin's form says it. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'recommendation.created': 'Une recommandation est donnée',
  'recommendation.updated': 'Une recommandation avance (étape, montant déclaré, contestation)',
  'business.confirmed': 'Une affaire conclue est confirmée par les deux membres',
  'member.joined': 'Un membre prend place dans un groupe',
  'member.left': 'Un membre quitte un groupe',
  'meeting.attendance': 'Une présence à une réunion est enregistrée',
  'invoice.issued': 'Une facture est émise',
  'visitor.registered': 'Un visiteur s’inscrit à une réunion',
};

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'En attente',
  sending: 'En cours d’envoi',
  delivered: 'Livré',
  failed: 'Abandonné',
};

export const webhookMessages = {
  title: 'Webhooks sortants',
  intro:
    'Chaque adresse reçoit les événements choisis, signés selon Standard Webhooks (en-têtes webhook-id, webhook-timestamp et webhook-signature, HMAC-SHA256 avec le secret). Les données personnelles des non-membres (contacts externes, visiteurs) ne sont jamais envoyées.',
  url: 'Adresse HTTPS',
  urlInvalid: 'Adresse invalide\u00a0: saisissez une adresse https:// publique.',
  urlTooLong: 'L’adresse est trop longue (500 caractères au maximum).',
  description: 'Description (facultatif)',
  events: 'Événements envoyés',
  eventsRequired: 'Choisissez au moins un événement.',
  create: 'Ajouter l’adresse',
  created: 'Adresse ajoutée. Copiez son secret maintenant\u00a0: il ne sera plus affiché.',
  secret: 'Secret de signature',
  active: 'Active',
  paused: 'En pause',
  pause: 'Mettre en pause',
  resume: 'Réactiver',
  remove: 'Supprimer',
  removeConfirm: 'Supprimer cette adresse et son journal de livraisons\u202f?',
  removed: 'Adresse supprimée.',
  deliveries: 'Journal des livraisons',
  noDeliveries: 'Aucune livraison pour le moment.',
  noEndpoints: 'Aucune adresse pour le moment.',
  replay: 'Renvoyer',
  replayed: 'Livraison remise en file d’envoi.',
  attempts: 'Tentatives',
  lastAnswer: 'Dernière réponse',
} as const;

const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: webhookMessages.eventsRequired }), {
    error: webhookMessages.eventsRequired,
  })
  .min(1, { error: webhookMessages.eventsRequired })
  .max(WEBHOOK_EVENT_TYPES.length)
  // Each event once, in the catalogue's order.
  .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)));

/** The admin's form: the browser's resolver and the API's body schema. */
export const webhookEndpointInputSchema = z.object({
  url: httpUrl({ invalid: webhookMessages.urlInvalid, tooLong: webhookMessages.urlTooLong }),
  description: optionalText(200, 'La description'),
  events: webhookEvents,
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointInputSchema>;
export type WebhookEndpointValues = z.output<typeof webhookEndpointInputSchema>;

/** PUT /api/admin/webhooks/:id: the events, the description, paused or not (the address stays). */
export const webhookEndpointUpdateSchema = z.object({
  description: optionalText(200, 'La description'),
  events: webhookEvents,
  active: z.boolean(),
});
export type WebhookEndpointUpdate = z.input<typeof webhookEndpointUpdateSchema>;
export type WebhookEndpointUpdateValues = z.output<typeof webhookEndpointUpdateSchema>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  active: z.boolean(),
  createdAt: isoDateTime(),
  /** Deliveries by status, for the list. */
  counts: z.object({ pending: z.number(), delivered: z.number(), failed: z.number() }),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

/** POST /api/admin/webhooks: the new address with its secret, shown this once. */
export const webhookEndpointCreatedSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointCreated = z.infer<typeof webhookEndpointCreatedSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The `webhook-id` header: the same on every attempt and replay, for the receiver's dedupe. */
  messageId: z.string(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  /** The receiver's last HTTP status, null when it could not be reached. */
  lastStatus: z.number().nullable(),
  lastError: z.string().nullable(),
  createdAt: isoDateTime(),
  deliveredAt: isoDateTime().nullable(),
  nextAttemptAt: isoDateTime().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;
