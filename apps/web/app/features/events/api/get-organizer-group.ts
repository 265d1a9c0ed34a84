import { groupEndpoints as endpoints } from '@synergie/shared/endpoints';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

/**
 * The organizer's own group (GET /api/me/group, the cache shared with the groups feature): the
 * one group an event may be attached to. Null when they sit in none.
 */
export function useOrganizerGroup() {
  return useQuery({
    queryKey: queryKeys.me.group,
    queryFn: ({ signal }) => callApi(endpoints.mine, {}, { signal }),
    select: (data): { id: string; name: string } | null =>
      data.group ? { id: data.group.group.id, name: data.group.group.name } : null,
  });
}
