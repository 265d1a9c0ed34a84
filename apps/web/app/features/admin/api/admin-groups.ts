import type {
  AdminGroup,
  AdminGroupList,
  AdminTrade,
  AdminTradeList,
  TradeMergeResult,
} from '@synergie/shared/group-admin';
import type { GroupForm, TradeForm } from '@synergie/shared/groups';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

export type { AdminGroup, AdminTrade };

/** GET /api/admin/trades: the catalogue with members and seats per trade. */
export const useAdminTrades = () =>
  useQuery({
    queryKey: queryKeys.admin.trades,
    queryFn: ({ signal }) => apiRequest<AdminTradeList>('/admin/trades', { signal }),
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
      ? apiRequest<AdminTrade>(`/admin/trades/${encodeURIComponent(id)}`, { method: 'PUT', body: input })
      : apiRequest<AdminTrade>('/admin/trades', { method: 'POST', body: input }),
  );

export const useMergeTrade = () =>
  useTradeMutation(({ id, intoTradeId }: { id: string; intoTradeId: string }) =>
    apiRequest<TradeMergeResult>(`/admin/trades/${encodeURIComponent(id)}/merge`, {
      method: 'POST',
      body: { intoTradeId },
    }),
  );

/** GET /api/admin/groups: every group with its counts and leaders. */
export const useAdminGroups = () =>
  useQuery({
    queryKey: queryKeys.admin.groups,
    queryFn: ({ signal }) => apiRequest<AdminGroupList>('/admin/groups', { signal }),
  });

export const useSaveGroup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: GroupForm }) =>
      id
        ? apiRequest<AdminGroup>(`/admin/groups/${encodeURIComponent(id)}`, { method: 'PUT', body: input })
        : apiRequest<AdminGroup>('/admin/groups', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.groups }),
  });
};
