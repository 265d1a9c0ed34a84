import { zodResolver } from '@hookform/resolvers/zod';
import { TITLE_FORM_LABELS, TITLE_FORMS } from '@synergie/shared/group-constants';
import {
  LOOKING_FOR_MAX,
  type Profile,
  type ProfileUpdate,
  type ProfileUpdateInput,
  profileMessages,
  profileUpdateSchema,
  SKILLS_MAX,
} from '@synergie/shared/profile';
import { Save } from 'lucide-react';
import { useId } from 'react';
import { type Control, Controller, type FieldErrors, type UseFormRegister, useForm } from 'react-hook-form';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { ApiRequestError, apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { useTradeCatalogue } from '../api/get-trade-catalogue';
import { useUpdateProfile } from '../api/update-profile';
import { BioField } from './bio-field';
import { ChipInput } from './chip-input';
import { TradeCombobox } from './trade-combobox';

type TextFieldName = Exclude<keyof ProfileUpdateInput, 'skills' | 'lookingFor' | 'bio' | 'tradeId' | 'titleForm'>;

interface TextFieldConfig {
  name: TextFieldName;
  label: string;
  type?: 'text' | 'tel' | 'url';
  autoComplete?: string;
  placeholder?: string;
}

const identityFields: TextFieldConfig[] = [
  { name: 'fullName', label: 'Nom complet', autoComplete: 'name' },
  { name: 'companyName', label: 'Nom de l’entreprise', autoComplete: 'organization' },
];

const otherIdentityFields: TextFieldConfig[] = [
  { name: 'industry', label: 'Secteur d’activité' },
  { name: 'city', label: 'Ville', autoComplete: 'address-level2' },
  { name: 'phone', label: 'Téléphone', type: 'tel', autoComplete: 'tel' },
  { name: 'sponsorName', label: 'Nom du parrain' },
];

const linkFields: TextFieldConfig[] = [
  { name: 'websiteUrl', label: 'Site web', type: 'url', autoComplete: 'url', placeholder: 'www.mon-entreprise.fr' },
  { name: 'linkedinUrl', label: 'LinkedIn', type: 'url', placeholder: 'linkedin.com/in/votre-nom' },
  { name: 'twitterUrl', label: 'Twitter', type: 'url', placeholder: 'x.com/votre-nom' },
  { name: 'githubUrl', label: 'GitHub', type: 'url', placeholder: 'github.com/votre-nom' },
  { name: 'facebookUrl', label: 'Facebook', type: 'url', placeholder: 'facebook.com/votre-page' },
];

/**
 * The stored profile as form values: the inputs show '' where the database holds null. The trade
 * comes from the catalogue (tradeId) with a free specialty; the legacy free `profession` is not
 * in the form any more (the database writes the trade's label into it), so it is never sent.
 */
export function toFormValues(profile: Profile, fallbackName = ''): ProfileUpdateInput {
  return {
    fullName: profile.fullName ?? fallbackName,
    companyName: profile.companyName ?? '',
    phone: profile.phone ?? '',
    bio: profile.bio ?? '',
    tradeId: profile.tradeId,
    specialty: profile.specialty ?? '',
    industry: profile.industry ?? '',
    city: profile.city ?? '',
    sponsorName: profile.sponsorName ?? '',
    websiteUrl: profile.websiteUrl ?? '',
    linkedinUrl: profile.linkedinUrl ?? '',
    twitterUrl: profile.twitterUrl ?? '',
    githubUrl: profile.githubUrl ?? '',
    facebookUrl: profile.facebookUrl ?? '',
    skills: profile.skills,
    lookingFor: profile.lookingFor,
    titleForm: profile.titleForm,
  };
}

const fieldNames = new Set<string>(Object.keys(profileUpdateSchema.shape));

/** Every field of the shared profileUpdateSchema, which is both this form's resolver and the PUT body. */
export function ProfileForm({ profile, fallbackName }: { profile: Profile; fallbackName?: string }) {
  const form = useForm<ProfileUpdateInput, unknown, ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: toFormValues(profile, fallbackName),
  });
  const update = useUpdateProfile();
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      // The stored values come back (links with https://, trimmed texts, chips without duplicates).
      form.reset(toFormValues(saved, fallbackName));
      notify.success(profileMessages.updated);
    } catch (error) {
      if (error instanceof ApiRequestError && error.fields) {
        for (const [name, message] of Object.entries(error.fields)) {
          if (fieldNames.has(name)) form.setError(name as keyof ProfileUpdateInput, { message });
        }
      }
      if (error instanceof ApiRequestError && error.code === 'TRADE_LOCKED_BY_SEAT') {
        form.setError('tradeId', { message: error.message });
      }
      notify.error(apiErrorMessage(error, profileMessages.updateFailed));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-8" aria-label="Modifier mon profil">
      <fieldset className="grid min-w-0 grid-cols-1 gap-5 sm:grid-cols-2">
        <legend className="mb-4 text-lg font-semibold text-slate-900">Informations professionnelles</legend>
        <TextFields fields={identityFields} register={form.register} errors={errors} />
        <TradeField control={form.control} error={errors.tradeId?.message} />
        <FormField
          label="Spécialité"
          error={errors.specialty?.message}
          hint="Facultatif : précisez votre métier (ex. droit rural)."
        >
          {(field) => <Input autoComplete="off" {...field} {...form.register('specialty')} />}
        </FormField>
        <TextFields fields={otherIdentityFields} register={form.register} errors={errors} />
      </fieldset>

      <TitleFormField register={form.register} error={errors.titleForm?.message} />

      <BioField control={form.control} register={form.register} error={errors.bio?.message} />

      <fieldset className="grid min-w-0 grid-cols-1 gap-5 sm:grid-cols-2" aria-describedby="profile-links-hint">
        <legend className="mb-1 text-lg font-semibold text-slate-900">Liens</legend>
        <p id="profile-links-hint" className="text-sm text-slate-600 sm:col-span-2">
          https:// est ajouté automatiquement si vous ne l’indiquez pas.
        </p>
        <TextFields fields={linkFields} register={form.register} errors={errors} />
      </fieldset>

      <fieldset className="flex min-w-0 flex-col gap-5">
        <legend className="mb-4 text-lg font-semibold text-slate-900">Compétences et recherches</legend>
        <ChipField control={form.control} name="skills" label="Compétences" max={SKILLS_MAX} maxLength={50} />
        <ChipField
          control={form.control}
          name="lookingFor"
          label="Ce que je recherche"
          max={LOOKING_FOR_MAX}
          maxLength={100}
        />
      </fieldset>

      <div>
        <Button type="submit" size="lg" disabled={update.isPending}>
          <Save aria-hidden="true" />
          {update.isPending ? 'Enregistrement…' : 'Enregistrer le profil'}
        </Button>
      </div>
    </form>
  );
}

