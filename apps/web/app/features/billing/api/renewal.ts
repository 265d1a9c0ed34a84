import { renewalEndpoints as endpoints } from '@synergie/shared/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

/** `Résilier mon abonnement`: the subscription ends with its period; a confirmation mail follows. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(endpoints.cancel),
    onSuccess: (subscription) => queryClient.setQueryData(queryKeys.subscription, subscription),
  });
}

/** The renewal the reminder's signed link offers to stop (GET), checked by the server. */
export function useStopRenewalInfo(token: string) {
  return useQuery({
    queryKey: queryKeys.stopRenewal(token),
    queryFn: ({ signal }) => callApi(endpoints.stopRenewalInfo, { query: { token } }, { signal }),
    enabled: token !== '',
  });
}

/** The member confirms: the renewal is stopped (POST with the same token). */
export function useStopRenewal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => callApi(endpoints.stopRenewal, { body: { token } }),
    onSuccess: (subscription) => queryClient.setQueryData(queryKeys.subscription, subscription),
  });
}
