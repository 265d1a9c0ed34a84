import { BIO_PREVIEW_LENGTH, type ProfileUpdate, type ProfileUpdateInput } from '@synergie/shared/profile';
import { useId } from 'react';
import { type Control, type UseFormRegister, useWatch } from 'react-hook-form';
import { FormField } from '~/components/ui/form-field';
import { Textarea } from '~/components/ui/textarea';
import { bioPreview } from '../lib/bio-preview';

/** The bio and, under it, the preview other members read (spec section 9: its first 100 characters). */
export function BioField({
  control,
  register,
  error,
}: {
  control: Control<ProfileUpdateInput, unknown, ProfileUpdate>;
  register: UseFormRegister<ProfileUpdateInput>;
  error?: string;
}) {
  return (
    <div className="flex flex-col gap-3">
      <FormField
        label="Présentation"
        error={error}
        hint="Présentez votre activité, vos services et ce que vous apportez au réseau."
      >
        {(field) => <Textarea rows={6} {...field} {...register('bio')} />}
      </FormField>
      <BioPreview control={control} />
    </div>
  );
}

/** Watches the bio alone, so typing in it re-renders this box and not the whole form. */
function BioPreview({ control }: { control: Control<ProfileUpdateInput, unknown, ProfileUpdate> }) {
  const bio = useWatch({ control, name: 'bio' });
  const preview = bioPreview(bio);
  const captionId = useId();
  return (
    <figure aria-labelledby={captionId} className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <figcaption id={captionId} className="text-xs font-semibold uppercase tracking-wide text-slate-600">
        Aperçu ({BIO_PREVIEW_LENGTH} premiers caractères)
      </figcaption>
      <p className="mt-2 text-sm break-words text-slate-800">
        {preview || <span className="text-slate-600 italic">Votre présentation apparaîtra ici.</span>}
      </p>
    </figure>
  );
}
