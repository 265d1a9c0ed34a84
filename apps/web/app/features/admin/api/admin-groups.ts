import { adminGroupEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { AdminGroup, AdminTrade } from '@synergie/shared/group-admin';
import type { GroupForm, TradeForm } from '@synergie/shared/groups';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

export type { AdminGroup, AdminTrade };

/** GET /api/admin/trades: the catalogue with members and seats per trade. */
export const useAdminTrades = () =>
  useQuery({
    queryKey: queryKeys.admin.trades,
    queryFn: ({ signal }) => callApi(endpoints.listTrades, {}, { signal }),
  });

/** A trade change also refreshes the public catalogue (profile combobox) and the member's profile. */
function useTradeMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.trades }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tradeCatalogue }),
        queryClient.invalidateQueries({ queryKey: queryKeys.me.all }),
      ]);
    },
  });
}

export const useSaveTrade = () =>
  useTradeMutation(({ id, input }: { id?: string; input: TradeForm }) =>
    id
      ? callApi(endpoints.updateTrade, { params: { tradeId: id }, body: input })
      : callApi(endpoints.createTrade, { body: input }),
  );

export const useMergeTrade = () =>
  useTradeMutation(({ id, intoTradeId }: { id: string; intoTradeId: string }) =>
    callApi(endpoints.mergeTrades, { params: { tradeId: id }, body: { intoTradeId } }),
  );

/** GET /api/admin/groups: every group with its counts and leaders. */
export const useAdminGroups = () =>
  useQuery({
    queryKey: queryKeys.admin.groups,
    queryFn: ({ signal }) => callApi(endpoints.listGroups, {}, { signal }),
  });

export const useSaveGroup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: GroupForm }) =>
      id
        ? callApi(endpoints.updateGroup, { params: { groupId: id }, body: input })
        : callApi(endpoints.createGroup, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.groups }),
  });
};
