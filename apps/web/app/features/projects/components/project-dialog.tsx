import { zodResolver } from '@hookform/resolvers/zod';
import { apiErrorMessages } from '@synergie/shared/constants';
import { profileMessages } from '@synergie/shared/profile';
import {
  PROJECT_TAG_INPUTS,
  type ProjectInput,
  type ProjectValues,
  projectInputSchema,
  projectMessages,
} from '@synergie/shared/projects';
import { ImageIcon, Loader2, Trash2 } from 'lucide-react';
import { type ChangeEvent, useId } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
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
import { Label } from '~/components/ui/label';
import { Textarea } from '~/components/ui/textarea';
import { ApiRequestError, apiErrorMessage } from '~/lib/api-client';
import { storedImageSrc } from '~/lib/stored-image';
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
          <DialogDescription>Présentez une réalisation : seul le titre est obligatoire.</DialogDescription>
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
      notify.apiError(error, apiErrorMessages.INTERNAL);
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
        {(field) => <Input placeholder="Site vitrine, E-commerce..." {...field} {...form.register('category')} />}
      </FormField>

      <fieldset className="flex flex-col gap-2" aria-describedby={tagsHintId}>
        <legend className="text-sm font-medium text-slate-900">Tags</legend>
        <p id={tagsHintId} className="text-sm text-slate-600">
          Jusqu'à {PROJECT_TAG_INPUTS} tags ; une virgule sépare plusieurs tags dans un même champ.
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
        hint="https:// est ajouté automatiquement si vous ne l'indiquez pas."
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

      <ProjectImageField
        value={form.watch('imageUrl') ?? ''}
        error={errors.imageUrl?.message}
        onChange={(url) => form.setValue('imageUrl', url, { shouldDirty: true, shouldValidate: true })}
      />

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Annuler
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Enregistrement...' : project ? 'Enregistrer les modifications' : projectMessages.create}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** A refusal the server did not word (a proxy's bare 413 or 415) still reads in French. */
function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.code === 'HTTP_ERROR') {
    if (error.status === 413) return profileMessages.tooLarge;
    if (error.status === 415) return profileMessages.notAnImage;
  }
  return apiErrorMessage(error, profileMessages.imageFailed);
}

function ProjectImageField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  onChange: (url: string) => void;
}) {
  const id = useId();
  const upload = useUploadProjectImage();
  const src = storedImageSrc(value);

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    // Emptied so that choosing the same file again (after an error) starts a new upload.
    event.currentTarget.value = '';
    if (!file) return;
    if (file.type && !file.type.startsWith('image/')) {
      notify.error(profileMessages.notAnImage);
      return;
    }
    upload.mutate(file, {
      onSuccess: ({ url }) => {
        onChange(url);
        notify.success(projectMessages.imageUploaded);
      },
      onError: (uploadError) => notify.error(uploadErrorMessage(uploadError)),
    });
  };

  return (
    <div className="flex items-start gap-4">
      {src ? (
        <img
          src={src}
          alt="Aperçu de l'image du projet"
          width={128}
          height={80}
          className="h-20 w-32 shrink-0 rounded-lg border border-slate-200 bg-white object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex h-20 w-32 shrink-0 items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 text-slate-500"
        >
          <ImageIcon className="size-8" />
        </span>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <Label htmlFor={id}>Image du projet</Label>
        <input
          id={id}
          type="file"
          accept="image/*"
          disabled={upload.isPending}
          aria-describedby={`${id}-status`}
          aria-invalid={Boolean(error)}
          onChange={onFileChange}
          className="max-w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-900 hover:file:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60"
        />
        <p id={`${id}-status`} className="flex items-center gap-2 text-sm text-slate-600" aria-live="polite">
          {upload.isPending ? (
            <>
              <Loader2 aria-hidden="true" className="size-4 animate-spin" />
              {projectMessages.uploading}
            </>
          ) : (
            'JPEG, PNG, WebP, GIF ou AVIF, 5 Mo maximum.'
          )}
        </p>
        {error ? <p className="text-sm font-medium text-red-700">{error}</p> : null}
        {value ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="self-start"
            disabled={upload.isPending}
            onClick={() => onChange('')}
          >
            <Trash2 aria-hidden="true" />
            Retirer l'image
          </Button>
        ) : null}
      </div>
    </div>
  );
}
