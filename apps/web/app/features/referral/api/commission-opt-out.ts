import type { CommissionOptOut } from '@synergie/shared/renewals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

/** GET /api/me/commission-opt-out: the trade's regulated flag and the member's choice. */
export function useCommissionOptOut() {
  return useQuery({
    queryKey: queryKeys.me.commissionOptOut,
    queryFn: ({ signal }) => apiRequest<CommissionOptOut>('/me/commission-opt-out', { signal }),
  });
}

/** `Je renonce aux commissions`, or back: for the payments to come. */
export function useSetCommissionOptOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (optedOut: boolean) =>
      apiRequest<CommissionOptOut>('/me/commission-opt-out', { method: 'PUT', body: { optedOut } }),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.me.commissionOptOut, data),
  });
}
