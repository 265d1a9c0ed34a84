import type { GroupList } from '@synergie/shared/groups';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

export type { GroupList };
export type GroupSummary = GroupList['groups'][number];

export interface GroupFilters {
  region: string;
  department: string;
}

/** GET /api/groups?region=&department=: the groups, and the filters' choices. */
export function getGroups(filters: GroupFilters, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (filters.region) params.set('region', filters.region);
  if (filters.department) params.set('department', filters.department);
  const query = params.toString();
  return apiRequest<GroupList>(`/groups${query ? `?${query}` : ''}`, { signal });
}

export const groupsQueryOptions = (filters: GroupFilters) =>
  queryOptions({
    queryKey: queryKeys.groups.list(filters),
    queryFn: ({ signal }) => getGroups(filters, signal),
  });

/** The list keeps showing the previous answer while a new filter loads: no blank flash. */
export function useGroups(filters: GroupFilters, enabled = true) {
  return useQuery({ ...groupsQueryOptions(filters), enabled, placeholderData: keepPreviousData });
}
