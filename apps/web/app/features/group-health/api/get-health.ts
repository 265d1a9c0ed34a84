import { groupHealthEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { GroupHealth, HealthFigures, HealthMedian, NetworkHealth } from '@synergie/shared/group-health';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

export type { GroupHealth, HealthFigures, HealthMedian, NetworkHealth };

/** GET /api/groups/:groupId/health: the group's health, the compared groups', the national median. */
export function useGroupHealth(groupId: string, compared: readonly string[]) {
  return useQuery({
    queryKey: queryKeys.groups.health(groupId, compared),
    queryFn: ({ signal }) =>
      callApi(
        endpoints.group,
        { params: { groupId }, query: compared.length > 0 ? { comparer: compared.join(',') } : {} },
        { signal },
      ),
    // Adding a group to the comparison keeps the page's charts while the new figures come.
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/health: the network's and each region's health. */
export function useNetworkHealth() {
  return useQuery({
    queryKey: queryKeys.admin.health,
    queryFn: ({ signal }) => callApi(endpoints.network, {}, { signal }),
  });
}
