import type { Partner, PartnersResponse } from '@synergie/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

// The response contract is shared with the server (packages/shared/src/partners.ts).
export type { Partner, PartnersResponse };

export function getPartners(signal?: AbortSignal) {
  return apiRequest<PartnersResponse>('/partners', { signal });
}

/** Admin changes to partners invalidate this same key. */
export const partnersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.partners,
    queryFn: ({ signal }) => getPartners(signal),
  });

export function usePartners() {
  return useQuery(partnersQueryOptions());
}
