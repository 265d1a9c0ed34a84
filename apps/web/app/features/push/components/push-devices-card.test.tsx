import { pushMessages } from '@synergie/shared/push-constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../../../test/group-fixtures';
import { PushDevicesCard } from './push-devices-card';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const KEY = `B${'A'.repeat(86)}`;
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-1';
const json = { endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: KEY, auth: 'AAAAAAAAAAAAAAAAAAAAAA' } };
const device = {
  id: 'd1',
  label: 'Chrome sur Android',
  endpoint: ENDPOINT,
  createdAt: '2026-11-25T07:00:00.000Z',
  lastSuccessAt: null,
};

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PushDevicesCard />
    </QueryClientProvider>,
  );
}

/** A browser that can push: a Notification whose permission the test controls, a service worker. */
function stubPushBrowser(answer: NotificationPermission, initial: NotificationPermission = 'default') {
  const requestPermission = vi.fn(async () => answer);
  let subscription: { endpoint: string; toJSON: () => unknown; unsubscribe: () => Promise<boolean> } | null = null;
  const subscribe = vi.fn(async () => {
    subscription = { endpoint: ENDPOINT, toJSON: () => json, unsubscribe: vi.fn(async () => true) };
    return subscription;
  });
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, { permission: initial, requestPermission }),
  );
  vi.stubGlobal('PushManager', function PushManager() {});
  const registration = { pushManager: { getSubscription: async () => subscription, subscribe } };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      ready: Promise.resolve(registration),
      getRegistration: async () => registration,
    },
  });
  return { requestPermission, subscribe };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('PushDevicesCard', () => {
  it('asks for the permission only on the press, then subscribes this device and lists it', async () => {
    const browser = stubPushBrowser('granted');
    let devices: unknown[] = [];
    const calls = routeFetch({
      'GET /api/me/push/subscriptions': () => [200, { devices }],
      'GET /api/push/vapid-public-key': [200, { publicKey: KEY }],
      'POST /api/me/push/subscriptions': () => {
        devices = [device];
        return [200, device];
      },
    });
    renderCard();
    const button = await screen.findByRole('button', { name: pushMessages.enable });
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(calls.map((c) => c.path)).not.toContain('/api/push/vapid-public-key');
    fireEvent.click(button);
    await screen.findByText(pushMessages.enabled);
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual(json);
    expect(await screen.findByText('Chrome sur Android')).toBeTruthy();
    expect(screen.getByText(pushMessages.thisDevice)).toBeTruthy();
    expect(screen.getByRole('button', { name: pushMessages.sendTest }).hasAttribute('disabled')).toBe(false);
  });

  it('says in French when the member refuses, and when the browser blocks notifications', async () => {
    stubPushBrowser('denied');
    routeFetch({ 'GET /api/me/push/subscriptions': [200, { devices: [] }] });
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: pushMessages.enable }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', pushMessages.denied);
    expect(screen.queryByRole('button', { name: pushMessages.enable })).toBeNull();
  });

  it('says when the browser cannot receive notifications (an iPhone outside the home screen)', async () => {
    routeFetch({ 'GET /api/me/push/subscriptions': [200, { devices: [] }] });
    renderCard();
    expect(await screen.findByText(pushMessages.unsupported)).toBeTruthy();
    expect(await screen.findByText(pushMessages.noDevice)).toBeTruthy();
    expect(screen.getByRole('button', { name: pushMessages.sendTest }).hasAttribute('disabled')).toBe(true);
  });

  it('removes a device with `Retirer` and sends the test push', async () => {
    stubPushBrowser('granted', 'granted');
    let devices: unknown[] = [device, { ...device, id: 'd2', label: 'Firefox sur Windows', endpoint: 'https://x/2' }];
    const calls = routeFetch({
      'GET /api/me/push/subscriptions': () => [200, { devices }],
      'DELETE /api/me/push/subscriptions/d2': () => {
        devices = [device];
        return [200, { ok: true }];
      },
      'POST /api/me/push/test': [200, { devices: 1 }],
    });
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: `${pushMessages.remove} Firefox sur Windows` }));
    await waitFor(() => expect(screen.queryByText('Firefox sur Windows')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: pushMessages.sendTest }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/me/push/test')).toBe(true));
  });
});
