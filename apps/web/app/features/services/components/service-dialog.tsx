import { zodResolver } from '@hookform/resolvers/zod';
import { profileMessages } from '@synergie/shared/profile';
import {
  SERVICE_FEATURES_MAX,
  type ServiceFormInput,
  type ServiceInput,
  serviceInputSchema,
  serviceMessages,
} from '@synergie/shared/services';
import { ImageIcon, Loader2, X } from 'lucide-react';
import { type ChangeEvent, useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '~/components/ui/button';
import {
  Dialog,
  DialogClose,
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
import type { Service } from '../api/get-services';
import { useSaveService } from '../api/save-service';
import { useUploadServiceImage } from '../api/upload-service-image';

const success = (message: string) => notify.success(message, { title: serviceMessages.successTitle });

/** The dialog's inputs: three feature slots, '' where the service has none. */
function toFormValues(service: Service | null): ServiceFormInput {
  const features = [...(service?.features ?? [])];
  while (features.length < SERVICE_FEATURES_MAX) features.push('');
  return {
    title: service?.title ?? '',
    description: service?.description ?? '',
    websiteUrl: service?.websiteUrl ?? '',
    features,
    imageUrl: service?.imageUrl ?? null,
  };
}

/** A refusal the server did not word (a proxy's bare 413 or 415) still reads in French. */
function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.code === 'HTTP_ERROR') {
    if (error.status === 413) return profileMessages.tooLarge;
    if (error.status === 415) return profileMessages.notAnImage;
  }
  return apiErrorMessage(error, serviceMessages.imageFailed);
}

/**
 * The create/edit dialog of a member's service (spec sections 2 and 4). Mounted only while open,
 * so closing it, by saving or dismissing, always starts the next one from a fresh form.
 */
export default function ServiceDialog({ service, onClose }: { service: Service | null; onClose: () => void }) {
  const editing = service !== null;
  const fileId = useId();
  const save = useSaveService();
  const upload = useUploadServiceImage();
  const form = useForm<ServiceFormInput, unknown, ServiceInput>({
    resolver: zodResolver(serviceInputSchema),
    defaultValues: toFormValues(service),
  });
  const { errors } = form.formState;
  const imageUrl = form.watch('imageUrl');
  const preview = storedImageSrc(imageUrl);

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    // Emptied so that choosing the same file again (after an error) starts a new upload.
    event.currentTarget.value = '';
    if (!file) return;
    // Only image files (spec section 5); the server checks the content anyway.
    if (file.type && !file.type.startsWith('image/')) {
      notify.error(profileMessages.notAnImage);
      return;
    }
    upload.mutate(file, {
      onSuccess: ({ url }) => {
        form.setValue('imageUrl', url, { shouldDirty: true });
        success(serviceMessages.imageUploaded);
      },
      onError: (error) => notify.error(uploadErrorMessage(error)),
    });
  };

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: service?.id, input });
    } catch (error) {
      notify.error(apiErrorMessage(error, editing ? serviceMessages.updateFailed : serviceMessages.createFailed));
      return;
    }
    success(editing ? serviceMessages.updated : serviceMessages.created);
    onClose();
  });

  const featureError = errors.features?.message ?? errors.features?.find?.((e) => e?.message)?.message;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing ? 'Modifier mon service' : serviceMessages.create}</DialogTitle>
          <DialogDescription>
            Présentez votre savoir-faire aux membres du réseau. Les champs marqués d'un astérisque sont obligatoires.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <FormField label="Titre *" error={errors.title?.message}>
            {(field) => <Input autoComplete="off" maxLength={100} {...field} {...form.register('title')} />}
          </FormField>
          <FormField label="Description *" error={errors.description?.message}>
            {(field) => <Textarea maxLength={2000} {...field} {...form.register('description')} />}
          </FormField>

          <div className="flex flex-col gap-2">
            <Label htmlFor={fileId}>Image</Label>
            <div className="flex items-start gap-4">
              {preview ? (
                <img
                  src={preview}
                  alt="Aperçu de l'image du service"
                  width={128}
                  height={80}
                  className="h-20 w-32 shrink-0 rounded-md border border-slate-200 object-cover"
                />
              ) : (
                <span
                  aria-hidden="true"
                  className="flex h-20 w-32 shrink-0 items-center justify-center rounded-md border border-dashed border-slate-300 bg-slate-50 text-slate-500"
                >
                  <ImageIcon className="size-6" />
                </span>
              )}
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <input
                  id={fileId}
                  type="file"
                  accept="image/*"
                  disabled={upload.isPending}
                  aria-describedby={`${fileId}-status`}
                  onChange={onFileChange}
                  className="max-w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-900 hover:file:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60"
                />
                <p
                  id={`${fileId}-status`}
                  className="flex items-center gap-2 text-sm text-slate-600"
                  aria-live="polite"
                >
                  {upload.isPending ? (
                    <>
                      <Loader2 aria-hidden="true" className="size-4 animate-spin" />
                      {serviceMessages.uploading}
                    </>
                  ) : (
                    'JPEG, PNG, WebP, GIF ou AVIF, 5 Mo maximum.'
                  )}
                </p>
                {errors.imageUrl?.message ? (
                  <p className="text-sm font-medium text-red-700">{errors.imageUrl.message}</p>
                ) : null}
                {imageUrl ? (
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    className="self-start"
                    disabled={upload.isPending}
                    onClick={() => form.setValue('imageUrl', null, { shouldDirty: true })}
                  >
                    <X aria-hidden="true" />
                    Retirer l'image
                  </Button>
                ) : null}
              </div>
            </div>
          </div>

          <FormField label="Site web" error={errors.websiteUrl?.message} hint="Par exemple : www.mon-entreprise.fr">
            {(field) => (
              <Input
                type="url"
                inputMode="url"
                autoComplete="url"
                placeholder="www.mon-entreprise.fr"
                {...field}
                {...form.register('websiteUrl')}
              />
            )}
          </FormField>

          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-900">
              Points forts ({SERVICE_FEATURES_MAX} maximum)
            </legend>
            {Array.from({ length: SERVICE_FEATURES_MAX }, (_, index) => (
              <Input
                // biome-ignore lint/suspicious/noArrayIndexKey: three fixed slots, never reordered
                key={index}
                aria-label={`Point fort ${index + 1}`}
                maxLength={100}
                aria-invalid={Boolean(errors.features?.[index])}
                {...form.register(`features.${index}`)}
              />
            ))}
            {featureError ? <p className="text-sm font-medium text-red-700">{featureError}</p> : null}
          </fieldset>

          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Annuler
              </Button>
            </DialogClose>
            <Button type="submit" disabled={save.isPending || upload.isPending}>
              {save.isPending ? 'Enregistrement...' : editing ? 'Enregistrer' : 'Créer le service'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
