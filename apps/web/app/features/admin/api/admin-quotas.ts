import type { QuotaHitItem, QuotaHits, QuotaLiftInput } from '@synergie/shared/admin-quotas';
import { adminQuotaEndpoints } from '@synergie/shared/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

export type { QuotaHitItem, QuotaHits };

/** GET /api/admin/quotas: who hit a member quota these 7 days, or has one lifted (issue 33). */
export function useQuotaHits() {
  return useQuery({
    queryKey: queryKeys.admin.quotas,
    queryFn: ({ signal }) => callApi(adminQuotaEndpoints.list, {}, { signal }),
  });
}

/** POST /api/admin/quotas/:userId/lift: lifts (or, with 0 hours, restores) one member's quota. */
export function useLiftQuota() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...body }: QuotaLiftInput & { userId: string }) =>
      callApi(adminQuotaEndpoints.lift, { params: { userId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.quotas }),
  });
}
