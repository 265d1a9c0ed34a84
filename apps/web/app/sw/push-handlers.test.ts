import { describe, expect, it, vi } from 'vitest';
import { FALLBACK_PUSH, installPushHandlers, PUSH_ICON, readPushPayload } from './push-handlers';

/** A service worker's global scope, as far as the push handlers use it. */
function fakeServiceWorker(windows: { url: string; focus: () => Promise<unknown>; navigate?: unknown }[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: { title: string; options: NotificationOptions }[] = [];
  const opened: string[] = [];
  const sw = {
    location: { origin: 'https://synergie.test' },
    addEventListener: (type: string, fn: (event: unknown) => void) => listeners.set(type, fn),
    registration: {
      showNotification: vi.fn(async (title: string, options: NotificationOptions) => {
        shown.push({ title, options });
      }),
    },
    clients: {
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async (url: string) => {
        opened.push(url);
        return null;
      }),
    },
  };
  installPushHandlers(sw as unknown as ServiceWorkerGlobalScope);
  const fire = async (type: string, event: Record<string, unknown>) => {
    let waited: Promise<unknown> | undefined;
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => (waited = p) });
    await waited;
  };
  return { sw, shown, opened, fire };
}

const payload = {
  title: 'Une recommandation pour vous',
  body: 'Claire vous recommande',
  url: '/recommandations/r1',
  tag: 'notification-n1',
};

describe('the push handlers', () => {
  it('show the push’s title and body with the app’s icon, its tag and the page to open', async () => {
    const { shown, fire } = fakeServiceWorker();
    await fire('push', { data: { json: () => payload } });
    expect(shown).toEqual([
      {
        title: payload.title,
        options: expect.objectContaining({
          body: payload.body,
          icon: PUSH_ICON,
          tag: payload.tag,
          data: { url: '/recommandations/r1' },
        }),
      },
    ]);
  });

  it('show something for a push without a readable payload, and never open another site', () => {
    expect(readPushPayload(null)).toEqual(FALLBACK_PUSH);
    expect(
      readPushPayload({
        json: () => {
          throw new SyntaxError('not JSON');
        },
      }),
    ).toEqual(FALLBACK_PUSH);
    expect(readPushPayload({ json: () => ({ ...payload, url: '//evil.example/x' }) }).url).toBe('/notifications');
    expect(readPushPayload({ json: () => ({ ...payload, url: 'https://evil.example/' }) }).url).toBe('/notifications');
  });

  it('a tap focuses a window already on the page', async () => {
    const focus = vi.fn(async () => undefined);
    const { opened, fire } = fakeServiceWorker([{ url: 'https://synergie.test/recommandations/r1', focus }]);
    const close = vi.fn();
    await fire('notificationclick', { notification: { close, data: { url: '/recommandations/r1' } } });
    expect(close).toHaveBeenCalled();
    expect(focus).toHaveBeenCalled();
    expect(opened).toEqual([]);
  });

  it('a tap takes an open window of the site to the page, or opens one', async () => {
    const navigate = vi.fn(async () => ({}));
    const client = { url: 'https://synergie.test/aujourdhui', focus: async () => client, navigate };
    const withWindow = fakeServiceWorker([client]);
    await withWindow.fire('notificationclick', { notification: { close() {}, data: { url: '/recommandations/r1' } } });
    expect(navigate).toHaveBeenCalledWith('https://synergie.test/recommandations/r1');
    expect(withWindow.opened).toEqual([]);

    const none = fakeServiceWorker([]);
    await none.fire('notificationclick', { notification: { close() {}, data: { url: '/recommandations/r1' } } });
    expect(none.opened).toEqual(['https://synergie.test/recommandations/r1']);
    const foreign = fakeServiceWorker([]);
    await foreign.fire('notificationclick', { notification: { close() {}, data: { url: 'https://evil.example/' } } });
    expect(foreign.opened).toEqual(['https://synergie.test/notifications']);
  });
});