function TextFields({
  fields,
  register,
  errors,
}: {
  fields: TextFieldConfig[];
  register: UseFormRegister<ProfileUpdateInput>;
  errors: FieldErrors<ProfileUpdateInput>;
}) {
  return fields.map(({ name, label, type, autoComplete, placeholder }) => (
    <FormField key={name} label={label} error={errors[name]?.message}>
      {(field) => (
        <Input type={type} autoComplete={autoComplete} placeholder={placeholder} {...field} {...register(name)} />
      )}
    </FormField>
  ));
}

/**
 * `Accord de vos titres` (issue 31): the member's leader title and trade label in the masculine
 * or the feminine (`Présidente`, `Consultante`), as every page names them.
 */
function TitleFormField({ register, error }: { register: UseFormRegister<ProfileUpdateInput>; error?: string }) {
  const id = useId();
  return (
    <fieldset
      aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
      className="flex min-w-0 flex-col gap-3"
    >
      <legend className="mb-1 text-lg font-semibold text-slate-900">{profileMessages.titleFormLegend}</legend>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {profileMessages.titleFormHint}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-6">
        {TITLE_FORMS.map((value) => (
          <label key={value} className="flex items-center gap-2 text-slate-900">
            <input type="radio" value={value} className="size-4 accent-brand-700" {...register('titleForm')} />
            {TITLE_FORM_LABELS[value]}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Item errors (one chip too long) and list errors (too many) read as one message. */
function chipError(error: FieldErrors<ProfileUpdateInput>['skills']): string | undefined {
  if (!error) return undefined;
  if (error.message) return error.message;
  if (Array.isArray(error)) return error.find((item) => item?.message)?.message;
  return error.root?.message;
}

/** The member's trade: one of the catalogue (GET /api/trades), searched with accents ignored. */
function TradeField({
  control,
  error,
}: {
  control: Control<ProfileUpdateInput, unknown, ProfileUpdate>;
  error?: string;
}) {
  const catalogue = useTradeCatalogue();
  const loadError = catalogue.isError ? 'Impossible de charger les métiers. Réessayez plus tard.' : undefined;
  return (
    <div id="metier" className="scroll-mt-24">
      <FormField
        label="Métier"
        error={error ?? loadError}
        hint="Un métier du catalogue : il définit votre siège dans un groupe."
      >
        {(field) => (
          <Controller
            control={control}
            name="tradeId"
            render={({ field: { ref, value, onChange, onBlur } }) => (
              <TradeCombobox
                ref={ref}
                {...field}
                trades={catalogue.data?.trades ?? []}
                value={value ?? null}
                onChange={onChange}
                onBlur={onBlur}
                disabled={catalogue.isPending}
                placeholder={catalogue.isPending ? 'Chargement des métiers…' : undefined}
              />
            )}
          />
        )}
      </FormField>
    </div>
  );
}

function ChipField({
  control,
  name,
  label,
  max,
  maxLength,
}: {
  control: Control<ProfileUpdateInput, unknown, ProfileUpdate>;
  name: 'skills' | 'lookingFor';
  label: string;
  max: number;
  maxLength: number;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ChipInput
          ref={field.ref}
          label={label}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          max={max}
          maxLength={maxLength}
          error={chipError(fieldState.error as FieldErrors<ProfileUpdateInput>['skills'])}
        />
      )}
    />
  );
}
