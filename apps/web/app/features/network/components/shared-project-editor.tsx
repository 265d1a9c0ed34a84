import { zodResolver } from '@hookform/resolvers/zod';
import {
  directoryMessages,
  type SharedProjectUpdate,
  type SharedProjectUpdateInput,
  sharedProjectStatuses,
  sharedProjectStatusLabels,
  sharedProjectUpdateSchema,
} from '@synergie/shared/directory';
import { Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { Textarea } from '~/components/ui/textarea';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { type SharedProject, useSessionExpiry, useUpdateSharedProject } from '../api/network';

/** The inline editor of a shared project: title, notes, status. Loaded on first use. */
export default function SharedProjectEditor({ project, onDone }: { project: SharedProject; onDone: () => void }) {
  const save = useUpdateSharedProject();
  const expire = useSessionExpiry();
  const form = useForm<SharedProjectUpdateInput, unknown, SharedProjectUpdate>({
    resolver: zodResolver(sharedProjectUpdateSchema),
    defaultValues: { title: project.title, notes: project.notes ?? '', status: project.status },
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit((body) =>
    save.mutate(
      { id: project.id, body },
      {
        onSuccess: () => {
          notify.success(directoryMessages.sharedProjectSaved);
          onDone();
        },
        onError: (error) => {
          if (expire(error)) return;
          notify.error(apiErrorMessage(error, directoryMessages.sharedProjectFailed));
        },
      },
    ),
  );

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-4"
      noValidate
      aria-label={`Modifier «\u00a0${project.title}\u00a0»`}
    >
      <FormField label="Titre" error={errors.title?.message}>
        {(props) => <Input {...props} {...form.register('title')} autoFocus />}
      </FormField>
      <FormField label="Statut" error={errors.status?.message}>
        {(props) => (
          <select
            {...props}
            {...form.register('status')}
            className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
          >
            {sharedProjectStatuses.map((status) => (
              <option key={status} value={status}>
                {sharedProjectStatusLabels[status]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Notes" error={errors.notes?.message}>
        {(props) => <Textarea {...props} {...form.register('notes')} rows={5} />}
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          Enregistrer
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Annuler
        </Button>
      </div>
    </form>
  );
}
