import './zod-locale';
import { z } from 'zod';
import { isoDateTime } from './api-dates';
import { NOTIFICATION_KINDS, type NotificationKind } from './notification-constants';
import { base64urlByteLength, pushMessages } from './push-constants';

export * from './push-constants';

// Web Push (issue 28): a member's devices, their per-kind choice, and what a push says.
// docs/decisions/0017-web-push.md; rules in the server's domain/push/.

/**
 * POST /api/me/push/subscriptions: what `PushSubscription.toJSON()` gives. The shape is checked
 * here; the server adds the host allow-list and the address check (it knows its settings and DNS).
 */
export const pushSubscriptionBodySchema = z.object({
  endpoint: z
    .string({ error: pushMessages.endpointInvalid })
    .max(2000, { error: pushMessages.endpointInvalid })
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), { error: pushMessages.endpointInvalid }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: z
        .string({ error: pushMessages.p256dhInvalid })
        .max(100, { error: pushMessages.p256dhInvalid })
        .refine((v) => base64urlByteLength(v) === 65 && v.startsWith('B'), { error: pushMessages.p256dhInvalid }),
      auth: z
        .string({ error: pushMessages.authInvalid })
        .max(40, { error: pushMessages.authInvalid })
        .refine((v) => base64urlByteLength(v) === 16, { error: pushMessages.authInvalid }),
    },
    { error: pushMessages.keysMissing },
  ),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

export const pushDeviceSchema = z.object({
  id: z.string(),
  /** `Chrome sur Android`, from the user agent that subscribed. */
  label: z.string(),
  /** The member's own: the page compares it with this browser's subscription (`Cet appareil`). */
  endpoint: z.string(),
  createdAt: isoDateTime(),
  lastSuccessAt: isoDateTime().nullable(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;
export const pushDeviceListSchema = z.object({ devices: z.array(pushDeviceSchema) });
export type PushDeviceList = z.infer<typeof pushDeviceListSchema>;

/** GET /api/push/vapid-public-key: the application server key the browser subscribes with. */
export const vapidPublicKeySchema = z.object({ publicKey: z.string() });

/** POST /api/me/push/test: how many devices it was queued for. */
export const pushTestResultSchema = z.object({ devices: z.number().int() });

/** GET/PUT /api/me/push/settings: per kind, whether it goes to the member's devices too. */
export const pushSettingsSchema = z.object({
  settings: z.object(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.boolean()])) as Record<NotificationKind, z.ZodBoolean>,
  ),
});
export type PushSettings = z.infer<typeof pushSettingsSchema>;
export const pushSettingsUpdateSchema = z.object({
  settings: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.boolean()),
});
export type PushSettingsUpdate = z.infer<typeof pushSettingsUpdateSchema>;

/** What the service worker receives (decrypted): no personal data of anyone who is not a member. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** A path of the site: the page a tap opens. */
  url: z.string(),
  /** One notification per tag on the device: a newer push of the same tag replaces it. */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
