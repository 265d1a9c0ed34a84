/// <reference lib="webworker" />
import { AUTH_BASE_PATH } from '@synergie/shared/constants';
import { flushOutbox, listWrites, OUTBOX_SYNC_TAG } from '../lib/outbox';

/** The `sync` event of Background Sync (not in TypeScript's worker library yet). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

/**
 * The service worker's Background Sync handler (issue 28, offline writes): on a `sync` event
 * for the queue's tag, the writes kept on the device (lib/outbox.ts) are sent, each with its
 * Idempotency-Key. Only those of the member whose session the browser holds are sent (the
 * server's session, read with the worker's cookies); a round that leaves writes pending because
 * the network is still away fails, so the browser schedules the sync again. Installed once by the
 * service worker's entry (sw.ts).
 */
export function installSyncHandlers(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag !== OUTBOX_SYNC_TAG) return;
    sync.waitUntil(syncOutbox(sw.fetch.bind(sw)));
  });
}

/** One round: the session's member, then their pending writes. Exported for the tests. */
export async function syncOutbox(fetcher: typeof fetch): Promise<void> {
  const waiting = (await listWrites()).filter((write) => write.state === 'pending');
  if (waiting.length === 0) return;
  const response = await fetcher(`${AUTH_BASE_PATH}/get-session`, {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`get-session answered ${response.status}`);
  const session = (await response.json()) as { user?: { id?: string } } | null;
  const userId = session?.user?.id;
  // Signed out: the page wipes the outbox at sign-out; nothing is sent on nobody's behalf.
  if (!userId) return;
  const result = await flushOutbox(userId, fetcher);
  if (result.pending > 0) throw new Error(`${result.pending} writes still waiting for the network`);
}
