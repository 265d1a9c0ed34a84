import type { ImageUploadResponse } from '@synergie/shared/profile';
import { profileMessages } from '@synergie/shared/profile';
import { ImageIcon, Loader2, Trash2 } from 'lucide-react';
import { type ChangeEvent, useId } from 'react';
import { Button } from '~/components/ui/button';
import { FileInput } from '~/components/ui/file-input';
import { Label } from '~/components/ui/label';
import { ApiRequestError, apiErrorMessage } from '~/lib/api-client';
import { storedImageSrc } from '~/lib/stored-image';
import { notify } from '~/lib/toast';
import { cn } from '~/lib/utils';

const FORMATS = 'JPEG, PNG, WebP, GIF ou AVIF, 5 Mo maximum.';

/** What the field needs of an upload mutation (TanStack Query's `useMutation` result fits). */
export interface ImageUploader {
  mutate: (
    file: File,
    options: { onSuccess: (response: ImageUploadResponse) => void; onError: (error: unknown) => void },
  ) => void;
  isPending: boolean;
}

/** A refusal the server did not word (a proxy's bare 413 or 415) still reads in French. */
export function uploadErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.code === 'HTTP_ERROR') {
    if (error.status === 413) return profileMessages.tooLarge;
    if (error.status === 415) return profileMessages.notAnImage;
  }
  return apiErrorMessage(error, fallback);
}

/**
 * The one image picker of the site (profile images, services, projects, event categories): a
 * file input that takes images only (spec section 5; the server checks the content anyway),
 * uploads the chosen file at once, says 'Téléchargement en cours…' and stays disabled meanwhile,
 * and reports a refusal in French. The form keeps the answered URL (`onUploaded`).
 *
 * `appearance="preview"` shows the current image beside the input, with a remove button when
 * `onRemove` is given; `appearance="button"` is a plain 'upload' button for forms that show the
 * choice themselves (the event category's image grid).
 */
export function ImageUploadField({
  label,
  value,
  upload,
  onUploaded,
  failedMessage,
  previewAlt,
  previewShape = 'wide',
  onRemove,
  removeLabel = 'Retirer l’image',
  busy = false,
  error,
  hint = FORMATS,
  appearance = 'preview',
}: {
  label: string;
  /** The stored image's URL, or null/'' when there is none. */
  value: string | null | undefined;
  upload: ImageUploader;
  onUploaded: (url: string) => void;
  /** The toast when the server fails without a message of its own. */
  failedMessage: string;
  previewAlt?: string;
  /** 'square' for avatars and logos (96 × 96), 'wide' for content images (128 × 80). */
  previewShape?: 'square' | 'wide';
  onRemove?: () => void;
  removeLabel?: string;
  /** Disables the field while something else runs on the image (its removal). */
  busy?: boolean;
  /** The form's message about this field. */
  error?: string;
  hint?: string;
  appearance?: 'preview' | 'button';
}) {
  const id = useId();
  const statusId = `${id}-status`;
  const labelId = `${id}-label`;
  const disabled = upload.isPending || busy;

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
      onSuccess: ({ url }) => onUploaded(url),
      onError: (uploadError) => notify.error(uploadErrorMessage(uploadError, failedMessage)),
    });
  };

  const input = (
    <FileInput
      id={id}
      accept="image/*"
      disabled={disabled}
      aria-describedby={statusId}
      aria-invalid={error ? true : undefined}
      onChange={onFileChange}
      {...(appearance === 'button' ? { showFileName: false, children: label } : { labelledBy: labelId })}
    />
  );
  const status = (
    <p id={statusId} className="flex items-center gap-2 text-sm text-slate-600" aria-live="polite">
      {upload.isPending ? (
        <>
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          {profileMessages.uploading}
        </>
      ) : (
        hint
      )}
    </p>
  );

  if (appearance === 'button') {
    return (
      <div className="flex flex-col gap-1">
        {input}
        {status}
      </div>
    );
  }

  const src = storedImageSrc(value);
  const frame = previewShape === 'square' ? 'size-24' : 'h-20 w-32';
  return (
    <div className="flex items-start gap-4">
      {src ? (
        <img
          src={src}
          alt={previewAlt ?? ''}
          width={previewShape === 'square' ? 96 : 128}
          height={previewShape === 'square' ? 96 : 80}
          className={cn(frame, 'shrink-0 rounded-lg border border-slate-200 bg-white object-cover')}
        />
      ) : (
        <span
          aria-hidden="true"
          className={cn(
            frame,
            'flex shrink-0 items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 text-slate-500',
          )}
        >
          <ImageIcon className="size-8" />
        </span>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <Label htmlFor={id} id={labelId}>
          {label}
        </Label>
        {input}
        {status}
        {error ? <p className="text-sm font-medium text-red-700">{error}</p> : null}
        {value && onRemove ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="h-auto min-h-9 self-start whitespace-normal py-1.5 text-left"
            disabled={disabled}
            onClick={onRemove}
          >
            <Trash2 aria-hidden="true" />
            {removeLabel}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
