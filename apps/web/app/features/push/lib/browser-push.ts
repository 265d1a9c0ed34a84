import { pushMessages } from '@synergie/shared/push-constants';

/**
 * This browser's side of Web Push: whether it can, what the member allowed, and its subscription.
 * The permission is asked only from `subscribeThisDevice`, which the page calls on a press of
 * `Activer les notifications sur cet appareil` (browsers refuse, and members dislike, a prompt on
 * load). The service worker is the app's (sw.ts, registered by the app's shell): this module waits
 * for it, it never registers one.
 */

export type PushSupport = 'supported' | 'unsupported';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'unsupported';
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
    ? 'supported'
    : 'unsupported';
}

export function permission(): NotificationPermission {
  return typeof Notification === 'undefined' ? 'denied' : Notification.permission;
}

/** A refusal the page words in French (its message is the member's). */
export class PushSetupError extends Error {
  constructor(
    readonly reason: 'unsupported' | 'denied' | 'dismissed' | 'no-service-worker',
    message: string,
  ) {
    super(message);
    this.name = 'PushSetupError';
  }
}

/** How long to wait for the app's service worker before saying it is not there. */
export const SERVICE_WORKER_WAIT_MS = 10_000;

/** The app's service worker registration, once active; a French error after `timeoutMs`. */
export async function serviceWorkerRegistration(
  timeoutMs = SERVICE_WORKER_WAIT_MS,
): Promise<ServiceWorkerRegistration> {
  if (pushSupport() === 'unsupported') throw new PushSetupError('unsupported', pushMessages.unsupported);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushSetupError('no-service-worker', pushMessages.noServiceWorker)), timeoutMs);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The application server key as the Push API takes it (bytes from base64url). */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** This browser's current subscription, or null (none, or no service worker): answers at once. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    return (await registration?.pushManager.getSubscription()) ?? null;
  } catch {
    return null;
  }
}

/**
 * On the member's press: asks the permission, then subscribes with the server's key (a
 * subscription made with another key is replaced). Returns what the server stores.
 */
export async function subscribeThisDevice(
  getPublicKey: () => Promise<{ publicKey: string }>,
): Promise<PushSubscriptionJSON> {
  if (pushSupport() === 'unsupported') throw new PushSetupError('unsupported', pushMessages.unsupported);
  const answer = await Notification.requestPermission();
  if (answer === 'denied') throw new PushSetupError('denied', pushMessages.denied);
  if (answer !== 'granted') throw new PushSetupError('dismissed', pushMessages.dismissed);
  const registration = await serviceWorkerRegistration();
  const { publicKey } = await getPublicKey();
  const key = applicationServerKey(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing) {
    const existingKey = existing.options.applicationServerKey;
    const same =
      existingKey !== null &&
      new Uint8Array(existingKey).every((byte, i) => byte === key[i]) &&
      existingKey.byteLength === key.length;
    if (same) return existing.toJSON();
    await existing.unsubscribe();
  }
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return subscription.toJSON();
}

/** Ends this browser's subscription (after `Retirer` on this device, or at sign-out). */
export async function unsubscribeThisDevice(): Promise<void> {
  const subscription = await currentSubscription();
  await subscription?.unsubscribe();
}
