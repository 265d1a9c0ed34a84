import { webhookEndpoints as endpoints } from '@synergie/shared/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

/** POST /api/admin/webhooks/:id/deliveries/:deliveryId/replay: sent again, same webhook-id. */
export function replayWebhookDelivery({ id, deliveryId }: { id: string; deliveryId: string }) {
  return callApi(endpoints.replay, { params: { id, deliveryId } });
}

export function useReplayWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replayWebhookDelivery,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.webhooks }),
  });
}
