import { useEffect, useState } from 'react';
import { getWrite, listWrites, OUTBOX_SYNC_TAG, type QueuedWrite, queueWrite, subscribeOutbox } from '~/lib/outbox';

/** What `read` finds in the outbox for `key`, read again whenever the outbox changes (tabs, the worker). */
function useOutboxValue<T>(key: string | null | undefined, read: (key: string) => Promise<T>, empty: T): T {
  const [value, setValue] = useState<T>(empty);
  useEffect(() => {
    if (!key) {
      setValue(empty);
      return;
    }
    let live = true;
    const load = () =>
      void read(key).then(
        (found) => live && setValue(found),
        () => undefined,
      );
    load();
    const stop = subscribeOutbox(load);
    return () => {
      live = false;
      stop();
    };
    // `read` and `empty` are module-level values of the callers below.
  }, [key, read, empty]);
  return value;
}

const NO_WRITES: QueuedWrite[] = [];

/** The member's queued writes (lib/outbox.ts), kept up to date across tabs and the service worker. */
export function useOutbox(userId: string | undefined): QueuedWrite[] {
  return useOutboxValue(userId, listWrites, NO_WRITES);
}

/** One queued write, followed until the server's answer (undefined once dismissed or wiped). */
export function useQueuedWrite(id: string | null): QueuedWrite | undefined {
  return useOutboxValue<QueuedWrite | undefined>(id, getWrite, undefined);
}

/** The Background Sync of the page's service worker, where there is one. */
async function requestBackgroundSync(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const sync = (
      registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined
    )?.sync;
    if (!registration?.active || !sync) return false;
    await sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}

/**
 * Keeps a write made without a network on the device, to be sent when it is back: by the service
 * worker's Background Sync where the browser has it, else by the member shell on `online` and at
 * the next start (features/offline `useOfflineApp`).
 */
export async function queueOfflineWrite(write: Parameters<typeof queueWrite>[0]): Promise<QueuedWrite> {
  const queued = await queueWrite(write);
  await requestBackgroundSync();
  return queued;
}
