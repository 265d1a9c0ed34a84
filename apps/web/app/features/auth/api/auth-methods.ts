import { signInMethodEndpoints as endpoints } from '@synergie/shared/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

/** The sign-in methods this site offers besides email (configured on the server). */
export function getAuthMethods(signal?: AbortSignal) {
  return callApi(endpoints.list, {}, { signal });
}

export const authMethodsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.authMethods,
    queryFn: ({ signal }) => getAuthMethods(signal),
    // Settings of the server: they change with a restart only.
    staleTime: 5 * 60_000,
  });

export function useAuthMethods() {
  return useQuery(authMethodsQueryOptions());
}
