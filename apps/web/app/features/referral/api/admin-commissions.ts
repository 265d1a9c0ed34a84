import { referralEndpoints as endpoints } from '@synergie/shared/endpoints';
import { formatCount, formatMonth, plural } from '@synergie/shared/format';
import type { AdminCommissionsResponse } from '@synergie/shared/referral';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiErrorMessage, callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';
import { notify } from '~/lib/toast';

export type AdminCommissions = AdminCommissionsResponse;

export function getAdminCommissions(month: string) {
  return callApi(endpoints.commissions, { query: { month } });
}

export const adminCommissionsQueryOptions = (month: string) =>
  queryOptions({
    queryKey: queryKeys.admin.commissions(month),
    queryFn: () => getAdminCommissions(month),
  });

export function useAdminCommissions(month: string) {
  return useQuery(adminCommissionsQueryOptions(month));
}

export function markMonthPaid(month: string) {
  return callApi(endpoints.markPaid, { params: { month } });
}

export function useMarkMonthPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markMonthPaid,
    onSuccess: (result) =>
      notify.success(
        result.marked > 0
          ? `${formatCount(result.marked, { one: 'ligne', other: 'lignes' })} du relevé de ${formatMonth(result.month)} ${plural(result.marked, { one: 'marquée comme payée', other: 'marquées comme payées' })}`
          : `Aucune ligne payable à marquer pour ${result.month}`,
      ),
    onError: (error) => notify.error(apiErrorMessage(error, 'Erreur lors de la mise à jour des commissions')),
    onSettled: (_data, _error, month) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.admin.commissions(month) }),
  });
}
