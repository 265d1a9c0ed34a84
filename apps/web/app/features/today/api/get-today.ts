import { todayEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { Today } from '@synergie/shared/today';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

export type { Today };

/** GET /api/me/today: `Aujourd'hui` in one request. */
export function useToday() {
  return useQuery({
    queryKey: queryKeys.me.today,
    queryFn: ({ signal }) => callApi(endpoints.get, {}, { signal }),
    // A meeting's check-in opens on the clock: read again every minute while the page is open.
    refetchInterval: 60_000,
    // Back home after a step done elsewhere (the checkout, the profile, an application: issue 31),
    // the page shows what it had and reads again at once, rather than after the 30 s of staleTime.
    refetchOnMount: 'always',
  });
}
