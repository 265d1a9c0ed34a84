import { webhookEndpoints as endpoints } from '@synergie/shared/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

/** DELETE /api/admin/webhooks/:id: the address and its log. */
export function deleteWebhookEndpoint(id: string) {
  return callApi(endpoints.remove, { params: { id } });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhookEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.webhooks }),
  });
}
