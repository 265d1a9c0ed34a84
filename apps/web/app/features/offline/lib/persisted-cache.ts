import { hydrate, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { type PersistedClient, type Persister, persistQueryClient } from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';
import {
  allowOfflineCacheWrites,
  offlineCacheStore,
  offlineCacheWritesAllowed,
  wipeOfflineData,
} from '~/lib/offline-data';
import { offlineQueries, queryKeys } from '~/lib/query-keys';

/**
 * The member's data kept on the device (issue 28, offline; docs/decisions/0020): the queries of
 * the allow-list (lib/query-keys.ts `offlineQueries`) are written to IndexedDB as they change and
 * restored at the next start, so `Mon groupe`, the meetings, my recommendations, my notifications
 * and my business card open without a network. Only for a signed-in member; kept 7 days; the
 * buster is the build's version and the member's id (another build or another member: dropped).
 * Loaded with the member shell only (a visitor's page never loads this module).
 */

/** How long the kept data may be shown: a week without a network is a week of holidays. */
export const OFFLINE_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const BUILD_VERSION: string = import.meta.env.VITE_BUILD_VERSION ?? 'dev';
const CLIENT_KEY = 'query-cache';
/** The member whose data the device holds. */
const OWNER_KEY = 'owner';

export const cacheBuster = (userId: string) => `${BUILD_VERSION}:${userId}`;

const cacheStore = offlineCacheStore;

const persister: Persister = {
  persistClient: async (client: PersistedClient) => {
    if (offlineCacheWritesAllowed()) await set(CLIENT_KEY, client, cacheStore());
  },
  restoreClient: () => get<PersistedClient>(CLIENT_KEY, cacheStore()),
  removeClient: () => del(CLIENT_KEY, cacheStore()),
};

/** Whether a query is in the allow-list. */
export function isOfflineQuery(queryKey: QueryKey): boolean {
  return offlineQueries.some(
    ({ key, exact }) =>
      (exact ? queryKey.length === key.length : queryKey.length >= key.length) &&
      key.every((part, index) => part === queryKey[index]),
  );
}

const shouldDehydrateQuery = (query: Query) => query.state.status === 'success' && isOfflineQuery(query.queryKey);

/**
 * The device now holds `userId`'s data: another member's cache and queued writes are wiped
 * first (they signed out without a network, or their session ended). True when it did.
 */
export async function claimDevice(userId: string): Promise<boolean> {
  const owner = await get<string>(OWNER_KEY, cacheStore());
  const another = owner !== undefined && owner !== userId;
  if (another) await wipeOfflineData();
  await set(OWNER_KEY, userId, cacheStore());
  return another;
}

/**
 * The kept queries (the session aside) leave this tab's memory too: reset and refetched if on
 * screen for the member now signed in, removed when nobody is.
 */
export async function forgetKeptQueries(queryClient: QueryClient, signedIn: boolean): Promise<void> {
  const predicate = (query: Query) => query.queryKey[0] !== queryKeys.session[0] && isOfflineQuery(query.queryKey);
  if (signedIn) await queryClient.resetQueries({ predicate });
  else queryClient.removeQueries({ predicate });
}

/** Restores the member's kept data, then keeps it as it changes. Returns the way to stop. */
export function startPersistedCache(
  queryClient: QueryClient,
  userId: string,
): { stop: () => void; restored: Promise<void> } {
  allowOfflineCacheWrites(true);
  const [unsubscribe, restored] = persistQueryClient({
    queryClient,
    persister,
    maxAge: OFFLINE_CACHE_MAX_AGE_MS,
    buster: cacheBuster(userId),
    dehydrateOptions: { shouldDehydrateQuery },
  });
  return { stop: unsubscribe, restored };
}

/**
 * At a start before the session is known (the shell shown on the signed-in hint, perhaps with
 * no network): the data kept by this build is restored, the session among it, so the member
 * sees their app offline. The session's own answer decides next: another member's id or none
 * wipes it all (claimDevice, the sign-out).
 */
export async function restoreKeptData(queryClient: QueryClient): Promise<boolean> {
  const kept = await get<PersistedClient>(CLIENT_KEY, cacheStore());
  if (kept === undefined) return false;
  if (!kept.buster.startsWith(`${BUILD_VERSION}:`)) return false;
  if (Date.now() - kept.timestamp > OFFLINE_CACHE_MAX_AGE_MS) return false;
  hydrate(queryClient, kept.clientState);
  return true;
}
