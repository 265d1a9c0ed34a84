import type { Dashboard } from '@synergie/shared/member-page';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionQueryKey } from '~/features/auth/api/get-session';
import { subscriptionQueryKey } from '~/features/billing/api/subscription';
import { ApiRequestError, apiRequest } from '~/lib/api-client';

export type { Dashboard };

export const dashboardQueryKey = ['me', 'dashboard'] as const;

/**
 * GET /api/me/dashboard. A 401 means the session ended while the page was open: the session is
 * marked gone and RequireAuth shows 'Votre session a expiré' then goes to /auth. A 403 means the
 * subscription ended: checking it again lets SubscriptionRedirect send the member to /pricing.
 */
export function useDashboard() {
  const queryClient = useQueryClient();
  const query = useQuery(
    queryOptions({
      queryKey: dashboardQueryKey,
      queryFn: ({ signal }) => apiRequest<Dashboard>('/me/dashboard', { signal }),
      retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 1,
    }),
  );
  const status = query.error instanceof ApiRequestError ? query.error.status : null;
  useEffect(() => {
    if (status === 401) queryClient.setQueryData(sessionQueryKey, null);
    if (status === 403) void queryClient.invalidateQueries({ queryKey: subscriptionQueryKey });
  }, [status, queryClient]);
  return query;
}
