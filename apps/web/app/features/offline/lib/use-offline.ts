import { siteEndpoints } from '@synergie/shared/endpoints';
import { onlineManager, type Query, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callApi, isNetworkError } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';
import { isOfflineQuery } from './persisted-cache';

/** While the API is unreachable with the browser "online", it is asked this often whether it is back. */
const PROBE_MS = 15_000;

/**
 * Whether the app is without a network: the browser says so (navigator.onLine and its
 * `online`/`offline` events), or our API could not be reached (a query or a write failed for
 * want of an answer) since the last answer that came back. In the second case TanStack Query is
 * told it is offline too (onlineManager): the queries then wait with the data they hold instead
 * of failing, so the pages keep showing it; the health endpoint is asked every 15 s meanwhile.
 */
export function useOffline(): boolean {
  const queryClient = useQueryClient();
  const [browserOffline, setBrowserOffline] = useState(() => typeof navigator !== 'undefined' && !navigator.onLine);
  const [unreachable, setUnreachable] = useState(false);
  useEffect(() => {
    const update = () => {
      setBrowserOffline(!navigator.onLine);
      // Back online: the next answer (or failure) says whether the server is reachable.
      if (navigator.onLine) setUnreachable(false);
    };
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated') return;
      if (event.action.type === 'failed' || event.action.type === 'error') {
        if (isNetworkError(event.action.error)) setUnreachable(true);
      } else if (event.action.type === 'success') {
        setUnreachable(false);
      }
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated') return;
      if (event.action.type === 'error' && isNetworkError(event.action.error)) setUnreachable(true);
      else if (event.action.type === 'success') setUnreachable(false);
    });
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
  useEffect(() => {
    if (!unreachable) return;
    onlineManager.setOnline(false);
    const probe = setInterval(() => {
      const reached = () => {
        setUnreachable(false);
        onlineManager.setOnline(navigator.onLine);
      };
      // Any answer means the server is reached again (a 503 too: the pages say it themselves).
      void callApi(siteEndpoints.health).then(reached, (error: unknown) => {
        if (!isNetworkError(error)) reached();
      });
    }, PROBE_MS);
    return () => {
      clearInterval(probe);
      onlineManager.setOnline(navigator.onLine);
    };
  }, [unreachable]);
  return browserOffline || unreachable;
}

/**
 * When the data on screen was fetched: the oldest `dataUpdatedAt` of the member's kept queries
 * that a mounted page reads (the session left out: it is not what the member reads), or of any
 * mounted query when none is kept. Null when nothing is shown.
 */
export function shownDataTime(queryClient: QueryClient): number | null {
  const shown = queryClient
    .getQueryCache()
    .getAll()
    .filter(
      (query: Query) =>
        query.getObserversCount() > 0 && query.state.dataUpdatedAt > 0 && query.queryKey[0] !== queryKeys.session[0],
    );
  const kept = shown.filter((query) => isOfflineQuery(query.queryKey));
  const times = (kept.length > 0 ? kept : shown).map((query) => query.state.dataUpdatedAt);
  return times.length > 0 ? Math.min(...times) : null;
}

/** shownDataTime, kept up to date as queries come and go. */
export function useShownDataTime(): number | null {
  const queryClient = useQueryClient();
  const [time, setTime] = useState(() => shownDataTime(queryClient));
  useEffect(() => {
    setTime(shownDataTime(queryClient));
    return queryClient.getQueryCache().subscribe(() => setTime(shownDataTime(queryClient)));
  }, [queryClient]);
  return time;
}
