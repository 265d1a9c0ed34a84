import type { AuthMethods } from '@synergie/shared/sign-in-methods';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

/** The sign-in methods this site offers besides email (configured on the server). */
export function getAuthMethods(signal?: AbortSignal) {
  return apiRequest<AuthMethods>('/auth-methods', { signal });
}

export const authMethodsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.authMethods,
    queryFn: ({ signal }) => getAuthMethods(signal),
    // Settings of the server: they change with a restart only.
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useAuthMethods() {
  return useQuery(authMethodsQueryOptions());
}
