import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '~/features/auth';
import { wipeOfflineData } from '~/lib/offline-data';
import { flushOutbox } from '~/lib/outbox';
import { queryKeys } from '~/lib/query-keys';
import { claimDevice, forgetKeptQueries, restoreKeptData, startPersistedCache } from './persisted-cache';

/**
 * The member app's offline part, mounted once by the member shell: the kept data restored and
 * kept (persisted-cache.ts) while a member is signed in, the queued writes sent now (the next
 * start) and whenever the network is back, and everything wiped when the session ends or
 * another member's session begins.
 */
export function useOfflineApp(): void {
  const queryClient = useQueryClient();
  const session = useSession();
  const userId = session.data?.user.id;

  // Shown on the signed-in hint before the session answered (perhaps never, offline).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at the shell's start.
  useEffect(() => {
    if (session.isPending) void restoreKeptData(queryClient).catch(() => false);
  }, [queryClient]);

  // Signed out (here, in another tab, the account deleted): the session query turns null. Heard
  // on the cache itself, not in a render: the shell unmounts in the same render.
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.query.queryKey[0] !== queryKeys.session[0]) return;
        if (event.query.state.status === 'success' && event.query.state.data === null) {
          void wipeOfflineData();
          void forgetKeptQueries(queryClient, false);
        }
      }),
    [queryClient],
  );

  useEffect(() => {
    if (!userId) return;
    let stopped = false;
    let stopPersisting: (() => void) | undefined;
    const send = () => void flushOutbox(userId).catch(() => undefined);
    void claimDevice(userId)
      .then(async (another) => {
        // Restored at the start for the member before (a start offline): not this member's.
        if (another) await forgetKeptQueries(queryClient, true);
        if (stopped) return;
        stopPersisting = startPersistedCache(queryClient, userId).stop;
        send();
      })
      .catch(() => undefined);
    window.addEventListener('online', send);
    return () => {
      stopped = true;
      stopPersisting?.();
      window.removeEventListener('online', send);
    };
  }, [queryClient, userId]);
}
