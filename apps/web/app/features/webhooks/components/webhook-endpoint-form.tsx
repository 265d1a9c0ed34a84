import { zodResolver } from '@hookform/resolvers/zod';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpointCreated,
  type WebhookEndpointInput,
  type WebhookEndpointValues,
  webhookEndpointInputSchema,
  webhookMessages,
} from '@synergie/shared/webhooks';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { useCreateWebhookEndpoint } from '../api/create-webhook-endpoint';

/** The admin's form for a new address: the URL, a description, the events it receives. */
export function WebhookEndpointForm({ onCreated }: { onCreated: (created: WebhookEndpointCreated) => void }) {
  const create = useCreateWebhookEndpoint();
  const legendId = useId();
  const form = useForm<WebhookEndpointInput, unknown, WebhookEndpointValues>({
    resolver: zodResolver(webhookEndpointInputSchema),
    defaultValues: { url: '', description: '', events: [] },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const created = await create.mutateAsync(input);
      form.reset();
      onCreated(created);
    } catch (error) {
      const message = apiErrorMessage(error, webhookMessages.urlInvalid);
      form.setError('url', { message });
      notify.error(message);
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-5 rounded-xl border border-slate-200 bg-white p-5"
    >
      <FormField label={`${webhookMessages.url} *`} error={errors.url?.message}>
        {(field) => (
          <Input
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://crm.exemple.fr/webhooks/synergie"
            {...field}
            {...form.register('url')}
          />
        )}
      </FormField>
      <FormField label={webhookMessages.description} error={errors.description?.message}>
        {(field) => <Input autoComplete="off" maxLength={200} {...field} {...form.register('description')} />}
      </FormField>
      <fieldset aria-describedby={errors.events?.message ? `${legendId}-error` : undefined}>
        <legend id={legendId} className="mb-2 text-sm font-medium text-slate-900">
          {`${webhookMessages.events} *`}
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-start gap-2 text-sm text-slate-800">
              <input type="checkbox" value={type} className="mt-1 size-4" {...form.register('events')} />
              <span>
                <span className="font-mono text-xs text-slate-600">{type}</span>
                <br />
                {WEBHOOK_EVENT_LABELS[type]}
              </span>
            </label>
          ))}
        </div>
        {errors.events?.message ? (
          <p id={`${legendId}-error`} className="mt-2 text-sm font-medium text-red-700">
            {errors.events.message}
          </p>
        ) : null}
      </fieldset>
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Enregistrement…' : webhookMessages.create}
        </Button>
      </div>
    </form>
  );
}
