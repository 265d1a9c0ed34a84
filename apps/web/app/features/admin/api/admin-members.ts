import type { AdminMember, AdminMembersResponse, AdminMemberUpdate } from '@synergie/shared/admin';
import { adminMemberEndpoints, billingEndpoints } from '@synergie/shared/endpoints';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

export type { AdminMember, AdminMembersResponse };

export function getAdminMembers({ q, page }: { q: string; page: number }, signal?: AbortSignal) {
  return callApi(adminMemberEndpoints.list, { query: { page, q } }, { signal });
}

export const adminMembersQueryOptions = (search: { q: string; page: number }) =>
  queryOptions({
    queryKey: queryKeys.admin.members.list(search),
    queryFn: ({ signal }) => getAdminMembers(search, signal),
    // The table keeps the previous page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useAdminMembers(search: { q: string; page: number }) {
  return useQuery(adminMembersQueryOptions(search));
}

function useInvalidatingMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.members.all }),
  });
}

export const usePromoteAdmin = () =>
  useInvalidatingMutation((email: string) => callApi(adminMemberEndpoints.promote, { body: { email } }));

export const useUpdateMember = () =>
  useInvalidatingMutation(({ userId, input }: { userId: string; input: AdminMemberUpdate }) =>
    callApi(adminMemberEndpoints.update, { params: { userId }, body: input }),
  );

export const useDeleteMember = () =>
  useInvalidatingMutation((userId: string) => callApi(adminMemberEndpoints.remove, { params: { userId } }));

/** The demo provider's admin actions (routes/billing.ts): charge one period, or end the subscription. */
export const useDemoSubscriptionAction = () =>
  useInvalidatingMutation(({ userId, action }: { userId: string; action: 'renew' | 'cancel' }) =>
    action === 'renew'
      ? callApi(billingEndpoints.demoRenew, { params: { userId } })
      : callApi(billingEndpoints.demoCancel, { params: { userId } }),
  );
