import { zodResolver } from '@hookform/resolvers/zod';
import {
  SERVICE_FEATURES_MAX,
  type ServiceFormInput,
  type ServiceInput,
  serviceInputSchema,
  serviceMessages,
} from '@synergie/shared/services';
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
import { Textarea } from '~/components/ui/textarea';
import { apiErrorMessage } from '~/lib/api-client';
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

/**
 * The create/edit dialog of a member's service (spec sections 2 and 4). Mounted only while open,
 * so closing it, by saving or dismissing, always starts the next one from a fresh form.
 */
export default function ServiceDialog({ service, onClose }: { service: Service | null; onClose: () => void }) {
  const editing = service !== null;
  const save = useSaveService();
  const upload = useUploadServiceImage();
  const form = useForm<ServiceFormInput, unknown, ServiceInput>({
    resolver: zodResolver(serviceInputSchema),
    defaultValues: toFormValues(service),
  });
  const { errors } = form.formState;
  const imageUrl = form.watch('imageUrl');

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
            Présentez votre savoir-faire aux membres du réseau. Les champs marqués d’un astérisque sont obligatoires.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <FormField label="Titre *" error={errors.title?.message}>
            {(field) => <Input autoComplete="off" maxLength={100} {...field} {...form.register('title')} />}
          </FormField>
          <FormField label="Description *" error={errors.description?.message}>
            {(field) => <Textarea maxLength={2000} {...field} {...form.register('description')} />}
          </FormField>

          <ImageUploadField
            label="Image"
            value={imageUrl}
            upload={upload}
            onUploaded={(url) => {
              form.setValue('imageUrl', url, { shouldDirty: true });
              success(serviceMessages.imageUploaded);
            }}
            failedMessage={serviceMessages.imageFailed}
            previewAlt="Aperçu de l’image du service"
            onRemove={() => form.setValue('imageUrl', null, { shouldDirty: true })}
            error={errors.imageUrl?.message}
          />

          <FormField
            label="Site web"
            error={errors.websiteUrl?.message}
            hint="Par exemple&nbsp;: www.mon-entreprise.fr"
          >
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
              {save.isPending ? 'Enregistrement…' : editing ? 'Enregistrer' : 'Créer le service'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
