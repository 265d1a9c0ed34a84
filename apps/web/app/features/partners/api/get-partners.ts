import type { Partner, PartnersResponse } from '@synergie/shared';
import { partnerEndpoints } from '@synergie/shared/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

// The response contract is shared with the server (packages/shared/src/partners.ts).
export type { Partner, PartnersResponse };

export function getPartners(signal?: AbortSignal) {
  return callApi(partnerEndpoints.list, {}, { signal });
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
