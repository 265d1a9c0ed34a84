import { groupEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { GroupList } from '@synergie/shared/groups';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

export type { GroupList };
export type GroupSummary = GroupList['groups'][number];

export interface GroupFilters {
  region: string;
  department: string;
}

/** GET /api/groups?region=&department=: the groups, and the filters' choices. */
export function getGroups(filters: GroupFilters, signal?: AbortSignal) {
  // Empty filters are left out of the address (endpointPath).
  return callApi(endpoints.list, { query: { region: filters.region, department: filters.department } }, { signal });
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
