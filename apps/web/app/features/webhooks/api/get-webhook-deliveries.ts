import { webhookEndpoints as endpoints } from '@synergie/shared/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

/** GET /api/admin/webhooks/:id/deliveries: the address's log, the most recent first. */
export function getWebhookDeliveries(id: string, signal?: AbortSignal) {
  return callApi(endpoints.deliveries, { params: { id } }, { signal });
}

export const webhookDeliveriesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.admin.webhookDeliveries(id),
    queryFn: ({ signal }) => getWebhookDeliveries(id, signal),
  });

export function useWebhookDeliveries(id: string) {
  return useQuery(webhookDeliveriesQueryOptions(id));
}
