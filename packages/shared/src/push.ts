import './zod-locale';
import { z } from 'zod';
import { isoDateTime } from './api-dates';
import { NOTIFICATION_KINDS, type NotificationKind } from './notification-constants';

// Web Push (issue 28): a member's devices, their per-kind choice, and what a push says.
// docs/decisions/0017-web-push.md; rules in the server's domain/push/.

/**
 * The push services a subscription's endpoint may name (the browsers' own): Chrome and Edge on
 * Android (FCM), Firefox (Mozilla autopush), Safari (Apple), Edge on Windows (WNS). Any other host
 * is refused: the server would post to it. A `*.` pattern matches any subdomain, not the bare name.
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  '*.push.services.mozilla.com',
  'web.push.apple.com',
  '*.push.apple.com',
  '*.notify.windows.com',
] as const;

export function isPushServiceHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return PUSH_SERVICE_HOSTS.some((pattern) =>
    pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1 : host === pattern,
  );
}

/** How many bytes a base64url string (padded or not) decodes to, or null when it is not base64url. */
export function base64urlByteLength(value: string): number | null {
  const match = /^([A-Za-z0-9_-]*)(={0,2})$/.exec(value);
  if (!match) return null;
  const chars = (match[1] as string).length;
  if (chars % 4 === 1) return null;
  return Math.floor((chars * 3) / 4);
}

export const pushMessages = {
  endpointInvalid: 'L’adresse d’abonnement de ce navigateur est invalide.',
  endpointNotHttps: 'L’adresse d’abonnement doit être en https://.',
  endpointForeign:
    'Ce service de notifications n’est pas accepté\u202f: seuls ceux des navigateurs (Chrome, Firefox, Safari, Edge) le sont.',
  endpointPrivate: 'Cette adresse d’abonnement mène à une adresse privée\u202f: elle est refusée.',
  endpointUnreachable: 'Le service de notifications de ce navigateur est introuvable. Réessayez plus tard.',
  p256dhInvalid: 'La clé de chiffrement de cet abonnement est invalide (65 octets attendus).',
  authInvalid: 'Le secret d’authentification de cet abonnement est invalide (16 octets attendus).',
  keysMissing: 'Les clés de cet abonnement manquent.',
  enable: 'Activer les notifications sur cet appareil',
  enabling: 'Activation…',
  enabled: 'Les notifications sont activées sur cet appareil.',
  thisDevice: 'Cet appareil',
  onThisDevice: 'Sur cet appareil',
  sendTest: "Envoyer une notification d'essai",
  testSent: (n: number) =>
    n === 1 ? 'Notification d’essai envoyée à 1 appareil.' : `Notification d’essai envoyée à ${n} appareils.`,
  remove: 'Retirer',
  removed: 'Appareil retiré.',
  devices: 'Mes appareils',
  noDevice: 'Aucun appareil ne reçoit encore vos notifications.',
  section: 'Notifications sur vos appareils',
  sectionIntro:
    'Recevez vos notifications sur ce téléphone ou cet ordinateur, même quand le site est fermé. Choisissez ci-dessous, pour chaque type, s’il arrive aussi sur vos appareils.',
  unsupported:
    'Ce navigateur ne sait pas recevoir de notifications. Sur iPhone, ajoutez d’abord le site à l’écran d’accueil (Partager → Sur l’écran d’accueil), puis ouvrez-le depuis l’icône.',
  denied:
    'Les notifications sont bloquées pour ce site. Autorisez-les dans les réglages du navigateur (le cadenas à gauche de l’adresse), puis réessayez.',
  dismissed: 'Vous n’avez pas autorisé les notifications. Appuyez de nouveau sur le bouton pour changer d’avis.',
  noServiceWorker: 'Le service de l’application n’est pas prêt sur cet appareil. Rechargez la page, puis réessayez.',
  pushSettingSaved: (kind: string, on: boolean) =>
    on ? `${kind}\u202f: aussi sur vos appareils` : `${kind}\u202f: plus sur vos appareils`,
  pushSettingHint: 'Sur tous les appareils où vous avez activé les notifications.',
  /** The test push itself. */
  testTitle: 'Notification d’essai',
  testBody: 'Les notifications arrivent bien sur cet appareil.',
} as const;

/** A member may send this many test pushes per hour (counted in the database: every instance agrees). */
export const PUSH_TEST_QUOTA = { max: 5, windowMinutes: 60 } as const;
/** A member keeps at most this many devices; the next subscription is refused until one is removed. */
export const MAX_PUSH_DEVICES = 20;

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
/** A kind the member never set goes to their devices: subscribing a device is the opt-in. */
export const DEFAULT_PUSH_SETTING = true;

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
