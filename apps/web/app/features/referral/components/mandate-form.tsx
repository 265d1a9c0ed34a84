import { zodResolver } from '@hookform/resolvers/zod';
import { EU_COUNTRIES, EU_COUNTRY_CODES } from '@synergie/shared/eu-vat';
import { type MandateInput, mandateInputSchema } from '@synergie/shared/self-billing';
import { useForm } from 'react-hook-form';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { useAcceptMandate } from '../api/self-billing';

type MandateFormValues = Omit<MandateInput, 'accepted'> & { accepted: boolean };

const selectClass =
  'flex h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-[invalid=true]:border-red-600 sm:text-sm';

const EMPTY: MandateFormValues = {
  legalName: '',
  siren: '',
  addressLine: '',
  postcode: '',
  city: '',
  country: 'FR',
  vatStatus: 'franchise',
  vatNumber: '',
  accepted: false,
};

/**
 * The self-billing mandate (autofacturation): identity, address, VAT status and the acceptance of
 * the text, checked with the shared schema (the server checks the same one).
 */
export function MandateForm({
  mandateText,
  initial,
  onDone,
}: {
  mandateText: string;
  initial?: Partial<MandateFormValues>;
  onDone?: () => void;
}) {
  const accept = useAcceptMandate();
  const form = useForm<MandateFormValues, unknown, MandateInput>({
    // The schema's `accepted: true` is what the checkbox must reach; the form starts unchecked.
    resolver: zodResolver(mandateInputSchema) as never,
    defaultValues: { ...EMPTY, ...initial, accepted: false },
  });
  const errors = form.formState.errors;
  const vatStatus = form.watch('vatStatus');
  const country = form.watch('country') ?? 'FR';
  const abroad = vatStatus === 'autoliquidation';
  // A business of another member state has no SIREN: the hidden field sends nothing.
  const onSubmit = form.handleSubmit((values) =>
    accept.mutate(abroad ? { ...values, siren: '' } : { ...values, country: 'FR' }, {
      onSuccess: () => onDone?.(),
      onError: (error) => {
        const message = apiErrorMessage(error, 'Erreur lors de l’enregistrement du mandat');
        form.setError('root', { message });
        notify.error(message);
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Mandat d’autofacturation">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Dénomination (raison sociale)" error={errors.legalName?.message}>
          {(field) => <Input autoComplete="organization" {...field} {...form.register('legalName')} />}
        </FormField>
        {abroad ? null : (
          <FormField label="SIREN ou SIRET" error={errors.siren?.message} hint="9 ou 14 chiffres">
            {(field) => <Input inputMode="numeric" {...field} {...form.register('siren')} />}
          </FormField>
        )}
        <div className="sm:col-span-2">
          <FormField label="Adresse de l’entreprise" error={errors.addressLine?.message}>
            {(field) => <Input autoComplete="street-address" {...field} {...form.register('addressLine')} />}
          </FormField>
        </div>
        <FormField label="Code postal de l’entreprise" error={errors.postcode?.message}>
          {(field) => (
            <Input
              inputMode={abroad ? 'text' : 'numeric'}
              autoComplete="postal-code"
              {...field}
              {...form.register('postcode')}
            />
          )}
        </FormField>
        <FormField label="Ville de l’entreprise" error={errors.city?.message}>
          {(field) => <Input autoComplete="address-level2" {...field} {...form.register('city')} />}
        </FormField>
        {abroad ? (
          <FormField label="Pays d’établissement" error={errors.country?.message}>
            {(field) => (
              <select
                className={selectClass}
                defaultValue={form.getValues('country')}
                {...field}
                {...form.register('country')}
              >
                {EU_COUNTRY_CODES.filter((code) => code !== 'FR').map((code) => (
                  <option key={code} value={code}>
                    {EU_COUNTRIES[code].name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        ) : null}
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium">Régime de TVA</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" value="franchise" {...form.register('vatStatus')} />
          Franchise en base de TVA (art. 293 B du CGI)
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" value="assujetti" {...form.register('vatStatus')} />
          {'Assujetti à la TVA (20\u202f% ajoutés à la commission)'}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            value="autoliquidation"
            {...form.register('vatStatus', {
              // One handler for the three radios (options are per field): reverse charge is for a
              // business outside France, a country is proposed at once; the others are in France.
              onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
                const abroadChosen = event.target.value === 'autoliquidation';
                if (abroadChosen && form.getValues('country') === 'FR') form.setValue('country', 'DE');
                if (!abroadChosen) form.setValue('country', 'FR');
              },
            })}
          />
          {'Entreprise établie dans un autre pays de l’Union européenne (autoliquidation, sans TVA)'}
        </label>
        {errors.vatStatus ? <p className="text-sm font-medium text-red-700">{errors.vatStatus.message}</p> : null}
      </fieldset>
      {vatStatus !== 'franchise' ? (
        <FormField
          label="Numéro de TVA intracommunautaire"
          error={errors.vatNumber?.message}
          hint={
            abroad
              ? `Celui de l’entreprise dans son pays, commençant par ${EU_COUNTRIES[country as keyof typeof EU_COUNTRIES]?.vatPrefix ?? 'son code'}`
              : 'Par exemple FR44732829320'
          }
        >
          {(field) => <Input {...field} {...form.register('vatNumber')} />}
        </FormField>
      ) : null}
      <details className="rounded-md border border-slate-200 p-3 text-sm">
        <summary className="cursor-pointer font-medium">Lire le mandat d’autofacturation</summary>
        <div className="mt-2 whitespace-pre-line text-slate-700">{mandateText}</div>
      </details>
      <div className="flex flex-col gap-1">
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-1"
            aria-invalid={Boolean(errors.accepted)}
            aria-describedby={errors.accepted ? 'mandate-accepted-error' : undefined}
            {...form.register('accepted')}
          />
          {
            'J’accepte le mandat d’autofacturation\u00a0: Synergie Pro établit en mon nom les factures de mes commissions.'
          }
        </label>
        {errors.accepted ? (
          <p id="mandate-accepted-error" className="text-sm font-medium text-red-700">
            {errors.accepted.message}
          </p>
        ) : null}
      </div>
      {errors.root ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errors.root.message}
        </p>
      ) : null}
      <Button type="submit" disabled={accept.isPending} className="self-start">
        {accept.isPending ? 'Enregistrement…' : 'Accepter le mandat'}
      </Button>
    </form>
  );
}
