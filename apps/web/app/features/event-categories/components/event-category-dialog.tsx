import { zodResolver } from '@hookform/resolvers/zod';
import {
  EVENT_CATEGORY_NAME_MAX,
  EVENT_CATEGORY_SHIPPED_IMAGES,
  type EventCategoryInput,
  type EventCategoryValues,
  eventCategoryInputSchema,
  eventCategoryMessages,
  isShippedEventCategoryImage,
} from '@synergie/shared/event-categories';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { ImageUploadField } from '~/components/image-upload-field';
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
import { ApiRequestError, apiErrorMessage } from '~/lib/api-client';
import { storedImageSrc } from '~/lib/stored-image';
import { notify } from '~/lib/toast';
import type { EventCategory } from '../api/get-event-categories';
import { useSaveEventCategory } from '../api/save-event-category';
import { useUploadEventCategoryImage } from '../api/upload-event-category-image';

function ImageChoice({
  url,
  label,
  caption,
  checked,
  onSelect,
}: {
  url: string;
  label: string;
  caption: string;
  checked: boolean;
  onSelect: () => void;
}) {
  return (
    <label className="relative flex cursor-pointer flex-col gap-1 rounded-lg border-2 border-slate-200 p-1 text-center text-xs font-medium text-slate-700 hover:border-brand-400 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600">
      <input
        type="radio"
        name="imageUrl"
        value={url}
        aria-label={label}
        checked={checked}
        onChange={onSelect}
        // Covers the whole thumbnail: a click anywhere on it lands on the radio itself.
        className="absolute inset-0 z-10 size-full cursor-pointer appearance-none opacity-0"
      />
      <img
        src={storedImageSrc(url)}
        alt=""
        width={160}
        height={90}
        className="aspect-video w-full rounded-md bg-slate-100 object-cover"
      />
      <span>{caption}</span>
    </label>
  );
}

/**
 * The admin's create/edit dialog of an event category: a name, and an image chosen among the six
 * shipped with the site or uploaded. Mounted only while open, so every opening starts afresh.
 */
export default function EventCategoryDialog({
  category,
  onClose,
}: {
  category: EventCategory | null;
  onClose: () => void;
}) {
  const editing = category !== null;
  const legendId = useId();
  const save = useSaveEventCategory();
  const upload = useUploadEventCategoryImage();
  const form = useForm<EventCategoryInput, unknown, EventCategoryValues>({
    resolver: zodResolver(eventCategoryInputSchema),
    defaultValues: { name: category?.name ?? '', imageUrl: category?.imageUrl ?? '' },
  });
  const { errors, isSubmitted } = form.formState;
  const imageUrl = form.watch('imageUrl');
  const selectImage = (url: string) =>
    form.setValue('imageUrl', url, { shouldDirty: true, shouldValidate: isSubmitted });
  const uploadedImage = imageUrl && !isShippedEventCategoryImage(imageUrl) ? imageUrl : null;

  const onSubmit = form.handleSubmit(
    async (input) => {
      try {
        await save.mutateAsync({ id: category?.id, input });
      } catch (error) {
        const message = apiErrorMessage(error, eventCategoryMessages.saveError);
        if (error instanceof ApiRequestError && error.status === 409) form.setError('name', { message });
        notify.error(message);
        return;
      }
      notify.success(editing ? eventCategoryMessages.updated : eventCategoryMessages.created);
      onClose();
    },
    (invalid) => {
      const first = invalid.name?.message ?? invalid.imageUrl?.message;
      if (first) notify.error(first);
    },
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing ? 'Modifier la catégorie' : 'Nouvelle catégorie'}</DialogTitle>
          <DialogDescription>
            Le nom et l’image sont obligatoires. Les événements de la catégorie reprennent son nom et son image.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <FormField label="Nom *" error={errors.name?.message}>
            {(field) => (
              <Input autoComplete="off" maxLength={EVENT_CATEGORY_NAME_MAX} {...field} {...form.register('name')} />
            )}
          </FormField>

          <fieldset
            className="flex flex-col gap-3"
            aria-describedby={errors.imageUrl?.message ? `${legendId}-error` : undefined}
          >
            <legend id={legendId} className="mb-1 text-sm font-medium text-slate-900">
              Image *
            </legend>
            <div role="radiogroup" aria-labelledby={legendId} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {EVENT_CATEGORY_SHIPPED_IMAGES.map((image) => (
                <ImageChoice
                  key={image.url}
                  url={image.url}
                  label={image.label}
                  caption={image.label.split('\u00a0: ')[0] ?? image.label}
                  checked={imageUrl === image.url}
                  onSelect={() => selectImage(image.url)}
                />
              ))}
              {uploadedImage ? (
                <ImageChoice
                  url={uploadedImage}
                  label="Image téléchargée"
                  caption="Image téléchargée"
                  checked
                  onSelect={() => selectImage(uploadedImage)}
                />
              ) : null}
            </div>
            <ImageUploadField
              appearance="button"
              label="Télécharger une image"
              value={uploadedImage}
              upload={upload}
              onUploaded={selectImage}
              failedMessage={eventCategoryMessages.uploadError}
              hint="Ou choisissez votre propre image&nbsp;: JPEG, PNG, WebP, GIF ou AVIF, 5 Mo maximum."
            />
            {errors.imageUrl?.message ? (
              <p id={`${legendId}-error`} className="text-sm font-medium text-red-700">
                {errors.imageUrl.message}
              </p>
            ) : null}
          </fieldset>

          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Annuler
              </Button>
            </DialogClose>
            <Button type="submit" disabled={save.isPending || upload.isPending}>
              {save.isPending ? 'Enregistrement…' : editing ? 'Enregistrer' : 'Créer la catégorie'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
