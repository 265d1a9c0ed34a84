import type { GroupPage } from '@synergie/shared/groups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

export type { GroupPage };

/** GET /api/groups/by-slug/:slug: the public page (404 GROUP_NOT_FOUND for an unknown slug). */
export function getGroupPage(slug: string, signal?: AbortSignal) {
  return apiRequest<GroupPage>(`/groups/by-slug/${encodeURIComponent(slug)}`, { signal });
}

export const groupPageQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.groups.page(slug),
    queryFn: ({ signal }) => getGroupPage(slug, signal),
    retry: (count, error) => !(error instanceof ApiRequestError && error.status === 404) && count < 1,
  });

export function useGroupPage(slug: string) {
  return useQuery(groupPageQueryOptions(slug));
}
