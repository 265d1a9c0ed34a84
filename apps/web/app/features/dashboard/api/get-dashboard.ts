import { dashboardEndpoints } from '@synergie/shared/endpoints';
import type { Dashboard } from '@synergie/shared/member-page';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiRequestError, callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

export type { Dashboard };

/**
 * GET /api/me/dashboard. A 401 means the session ended while the page was open: the session is
 * marked gone and RequireAuth shows 'Votre session a expiré' then goes to /auth. A 403 means the
 * subscription ended: checking it again lets SubscriptionRedirect send the member to /pricing.
 */
export function useDashboard() {
  const queryClient = useQueryClient();
  const query = useQuery(
    queryOptions({
      queryKey: queryKeys.me.dashboard,
      queryFn: ({ signal }) => callApi(dashboardEndpoints.get, {}, { signal }),
    }),
  );
  const status = query.error instanceof ApiRequestError ? query.error.status : null;
  useEffect(() => {
    if (status === 401) queryClient.setQueryData(queryKeys.session, null);
    if (status === 403) void queryClient.invalidateQueries({ queryKey: queryKeys.subscription });
  }, [status, queryClient]);
  return query;
}
