import { groupEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { LeaderPage } from '@synergie/shared/groups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

export type { LeaderPage };

/** GET /api/groups/:groupId/leaders-page (403 for anyone but the group's leaders and admins). */
export function getLeadersPage(groupId: string, signal?: AbortSignal) {
  return callApi(endpoints.leadersPage, { params: { groupId } }, { signal });
}

export const leadersPageQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: queryKeys.groups.leaders(groupId),
    queryFn: ({ signal }) => getLeadersPage(groupId, signal),
  });

export function useLeadersPage(groupId: string | undefined) {
  return useQuery({ ...leadersPageQueryOptions(groupId ?? ''), enabled: Boolean(groupId) });
}
