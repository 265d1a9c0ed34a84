import { webhookEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { WebhookEndpointUpdate } from '@synergie/shared/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

/** PUT /api/admin/webhooks/:id: events, description, paused or not. */
export function updateWebhookEndpoint({ id, input }: { id: string; input: WebhookEndpointUpdate }) {
  return callApi(endpoints.update, { params: { id }, body: input });
}

export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhookEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.webhooks }),
  });
}
