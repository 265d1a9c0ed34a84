import { zodResolver } from '@hookform/resolvers/zod';
import { einvoicingMessages } from '@synergie/shared/einvoicing';
import { membershipInvoiceEndpoints } from '@synergie/shared/endpoints';
import { EU_COUNTRIES, EU_COUNTRY_CODES, type EuCountry, isEuCountry } from '@synergie/shared/eu-vat';
import { formatDate, formatMoney } from '@synergie/shared/format';
import {
  type BillingDetailsInput,
  billingDetailsInputSchema,
  type MembershipInvoice,
  membershipInvoiceMessages,
  type SavedBillingDetails,
} from '@synergie/shared/membership-invoices';
import { type SireneCompany, sireneMessages, sirenParamsSchema } from '@synergie/shared/sirene';
import { Download, FileCheck2, Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { LoadError, Loading } from '~/components/query-state';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { apiErrorMessage, apiHref } from '~/lib/api-client';
import { parseApiDateTime } from '~/lib/api-dates';
import { notify } from '~/lib/toast';
import { useMyMembershipInvoices, useSaveBillingDetails, useSirenLookup } from '../api/membership-invoices';
import { EinvoiceStatusLine } from './einvoice-status';

type DetailsValues = {
  siren: string;
  vatNumber: string;
  addressLine: string;
  postcode: string;
  city: string;
  country: EuCountry;
};

const valuesOf = (details: SavedBillingDetails): DetailsValues => ({
  siren: details.siren ?? '',
  vatNumber: details.vatNumber ?? '',
  addressLine: details.addressLine ?? '',
  postcode: details.postcode ?? '',
  city: details.city ?? '',
  country: isEuCountry(details.country) ? details.country : 'FR',
});

const selectClass =
  'flex h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-[invalid=true]:border-red-600 sm:text-sm';

/**
 * The buyer's details printed on the next invoices, checked with the shared schema (the server
 * checks it too). A company of another member state gives its country and VAT number there, no
 * SIREN: its invoices are then issued without French VAT (reverse charge).
 */
function BillingDetailsForm({ details, sireneLookup }: { details: SavedBillingDetails; sireneLookup: boolean }) {
  const save = useSaveBillingDetails();
  const lookup = useSirenLookup();
  const [found, setFound] = useState<SireneCompany | null>(null);
  const foundRef = useRef<HTMLParagraphElement>(null);
  const form = useForm<DetailsValues, unknown, BillingDetailsInput>({
    resolver: zodResolver(billingDetailsInputSchema) as never,
    defaultValues: valuesOf(details),
  });
  const errors = form.formState.errors;
  const country = form.watch('country');
  const abroad = country !== 'FR';

  // The answer fills only what the directory says; a field it leaves out keeps what was typed,
  // and a refusal changes nothing (the member types the details themselves).
  const fillFromSiren = () => {
    setFound(null);
    const checked = sirenParamsSchema.safeParse({ siren: form.getValues('siren') });
    if (!checked.success) {
      form.setError('siren', { message: checked.error.issues[0]?.message ?? sireneMessages.lookupFailed });
      form.setFocus('siren');
      return;
    }
    form.clearErrors('siren');
    lookup.mutate(checked.data.siren, {
      onSuccess: (company) => {
        form.setValue('siren', company.siren, { shouldDirty: true });
        for (const key of ['addressLine', 'postcode', 'city'] as const) {
          const value = company[key];
          if (value !== null) form.setValue(key, value, { shouldDirty: true, shouldValidate: true });
        }
        setFound(company);
      },
      onError: (error) => {
        form.setError('siren', { message: apiErrorMessage(error, sireneMessages.lookupFailed) });
        form.setFocus('siren');
      },
    });
  };
  useEffect(() => {
    if (found) foundRef.current?.focus();
  }, [found]);

  // A company abroad has no SIREN: the hidden field sends nothing.
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(abroad ? { ...values, siren: '' } : values, {
      onError: (error) => {
        const message = apiErrorMessage(error, 'Erreur lors de l’enregistrement des coordonnées de facturation');
        form.setError('root', { message });
        notify.error(message);
      },
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Coordonnées de facturation">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormField label="Pays d’établissement de l’entreprise" error={errors.country?.message}>
            {(field) => (
              <select
                className={selectClass}
                defaultValue={form.formState.defaultValues?.country}
                {...field}
                {...form.register('country')}
              >
                {EU_COUNTRY_CODES.map((code) => (
                  <option key={code} value={code}>
                    {EU_COUNTRIES[code].name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <div className={abroad ? 'hidden' : 'flex flex-col gap-2'}>
          <FormField label="SIREN de l’entreprise" error={errors.siren?.message} hint="9 chiffres">
            {(field) => <Input inputMode="numeric" {...field} {...form.register('siren')} />}
          </FormField>
          {sireneLookup && !abroad ? (
            <div>
              <Button
                type="button"
                size="sm"
                variant="outline"
                className="h-auto min-h-9 whitespace-normal py-1.5 text-center"
                onClick={fillFromSiren}
                disabled={lookup.isPending}
              >
                <Search aria-hidden="true" />
                {lookup.isPending ? sireneMessages.searching : sireneMessages.button}
              </Button>
            </div>
          ) : null}
        </div>
        <FormField
          label="Numéro de TVA intracommunautaire"
          error={errors.vatNumber?.message}
          hint={
            abroad
              ? `Celui de l’entreprise dans son pays, commençant par ${EU_COUNTRIES[country]?.vatPrefix ?? 'son code'}`
              : 'FR, la clé, le SIREN'
          }
        >
          {(field) => <Input {...field} {...form.register('vatNumber')} />}
        </FormField>
        <div className="sm:col-span-2">
          <FormField label="Adresse de facturation" error={errors.addressLine?.message}>
            {(field) => <Input autoComplete="street-address" {...field} {...form.register('addressLine')} />}
          </FormField>
        </div>
        <FormField label="Code postal de facturation" error={errors.postcode?.message}>
          {(field) => (
            <Input
              inputMode={abroad ? 'text' : 'numeric'}
              autoComplete="postal-code"
              {...field}
              {...form.register('postcode')}
            />
          )}
        </FormField>
        <FormField label="Ville de facturation" error={errors.city?.message}>
          {(field) => <Input autoComplete="address-level2" {...field} {...form.register('city')} />}
        </FormField>
      </div>
      {details.reverseCharge ? (
        <p role="note" className="rounded-md bg-slate-50 p-3 text-sm text-slate-800">
          {membershipInvoiceMessages.reverseCharge}
        </p>
      ) : null}
      {found ? (
        <p ref={foundRef} tabIndex={-1} role="status" className="rounded-md bg-slate-50 p-3 text-sm text-slate-800">
          {found.name ? sireneMessages.found(found.name) : sireneMessages.foundWithoutName}
        </p>
      ) : null}
      {errors.root?.message ? <p className="text-sm font-medium text-red-700">{errors.root.message}</p> : null}
      <div>
        <Button
          type="submit"
          size="sm"
          className="h-auto min-h-9 whitespace-normal py-1.5 text-center"
          disabled={save.isPending}
        >
          Enregistrer mes coordonnées de facturation
        </Button>
      </div>
    </form>
  );
}

function InvoiceRow({ invoice }: { invoice: MembershipInvoice }) {
  const params = { id: invoice.id };
  const title = `${invoice.kind === 'credit_note' ? 'Avoir' : 'Facture'} ${invoice.number}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3">
      <span className="flex flex-col">
        <span className="font-medium">{title}</span>
        <span className="text-sm text-slate-600">
          {`${invoice.label} — émise le ${formatDate(parseApiDateTime(invoice.issuedAt), 'medium')} — ${
            invoice.reverseCharge
              ? `${formatMoney(invoice.totalExclVatCents)} HT, autoliquidation`
              : `${formatMoney(invoice.totalInclVatCents)} TTC`
          }`}
        </span>
        {invoice.creditsNumber ? (
          <span className="text-sm text-slate-600">{`Annule la facture ${invoice.creditsNumber}`}</span>
        ) : null}
        {invoice.einvoice ? <EinvoiceStatusLine status={invoice.einvoice} /> : null}
      </span>
      <span className="flex flex-wrap items-center gap-2">
        <Button asChild size="sm" variant="outline">
          <a
            href={apiHref(membershipInvoiceEndpoints.myPdf, { params })}
            download
            aria-label={`Télécharger ${title} en PDF`}
          >
            <Download aria-hidden="true" />
            PDF
          </a>
        </Button>
        <Button asChild size="sm" variant="outline">
          <a
            href={apiHref(membershipInvoiceEndpoints.myFacturX, { params })}
            download
            aria-label={`Télécharger ${title} au format Factur-X`}
          >
            <FileCheck2 aria-hidden="true" />
            Factur-X
          </a>
        </Button>
      </span>
    </li>
  );
}

/**
 * `Mes factures` (issue 32): an invoice for every membership payment and a credit note for each
 * refund, with their downloads, and the billing details the next invoices carry. A part of
 * /profile/facturation (`#factures`, `#coordonnees-facturation`), placed by the page.
 */
export function MyInvoicesCard() {
  const state = useMyMembershipInvoices();
  return (
    <Card>
      <CardContent className="flex flex-col gap-6 pt-6">
        <div>
          <h2 id="factures" className="scroll-mt-24 text-2xl font-semibold">
            {membershipInvoiceMessages.listTitle}
          </h2>
          <p className="mt-2 text-sm text-slate-600">
            {`Une facture pour chaque paiement de votre adhésion (${state.data?.details.reverseCharge ? 'sans TVA française, autoliquidation' : 'TVA à 20\u202f% comprise'}), un avoir pour chaque remboursement, en PDF et au format Factur-X.`}
          </p>
        </div>
        {state.isPending ? (
          <Loading variant="text" />
        ) : state.isError ? (
          <LoadError
            message="Erreur lors du chargement de vos factures"
            onRetry={() => state.refetch()}
            retrying={state.isRefetching}
          />
        ) : (
          <>
            {/* Only once an invoice of theirs is on the platform: a company abroad (no SIREN) has none there. */}
            {state.data.einvoicingPlatform && state.data.invoices.some((invoice) => invoice.einvoice) ? (
              <p className="text-sm text-slate-600">{einvoicingMessages.intro(state.data.einvoicingPlatform)}</p>
            ) : null}
            {state.data.invoices.length === 0 ? (
              <p className="text-sm text-slate-600">{membershipInvoiceMessages.empty}</p>
            ) : (
              <ul className="divide-y divide-slate-200" aria-label={membershipInvoiceMessages.listTitle}>
                {state.data.invoices.map((invoice) => (
                  <InvoiceRow key={invoice.id} invoice={invoice} />
                ))}
              </ul>
            )}
            <div className="flex flex-col gap-3">
              <h3 id="coordonnees-facturation" className="scroll-mt-24 text-lg font-semibold">
                Coordonnées de facturation
              </h3>
              <BillingDetailsForm details={state.data.details} sireneLookup={state.data.sireneLookup} />
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
