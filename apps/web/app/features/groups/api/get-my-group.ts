import { groupEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { MyGroup } from '@synergie/shared/groups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

export type { MyGroup };
export type Application = MyGroup['myApplications'][number];
export type WaitlistEntry = MyGroup['myWaitlist'][number];

/** GET /api/me/group: the member's seat and group, the group's applications, their own ones. */
export function getMyGroup(signal?: AbortSignal) {
  return callApi(endpoints.mine, {}, { signal });
}

export const myGroupQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.me.group, queryFn: ({ signal }) => getMyGroup(signal) });

export function useMyGroup() {
  return useQuery(myGroupQueryOptions());
}
