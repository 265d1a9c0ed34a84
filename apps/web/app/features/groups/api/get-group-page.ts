import { groupEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { GroupPage } from '@synergie/shared/groups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

export type { GroupPage };

/** GET /api/group-pages/:slug: the public page (404 GROUP_NOT_FOUND for an unknown slug). */
export function getGroupPage(slug: string, signal?: AbortSignal) {
  return callApi(endpoints.page, { params: { slug } }, { signal });
}

export const groupPageQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.groups.page(slug),
    queryFn: ({ signal }) => getGroupPage(slug, signal),
  });

export function useGroupPage(slug: string) {
  return useQuery(groupPageQueryOptions(slug));
}
