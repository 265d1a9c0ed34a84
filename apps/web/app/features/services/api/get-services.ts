import { serviceEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { Service, ServicesResponse } from '@synergie/shared/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

// The response contract is shared with the server (packages/shared/src/services.ts).
export type { Service, ServicesResponse };

export function getServices(signal?: AbortSignal) {
  return callApi(endpoints.list, {}, { signal });
}

export const servicesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.services,
    queryFn: ({ signal }) => getServices(signal),
    select: (data) => data.services,
  });

export function useServices() {
  return useQuery(servicesQueryOptions());
}
