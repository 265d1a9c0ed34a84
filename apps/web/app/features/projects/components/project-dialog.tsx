import { zodResolver } from '@hookform/resolvers/zod';
import { genericApiErrors } from '@synergie/shared/generic-errors';
import { profileMessages } from '@synergie/shared/profile';
import {
  PROJECT_TAG_INPUTS,
  type ProjectInput,
  type ProjectValues,
  projectInputSchema,
  projectMessages,
} from '@synergie/shared/projects';
import { useId } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { ImageUploadField } from '~/components/image-upload-field';
import { Button } from '~/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { Textarea } from '~/components/ui/textarea';
import { ApiRequestError } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { type Project, useSaveProject, useUploadProjectImage } from '../api/projects';

const fieldNames = new Set<string>(Object.keys(projectInputSchema.shape));

/** The stored project as form values: '' where the database holds null, one tag per input. */
function toFormValues(project: Project | null): ProjectInput {
  const tags = Array.from({ length: PROJECT_TAG_INPUTS }, (_, i) => project?.tags[i] ?? '');
  return {
    title: project?.title ?? '',
    description: project?.description ?? '',
    category: project?.category ?? '',
    tags,
    projectUrl: project?.projectUrl ?? '',
    imageUrl: project?.imageUrl ?? '',
  };
}

/** One message for the tag inputs: an input's own error (too long) or the list's (too many). */
function tagsError(errors: FieldErrors<ProjectInput>): string | undefined {
  const error = errors.tags;
  if (!error) return undefined;
  if (error.message) return error.message;
  if (Array.isArray(error)) return error.find((item) => item?.message)?.message;
  return error.root?.message;
}

/**
 * The create/edit dialog of spec section 4: loaded on first use (React.lazy) so /portfolio's
 * first load carries neither zod nor react-hook-form. The form lives inside the dialog's content,
 * which unmounts on close: closing resets it.
 */
export default function ProjectDialog({
  open,
  project,
  onOpenChange,
}: {
  open: boolean;
  /** The project being edited, or null to create one. */
  project: Project | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{project ? projectMessages.edit : projectMessages.create}</DialogTitle>
          <DialogDescription>Présentez une réalisation&nbsp;: seul le titre est obligatoire.</DialogDescription>
        </DialogHeader>
        <ProjectForm project={project} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ProjectForm({ project, onDone }: { project: Project | null; onDone: () => void }) {
  const form = useForm<ProjectInput, unknown, ProjectValues>({
    resolver: zodResolver(projectInputSchema),
    defaultValues: toFormValues(project),
  });
  const save = useSaveProject();
  const upload = useUploadProjectImage();
  const { errors } = form.formState;
  const tagsHintId = useId();
  const tagsMessage = tagsError(errors);

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ id: project?.id, body });
      notify.success(project ? projectMessages.updated : projectMessages.created);
      onDone();
    } catch (error) {
      if (error instanceof ApiRequestError && error.fields) {
        for (const [name, message] of Object.entries(error.fields)) {
          if (fieldNames.has(name)) form.setError(name as keyof ProjectInput, { message });
        }
      }
      // Spec section 8: the backend's own message is shown.
      notify.apiError(error, genericApiErrors.INTERNAL.message);
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-5"
      aria-label={project ? projectMessages.edit : projectMessages.create}
    >
      <FormField label="Titre du projet *" error={errors.title?.message}>
        {(field) => <Input autoComplete="off" {...field} {...form.register('title')} />}
      </FormField>

      <FormField label="Description" error={errors.description?.message}>
        {(field) => <Textarea rows={5} {...field} {...form.register('description')} />}
      </FormField>

      <FormField label="Catégorie" error={errors.category?.message}>
        {(field) => <Input placeholder="Site vitrine, E-commerce…" {...field} {...form.register('category')} />}
      </FormField>

      <fieldset className="flex flex-col gap-2" aria-describedby={tagsHintId}>
        <legend className="text-sm font-medium text-slate-900">Tags</legend>
        <p id={tagsHintId} className="text-sm text-slate-600">
          Jusqu’à {PROJECT_TAG_INPUTS} tags&#8239;; une virgule sépare plusieurs tags dans un même champ.
        </p>
        <div className="grid gap-3 sm:grid-cols-3">
          {Array.from({ length: PROJECT_TAG_INPUTS }, (_, i) => (
            <Input
              // biome-ignore lint/suspicious/noArrayIndexKey: three fixed inputs
              key={i}
              aria-label={`Tag ${i + 1}`}
              aria-invalid={Boolean(tagsMessage)}
              {...form.register(`tags.${i}` as const)}
            />
          ))}
        </div>
        {tagsMessage ? <p className="text-sm font-medium text-red-700">{tagsMessage}</p> : null}
      </fieldset>

      <FormField
        label="Lien du projet"
        error={errors.projectUrl?.message}
        hint="https:// est ajouté automatiquement si vous ne l’indiquez pas."
      >
        {(field) => (
          <Input
            type="url"
            placeholder="www.mon-projet.fr"
            autoComplete="url"
            {...field}
            {...form.register('projectUrl')}
          />
        )}
      </FormField>

      <ImageUploadField
        label="Image du projet"
        value={form.watch('imageUrl')}
        upload={upload}
        onUploaded={(url) => {
          form.setValue('imageUrl', url, { shouldDirty: true, shouldValidate: true });
          notify.success(projectMessages.imageUploaded);
        }}
        failedMessage={profileMessages.imageFailed}
        previewAlt="Aperçu de l’image du projet"
        onRemove={() => form.setValue('imageUrl', '', { shouldDirty: true, shouldValidate: true })}
        error={errors.imageUrl?.message}
      />

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Annuler
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Enregistrement…' : project ? 'Enregistrer les modifications' : projectMessages.create}
        </Button>
      </DialogFooter>
    </form>
  );
}
