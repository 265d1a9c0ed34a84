// Web Push in the browser (issue 28): the service worker receives the push the server would send
// for a real notification (apps/server/src/domain/push/payload.ts, the same function), shows it,
// and a tap opens the recommendation. Chromium's own push service (FCM) is out of reach here: the
// push is delivered to the worker through the DevTools protocol (ServiceWorker.deliverPushMessage);
// the server's side (VAPID, RFC 8291 encryption, the outbox, a local push service that decrypts)
// is tested in apps/server/test/push.test.ts.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { notificationPushPayload } from '../apps/server/src/domain/push/payload';
import { baseURL, useBrowser, waitForHydration } from './helpers/browser';
import { signInPage } from './helpers/member';
import { api, tradeSubscriber } from './helpers/network';

const { newPage } = useBrowser();

const notificationsShown = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      url: (n.data as { url?: string } | null)?.url ?? null,
    }));
  });

describe('Web Push in the browser', () => {
  it('shows the push of a recommendation received, and a tap opens it', async () => {
    const giver = await tradeSubscriber('Lina Donneuse', 'Notaire', 'Nantes');
    const receiver = await tradeSubscriber('Hugo Receveur', 'Plombier chauffagiste', 'Nantes');
    const recommendation = await api<{ id: string }>(giver, 'POST', '/api/recommendations', {
      receiverId: receiver.id,
      kind: 'for_you',
      heat: 4,
      need: 'Une salle de bains à refaire',
      message: 'Je lui ai parlé de toi.',
    });
    const { items: notifications } = await api<{
      items: { id: string; kind: 'recommendation_received'; title: string; link: string | null }[];
    }>(receiver, 'GET', '/api/me/notifications');
    const notification = notifications.find((n) => n.kind === 'recommendation_received');
    expect(notification?.link).toBe(`/recommandations/${recommendation.id}`);
    const payload = notificationPushPayload(notification as NonNullable<typeof notification>);

    const page = await newPage({ viewport: { width: 390, height: 844 }, serviceWorkers: 'allow', touch: true });
    await page.context().grantPermissions(['notifications'], { origin: baseURL() });
    await signInPage(page, receiver);
    await page.goto('/aujourdhui');
    await waitForHydration(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, {
      timeout: 30_000,
    });

    const cdp = await page.context().newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${baseURL()}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseURL(),
      registrationId: await registrationId,
      data: JSON.stringify(payload),
    });
    await expect
      .poll(() => notificationsShown(page), { timeout: 15_000 })
      .toEqual([
        {
          title: 'Une recommandation pour vous',
          body: notification?.title,
          url: `/recommandations/${recommendation.id}`,
        },
      ]);
    // No name of anyone who is not a member: the body is the notification's title, which names
    // the member who recommends.
    expect(JSON.stringify(payload)).not.toContain('salle de bains');

    // The tap: the worker's notificationclick (a synthetic event, as no test can press a system
    // notification) takes the open window to the recommendation.
    const [worker] = page.context().serviceWorkers();
    await worker?.evaluate(async () => {
      // The worker's global scope (no webworker types in the e2e project).
      const sw = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent: (event: Event) => boolean;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const [shown] = await sw.registration.getNotifications();
      if (shown) sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification: shown }));
    });
    await page.waitForURL((url) => url.pathname === `/recommandations/${recommendation.id}`, { timeout: 15_000 });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  });
});
