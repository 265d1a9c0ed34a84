import { formatDateTime } from '@synergie/shared/format';
import { WEBHOOK_DELIVERY_STATUS_LABELS, webhookMessages } from '@synergie/shared/webhooks';
import { Loading } from '~/components/query-state';
import { Alert, AlertDescription } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { apiErrorMessage } from '~/lib/api-client';
import { parseApiDateTime } from '~/lib/api-dates';
import { notify } from '~/lib/toast';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useReplayWebhookDelivery } from '../api/replay-webhook-delivery';

/** An address's delivery log (the most recent 100), each with `Renvoyer`. */
export function WebhookDeliveries({ endpointId }: { endpointId: string }) {
  const deliveries = useWebhookDeliveries(endpointId);
  const replay = useReplayWebhookDelivery();

  if (deliveries.isPending) return <Loading variant="text" label="Chargement du journal…" />;
  if (deliveries.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>{apiErrorMessage(deliveries.error, 'Le journal n’a pas pu être chargé.')}</AlertDescription>
      </Alert>
    );
  }
  if (deliveries.data.deliveries.length === 0) {
    return <p className="text-sm text-slate-600">{webhookMessages.noDeliveries}</p>;
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">{webhookMessages.deliveries}</caption>
        <thead className="text-xs text-slate-600 uppercase">
          <tr>
            <th scope="col" className="py-2 pr-3">
              Événement
            </th>
            <th scope="col" className="py-2 pr-3">
              État
            </th>
            <th scope="col" className="py-2 pr-3">
              {webhookMessages.attempts}
            </th>
            <th scope="col" className="py-2 pr-3">
              {webhookMessages.lastAnswer}
            </th>
            <th scope="col" className="py-2 pr-3">
              Créé le
            </th>
            <th scope="col" className="py-2">
              <span className="sr-only">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.data.deliveries.map((delivery) => (
            <tr key={delivery.id} className="border-t border-slate-100 align-top">
              <td className="py-2 pr-3 font-mono text-xs">{delivery.eventType}</td>
              <td className="py-2 pr-3">{WEBHOOK_DELIVERY_STATUS_LABELS[delivery.status]}</td>
              <td className="py-2 pr-3">{delivery.attempts}</td>
              <td className="py-2 pr-3">
                {delivery.lastStatus ?? '—'}
                {delivery.lastError ? <span className="block text-xs text-slate-600">{delivery.lastError}</span> : null}
              </td>
              <td className="py-2 pr-3">{formatDateTime(parseApiDateTime(delivery.createdAt))}</td>
              <td className="py-2">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={replay.isPending || delivery.status === 'sending'}
                  onClick={() =>
                    replay.mutate(
                      { id: endpointId, deliveryId: delivery.id },
                      {
                        onSuccess: () => notify.success(webhookMessages.replayed),
                        onError: (error) => notify.error(apiErrorMessage(error, webhookMessages.noDeliveries)),
                      },
                    )
                  }
                >
                  {webhookMessages.replay}
                  <span className="sr-only">{` l’événement ${delivery.eventType} du ${formatDateTime(parseApiDateTime(delivery.createdAt))}`}</span>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
