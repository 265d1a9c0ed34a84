import { profileMessages } from '@synergie/shared/profile';
import { ImageUploadField } from '~/components/image-upload-field';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { useDeleteImage } from '../api/delete-image';
import { type ProfileImageKind, useUploadImage } from '../api/upload-image';

/**
 * One of the member's images (avatar or company logo): preview, file input (disabled with
 * 'Téléchargement en cours…' while uploading), and removal.
 */
export function ImageUpload({
  kind,
  label,
  imageUrl,
  previewAlt,
  removeLabel,
}: {
  kind: ProfileImageKind;
  label: string;
  imageUrl: string | null;
  previewAlt: string;
  removeLabel: string;
}) {
  const upload = useUploadImage(kind);
  const remove = useDeleteImage(kind);

  const onRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => notify.success(profileMessages.imageRemoved),
      onError: (error) => notify.error(apiErrorMessage(error, 'Impossible de supprimer l’image')),
    });

  return (
    <ImageUploadField
      label={label}
      value={imageUrl}
      upload={upload}
      // The member's data is refreshed by the mutation itself (api/upload-image.ts).
      onUploaded={() => notify.success(profileMessages.imageUploaded)}
      failedMessage={profileMessages.imageFailed}
      previewAlt={previewAlt}
      previewShape="square"
      onRemove={onRemove}
      removeLabel={removeLabel}
      busy={remove.isPending}
    />
  );
}
