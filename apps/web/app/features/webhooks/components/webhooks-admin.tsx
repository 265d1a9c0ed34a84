import {
  WEBHOOK_EVENT_LABELS,
  type WebhookEndpoint,
  type WebhookEndpointCreated,
  webhookMessages,
} from '@synergie/shared/webhooks';
import { useEffect, useRef, useState } from 'react';
import { Loading } from '~/components/query-state';
import { Alert, AlertDescription } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { useDeleteWebhookEndpoint } from '../api/delete-webhook-endpoint';
import { useWebhookEndpoints } from '../api/get-webhook-endpoints';
import { useUpdateWebhookEndpoint } from '../api/update-webhook-endpoint';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookEndpointForm } from './webhook-endpoint-form';

/** /admin/webhooks: the addresses, their events and logs, and the form for a new one. */
export function WebhooksAdmin() {
  const endpoints = useWebhookEndpoints();
  const [created, setCreated] = useState<WebhookEndpointCreated | null>(null);
  const secretRef = useRef<HTMLDivElement>(null);
  // Focus goes to the result: the secret, shown this once.
  useEffect(() => {
    if (created) secretRef.current?.focus();
  }, [created]);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-10">
      <p className="max-w-3xl text-slate-700">{webhookMessages.intro}</p>
      {created ? (
        <div ref={secretRef} tabIndex={-1} role="status" className="rounded-xl outline-none focus-visible:ring-2">
          <Alert>
            <AlertDescription>
              <p className="font-medium">{webhookMessages.created}</p>
              <p className="mt-2 text-sm">
                {`${webhookMessages.secret}\u00a0: `}
                <code className="break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono text-sm">{created.secret}</code>
              </p>
            </AlertDescription>
          </Alert>
        </div>
      ) : null}
      <section aria-labelledby="webhooks-new" className="flex flex-col gap-3">
        <h2 id="webhooks-new" className="text-xl font-semibold text-slate-900">
          Nouvelle adresse
        </h2>
        <WebhookEndpointForm onCreated={setCreated} />
      </section>
      <section aria-labelledby="webhooks-list" className="flex flex-col gap-3">
        <h2 id="webhooks-list" className="text-xl font-semibold text-slate-900">
          Adresses
        </h2>
        {endpoints.isPending ? (
          <Loading variant="text" label="Chargement des adresses…" />
        ) : endpoints.isError ? (
          <Alert variant="destructive">
            <AlertDescription>
              {apiErrorMessage(endpoints.error, 'Les adresses n’ont pas pu être chargées.')}
            </AlertDescription>
          </Alert>
        ) : endpoints.data.endpoints.length === 0 ? (
          <p className="text-slate-600">{webhookMessages.noEndpoints}</p>
        ) : (
          <ul className="flex flex-col gap-4">
            {endpoints.data.endpoints.map((endpoint) => (
              <li key={endpoint.id}>
                <EndpointCard endpoint={endpoint} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function EndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const toggle = () =>
    update.mutate(
      {
        id: endpoint.id,
        input: { description: endpoint.description, events: endpoint.events, active: !endpoint.active },
      },
      { onError: (error) => notify.error(apiErrorMessage(error, webhookMessages.urlInvalid)) },
    );
  const onDelete = () => {
    if (!window.confirm(webhookMessages.removeConfirm)) return;
    remove.mutate(endpoint.id, {
      onSuccess: () => notify.success(webhookMessages.removed),
      onError: (error) => notify.error(apiErrorMessage(error, webhookMessages.removed)),
    });
  };
  return (
    <article className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="break-all font-mono text-sm font-semibold text-slate-900">{endpoint.url}</h3>
          {endpoint.description ? <p className="text-sm text-slate-700">{endpoint.description}</p> : null}
        </div>
        <Badge variant={endpoint.active ? 'success' : 'secondary'}>
          {endpoint.active ? webhookMessages.active : webhookMessages.paused}
        </Badge>
      </div>
      <ul className="flex flex-wrap gap-1.5" aria-label={webhookMessages.events}>
        {endpoint.events.map((type) => (
          <li key={type}>
            <Badge variant="outline" title={WEBHOOK_EVENT_LABELS[type]}>
              {type}
            </Badge>
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-700">
        {`${endpoint.counts.delivered} livrées · ${endpoint.counts.pending} en attente · ${endpoint.counts.failed} abandonnées`}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={toggle} disabled={update.isPending}>
          {endpoint.active ? webhookMessages.pause : webhookMessages.resume}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={onDelete} disabled={remove.isPending}>
          {webhookMessages.remove}
        </Button>
      </div>
      <details className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm">
        <summary className="cursor-pointer font-medium text-slate-900">{webhookMessages.deliveries}</summary>
        <div className="mt-3">
          <WebhookDeliveriesWhenOpen endpointId={endpoint.id} />
        </div>
      </details>
    </article>
  );
}

/** The log is read when the admin opens it (details' content mounts with the page otherwise). */
function WebhookDeliveriesWhenOpen({ endpointId }: { endpointId: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const details = ref.current?.closest('details');
    if (!details) return;
    const onToggle = () => setOpen(details.open);
    details.addEventListener('toggle', onToggle);
    return () => details.removeEventListener('toggle', onToggle);
  }, []);
  return <div ref={ref}>{open ? <WebhookDeliveries endpointId={endpointId} /> : null}</div>;
}
