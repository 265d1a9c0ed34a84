import { webhookEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { WebhookEndpointValues } from '@synergie/shared/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

/** POST /api/admin/webhooks: the new address, with its secret shown this once. */
export function createWebhookEndpoint(input: WebhookEndpointValues) {
  return callApi(endpoints.create, { body: input });
}

export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhookEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.webhooks }),
  });
}
