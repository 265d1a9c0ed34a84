import type {
  AdminMember,
  AdminMembersResponse,
  AdminMemberUpdate,
  AdminMemberUpdateResponse,
  AdminPromoteResponse,
} from '@synergie/shared/admin';
import type { OkResponse } from '@synergie/shared/api';
import type { DemoAdminActionResponse } from '@synergie/shared/billing';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

export type { AdminMember, AdminMembersResponse };

export function getAdminMembers({ q, page }: { q: string; page: number }, signal?: AbortSignal) {
  const params = new URLSearchParams({ page: String(page) });
  if (q) params.set('q', q);
  return apiRequest<AdminMembersResponse>(`/admin/members?${params}`, { signal });
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
  useInvalidatingMutation((email: string) =>
    apiRequest<AdminPromoteResponse>('/admin/admins', {
      method: 'POST',
      body: { email },
    }),
  );

export const useUpdateMember = () =>
  useInvalidatingMutation(({ userId, input }: { userId: string; input: AdminMemberUpdate }) =>
    apiRequest<AdminMemberUpdateResponse>(`/admin/members/${encodeURIComponent(userId)}`, {
      method: 'PUT',
      body: input,
    }),
  );

export const useDeleteMember = () =>
  useInvalidatingMutation((userId: string) =>
    apiRequest<OkResponse>(`/admin/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
  );

/** The demo provider's admin actions (routes/billing.ts): charge one period, or end the subscription. */
export const useDemoSubscriptionAction = () =>
  useInvalidatingMutation(({ userId, action }: { userId: string; action: 'renew' | 'cancel' }) =>
    apiRequest<DemoAdminActionResponse>(`/admin/billing/demo/${encodeURIComponent(userId)}/${action}`, {
      method: 'POST',
    }),
  );
