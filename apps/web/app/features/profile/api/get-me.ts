import type { MeResponse, Profile } from '@synergie/shared/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from '~/lib/api-client';

// The response contract is shared with the server (packages/shared/src/profile.ts).
export type { MeResponse, Profile };

/** Signing in or out invalidates this same key (features/auth/lib/auth-channel.ts). */
export const meQueryKey = ['me'] as const;

export function getMe(signal?: AbortSignal) {
  return apiRequest<MeResponse>('/me', { signal });
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    // A refusal (401 signed out, 403) will not change on a second try; a network fault may.
    retry: (failureCount, error) =>
      failureCount < 1 && !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500),
  });

export function useMe() {
  return useQuery(meQueryOptions());
}
