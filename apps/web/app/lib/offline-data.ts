import { clear, createStore, type UseStore } from 'idb-keyval';
import { clearOutbox } from './outbox';

/**
 * Where the member's data kept on the device lives (issue 28, offline): the persisted query
 * cache (features/offline persisted-cache.ts) in its own IndexedDB database, beside the queued
 * writes (lib/outbox.ts), and the one way to wipe both: at sign-out (features/auth, loaded then
 * only) and when another member signs in on the device.
 */

let store: UseStore | undefined;
export function offlineCacheStore(): UseStore {
  store ??= createStore('synergie-cache', 'queries');
  return store;
}

/** Off after a wipe: a write the persister had throttled must not put the data back. */
let writesAllowed = false;

export function allowOfflineCacheWrites(allowed: boolean): void {
  writesAllowed = allowed;
}

export function offlineCacheWritesAllowed(): boolean {
  return writesAllowed;
}

/** Sign-out, or another member: the kept queries and the queued writes leave the device. */
export async function wipeOfflineData(): Promise<void> {
  writesAllowed = false;
  await Promise.all([clear(offlineCacheStore()), clearOutbox()]);
}
