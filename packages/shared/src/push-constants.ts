// Web Push (issue 28): the push services accepted, the French words and the limits, with no
// dependency (the web's /profile imports them without zod). Schemas in push.ts.

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
    'Ce service de notifications n’est pas accepté\u00a0: seuls ceux des navigateurs (Chrome, Firefox, Safari, Edge) le sont.',
  endpointPrivate: 'Cette adresse d’abonnement mène à une adresse privée\u00a0: elle est refusée.',
  endpointUnreachable: 'Le service de notifications de ce navigateur est introuvable. Réessayez plus tard.',
  p256dhInvalid: 'La clé de chiffrement de cet abonnement est invalide (65 octets attendus).',
  authInvalid: 'Le secret d’authentification de cet abonnement est invalide (16 octets attendus).',
  keysMissing: 'Les clés de cet abonnement manquent.',
  enable: 'Activer les notifications sur cet appareil',
  enabling: 'Activation…',
  enabled: 'Les notifications sont activées sur cet appareil.',
  thisDevice: 'Cet appareil',
  onThisDevice: 'Sur cet appareil',
  sendTest: 'Envoyer une notification d’essai',
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
    on ? `${kind}\u00a0: aussi sur vos appareils` : `${kind}\u00a0: plus sur vos appareils`,
  pushSettingHint: 'Sur tous les appareils où vous avez activé les notifications.',
  /** The test push itself. */
  testTitle: 'Notification d’essai',
  testBody: 'Les notifications arrivent bien sur cet appareil.',
} as const;

/** A member may send this many test pushes per hour (counted in the database: every instance agrees). */
export const PUSH_TEST_QUOTA = { max: 5, windowMinutes: 60 } as const;
/** A member keeps at most this many devices; the next subscription is refused until one is removed. */
export const MAX_PUSH_DEVICES = 20;

/** A kind the member never set goes to their devices: subscribing a device is the opt-in. */
export const DEFAULT_PUSH_SETTING = true;
