import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { get } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offlineCacheStore, wipeOfflineData } from '~/lib/offline-data';
import { listWrites, queueWrite } from '~/lib/outbox';
import { queryKeys } from '~/lib/query-keys';
import { OfflineStatus, offlineLine } from './components/offline-status';
import {
  claimDevice,
  forgetKeptQueries,
  isOfflineQuery,
  restoreKeptData,
  startPersistedCache,
} from './lib/persisted-cache';

/**
 * The member's data kept on the device (persisted-cache.ts) on a real IndexedDB implementation,
 * and the shell's `Hors connexion` line.
 */

const newClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
const kept = () =>
  get<{ buster: string; clientState: { queries: { queryKey: unknown[] }[] } }>('query-cache', offlineCacheStore());

beforeEach(async () => {
  await wipeOfflineData();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the allow-list', () => {
  it('keeps the member’s own data and nothing else', () => {
    for (const key of [
      queryKeys.session,
      queryKeys.me.all,
      queryKeys.me.group,
      queryKeys.me.notifications.list(false),
      queryKeys.meetings.group('g1'),
      queryKeys.meetings.detail('m1'),
      queryKeys.recommendations.list({ page: 1 }),
      queryKeys.memberPage('u1', 'u1'),
      ['me', 'today'],
    ]) {
      expect(isOfflineQuery(key), JSON.stringify(key)).toBe(true);
    }
    for (const key of [
      queryKeys.mySelfBilling,
      queryKeys.me.referral,
      queryKeys.admin.members.all,
      queryKeys.events.list('upcoming', null),
      queryKeys.forum.categories,
    ]) {
      expect(isOfflineQuery(key), JSON.stringify(key)).toBe(false);
    }
  });
});

describe('the persisted cache', () => {
  it('writes the allowed queries with the build and member as buster, and restores them for that member only', async () => {
    const client = newClient();
    const persisted = startPersistedCache(client, 'u1');
    await persisted.restored;
    client.setQueryData(queryKeys.me.group, { group: { name: 'Lyon Confluence' } });
    client.setQueryData(queryKeys.admin.members.all, { secret: true });
    await vi.waitFor(async () => expect((await kept())?.clientState.queries.length).toBe(1), { timeout: 3000 });
    persisted.stop();
    const stored = await kept();
    expect(stored?.buster).toBe('dev:u1');
    expect(stored?.clientState.queries.map((q) => q.queryKey)).toEqual([queryKeys.me.group]);

    // The next start, offline: the same member finds the group again.
    const next = newClient();
    await startPersistedCache(next, 'u1').restored;
    expect(next.getQueryData(queryKeys.me.group)).toEqual({ group: { name: 'Lyon Confluence' } });

    // Another member on this device: nothing of the first is restored.
    const other = newClient();
    await startPersistedCache(other, 'u2').restored;
    expect(other.getQueryData(queryKeys.me.group)).toBeUndefined();
  });

  it('restores before the session answered (a start offline), the session among the data', async () => {
    const client = newClient();
    const persisted = startPersistedCache(client, 'u1');
    await persisted.restored;
    client.setQueryData(queryKeys.session, { user: { id: 'u1', name: 'Marie' } });
    await vi.waitFor(async () => expect((await kept())?.clientState.queries.length).toBe(1), { timeout: 3000 });
    persisted.stop();
    const next = newClient();
    expect(await restoreKeptData(next)).toBe(true);
    expect(next.getQueryData(queryKeys.session)).toEqual({ user: { id: 'u1', name: 'Marie' } });
  });

  it('another member signing in wipes the first one’s data and queued writes; the same member keeps them', async () => {
    await claimDevice('u1');
    await queueWrite({
      id: 'k1',
      userId: 'u1',
      kind: 'checkin',
      method: 'POST',
      url: '/api/checkin',
      body: {},
      label: 'x',
    });
    expect(await claimDevice('u1')).toBe(false);
    expect(await listWrites()).toHaveLength(1);
    expect(await claimDevice('u2')).toBe(true);
    expect(await listWrites()).toEqual([]);
  });

  it('forgets the kept queries in memory too, the session and the rest left', async () => {
    const client = newClient();
    client.setQueryData(queryKeys.session, { user: { id: 'u2' } });
    client.setQueryData(queryKeys.me.group, { group: 'of u1' });
    client.setQueryData(queryKeys.events.list('upcoming', null), []);
    await forgetKeptQueries(client, false);
    expect(client.getQueryData(queryKeys.me.group)).toBeUndefined();
    expect(client.getQueryData(queryKeys.session)).toEqual({ user: { id: 'u2' } });
    expect(client.getQueryData(queryKeys.events.list('upcoming', null))).toEqual([]);
  });

  it('stops writing after a wipe (sign-out): a late change does not put the data back', async () => {
    const client = newClient();
    const persisted = startPersistedCache(client, 'u1');
    await persisted.restored;
    client.setQueryData(queryKeys.me.group, { n: 1 });
    await vi.waitFor(async () => expect(await kept()).toBeDefined(), { timeout: 3000 });
    await wipeOfflineData();
    client.setQueryData(queryKeys.me.group, { n: 2 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await kept()).toBeUndefined();
    persisted.stop();
  });
});

function Shown() {
  useQuery({ queryKey: queryKeys.me.group, queryFn: () => ({ name: 'Lyon' }) });
  return null;
}

describe('the offline line', () => {
  it('is written with a no-break space and the Paris time of the data', () => {
    expect(offlineLine(Date.parse('2026-12-02T07:05:00Z'))).toBe(
      'Hors connexion\u00a0: données du 2 décembre 2026 à 8\u00a0h\u00a005',
    );
    expect(offlineLine(null)).toBe('Hors connexion');
  });

  it('shows in a status region when the browser goes offline, with the shown data’s time, and leaves when back', async () => {
    const client = newClient();
    const at = Date.parse('2026-12-02T06:30:00Z');
    client.setQueryData(queryKeys.me.group, { name: 'Lyon' }, { updatedAt: at });
    client.setQueryData(queryKeys.session, null);
    render(
      <QueryClientProvider client={client}>
        <Shown />
        <OfflineStatus />
      </QueryClientProvider>,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(status.textContent).toBe('Hors connexion\u00a0: données du 2 décembre 2026 à 7\u00a0h\u00a030');
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(status.textContent).toBe('');
    onLine.mockRestore();
  });
});
