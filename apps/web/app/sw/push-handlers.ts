/// <reference lib="webworker" />
import type { PushPayload } from '@synergie/shared/push';

/**
 * The service worker's push handlers (issue 28): what a push shows, and the page a tap opens.
 * Installed once by the service worker's entry (sw.ts). The server's payload is JSON
 * { title, body, url, tag } (apps/server/src/domain/push/payload.ts): French words, no personal
 * data of anyone who is not a member, `url` a path of this site.
 */

export const PUSH_ICON = '/icons/icon-192.png';
/** What a push with no readable payload shows (a push must always show something: userVisibleOnly). */
export const FALLBACK_PUSH: PushPayload = {
  title: 'Synergie Pro',
  body: 'Vous avez une nouvelle notification.',
  url: '/notifications',
  tag: 'notification',
};

/** The payload, or the fallback when it is missing or not ours; a url off this site becomes the centre. */
export function readPushPayload(data: { json(): unknown } | null | undefined): PushPayload {
  let raw: unknown;
  try {
    raw = data?.json();
  } catch {
    return FALLBACK_PUSH;
  }
  if (!raw || typeof raw !== 'object') return FALLBACK_PUSH;
  const p = raw as Record<string, unknown>;
  const text = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() !== '' ? v : fallback);
  const url = text(p.url, FALLBACK_PUSH.url);
  return {
    title: text(p.title, FALLBACK_PUSH.title),
    body: text(p.body, FALLBACK_PUSH.body),
    // A path of this site only: `//host` or another scheme would open another site.
    url: /^\/(?![/\\])/.test(url) ? url : FALLBACK_PUSH.url,
    tag: text(p.tag, FALLBACK_PUSH.tag),
  };
}

/** The client to focus for `url`: one already on that page, else any window of the site to navigate. */
export async function openOrFocus(sw: ServiceWorkerGlobalScope, path: string): Promise<void> {
  const target = new URL(path, sw.location.origin).href;
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = windows.find((client) => client.url === target);
  // focus() may be refused (no user activation left): the page is still the right one.
  if (same) {
    await same.focus().catch(() => undefined);
    return;
  }
  const any = windows.find((client) => new URL(client.url).origin === sw.location.origin);
  if (any) {
    const focused = await any.focus().catch(() => any);
    // navigate() works on a client this worker controls; otherwise a new window opens.
    if (focused.navigate && (await focused.navigate(target).catch(() => null))) return;
  }
  await sw.clients.openWindow(target);
}

export function installPushHandlers(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('push', (event) => {
    const payload = readPushPayload(event.data);
    event.waitUntil(
      sw.registration.showNotification(payload.title, {
        body: payload.body,
        icon: PUSH_ICON,
        badge: PUSH_ICON,
        tag: payload.tag,
        lang: 'fr',
        data: { url: payload.url },
      }),
    );
  });

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    const url = typeof data?.url === 'string' && /^\/(?![/\\])/.test(data.url) ? data.url : FALLBACK_PUSH.url;
    event.waitUntil(openOrFocus(sw, url));
  });
}
