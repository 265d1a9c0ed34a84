import type { SubscriptionResponse } from '@synergie/shared/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

/** check-subscription: answered by our server from its own records. */
export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.subscription,
    queryFn: ({ signal }) => apiRequest<SubscriptionResponse>('/billing/subscription', { signal }),
    staleTime: 60_000,
    retry: false,
  });

export function useSubscription(enabled = true) {
  return useQuery({ ...subscriptionQueryOptions(), enabled });
}
