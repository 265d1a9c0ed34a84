import { renewalEndpoints as endpoints } from '@synergie/shared/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

/** GET /api/me/commission-opt-out: the trade's regulated flag and the member's choice. */
export function useCommissionOptOut() {
  return useQuery({
    queryKey: queryKeys.me.commissionOptOut,
    queryFn: ({ signal }) => callApi(endpoints.commissionOptOut, {}, { signal }),
  });
}

/** `Je renonce aux commissions`, or back: for the payments to come. */
export function useSetCommissionOptOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (optedOut: boolean) => callApi(endpoints.setCommissionOptOut, { body: { optedOut } }),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.me.commissionOptOut, data),
  });
}
