import { webhookEndpoints as endpoints } from '@synergie/shared/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

/** GET /api/admin/webhooks: the addresses with their deliveries counted by status (admin). */
export function getWebhookEndpoints(signal?: AbortSignal) {
  return callApi(endpoints.list, {}, { signal });
}

export const webhookEndpointsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.admin.webhooks, queryFn: ({ signal }) => getWebhookEndpoints(signal) });

export function useWebhookEndpoints() {
  return useQuery(webhookEndpointsQueryOptions());
}
