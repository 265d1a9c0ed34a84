import { profileMessages } from '@synergie/shared/profile';
import { ImageIcon, Loader2, Trash2 } from 'lucide-react';
import { type ChangeEvent, useId } from 'react';
import { Button } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { ApiRequestError, apiErrorMessage } from '~/lib/api-client';
import { storedImageSrc } from '~/lib/stored-image';
import { notify } from '~/lib/toast';
import { useDeleteImage } from '../api/delete-image';
import { type ProfileImageKind, useUploadImage } from '../api/upload-image';

/** A refusal the server did not word (a proxy's bare 413 or 415) still reads in French. */
function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.code === 'HTTP_ERROR') {
    if (error.status === 413) return profileMessages.tooLarge;
    if (error.status === 415) return profileMessages.notAnImage;
  }
  return apiErrorMessage(error, profileMessages.imageFailed);
}

/**
 * One of the member's images (avatar or company logo): preview, file input (disabled with
 * 'Téléchargement en cours...' while uploading), and removal.
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
  const id = useId();
  const upload = useUploadImage(kind);
  const remove = useDeleteImage(kind);
  const busy = upload.isPending || remove.isPending;
  const src = storedImageSrc(imageUrl);

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
      onSuccess: () => notify.success(profileMessages.imageUploaded),
      onError: (error) => notify.error(uploadErrorMessage(error)),
    });
  };

  const onRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => notify.success(profileMessages.imageRemoved),
      onError: (error) => notify.error(apiErrorMessage(error, "Impossible de supprimer l'image")),
    });

  return (
    <div className="flex items-start gap-4">
      {src ? (
        <img
          src={src}
          alt={previewAlt}
          width={96}
          height={96}
          className="size-24 shrink-0 rounded-lg border border-slate-200 bg-white object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-24 shrink-0 items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 text-slate-500"
        >
          <ImageIcon className="size-8" />
        </span>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <Label htmlFor={id}>{label}</Label>
        <input
          id={id}
          type="file"
          accept="image/*"
          disabled={busy}
          aria-describedby={`${id}-status`}
          onChange={onFileChange}
          className="max-w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-900 hover:file:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60"
        />
        <p id={`${id}-status`} className="flex items-center gap-2 text-sm text-slate-600" aria-live="polite">
          {upload.isPending ? (
            <>
              <Loader2 aria-hidden="true" className="size-4 animate-spin" />
              {profileMessages.uploading}
            </>
          ) : (
            'JPEG, PNG, WebP, GIF ou AVIF, 5 Mo maximum.'
          )}
        </p>
        {imageUrl ? (
          <Button type="button" variant="outline" size="sm" className="self-start" disabled={busy} onClick={onRemove}>
            <Trash2 aria-hidden="true" />
            {removeLabel}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
