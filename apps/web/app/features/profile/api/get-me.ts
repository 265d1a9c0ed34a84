import { meEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { MeResponse, Profile } from '@synergie/shared/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, callApi } from '~/lib/api-client';
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
    // A refusal (401 signed out, 403) will not change on a second try; a network fault may.
    retry: (failureCount, error) =>
      failureCount < 1 && !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500),
  });

export function useMe() {
  return useQuery(meQueryOptions());
}
