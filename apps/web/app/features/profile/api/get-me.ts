import { meEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { MeResponse, Profile } from '@synergie/shared/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

// The response contract is shared with the server (packages/shared/src/profile.ts).
export type { MeResponse, Profile };

export function getMe(signal?: AbortSignal) {
  return callApi(endpoints.get, {}, { signal });
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.me.all,
    queryFn: ({ signal }) => getMe(signal),
  });

export function useMe() {
  return useQuery(meQueryOptions());
}
