import { zodResolver } from '@hookform/resolvers/zod';
import {
  type PartnerFormInput,
  type PartnerInput,
  partnerInputSchema,
  partnerMessages,
  pickImportedLogo,
} from '@synergie/shared/partners';
import { Download, Plus, X } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Textarea } from '~/components/ui/textarea';
import { notify } from '~/lib/toast';
import { useCreatePartner, useSiteInfo } from '../api/admin-partners';

const emptyForm: PartnerFormInput = {
  name: '',
  websiteUrl: '',
  description: '',
  category: '',
  logoUrl: null,
  isFeatured: false,
  displayOrder: 0,
};

/** The host an imported logo comes from: shown as text, the image itself is only stored by the server. */
const logoHost = (url: string) => (URL.canParse(url) ? new URL(url).host : url);

/** Add a partner: name and URL required; 'Importer' fills name, description and logo from the URL. */
export function PartnersAddForm() {
  const create = useCreatePartner();
  const siteInfo = useSiteInfo();
  const form = useForm<PartnerFormInput, unknown, PartnerInput>({
    resolver: zodResolver(partnerInputSchema),
    defaultValues: emptyForm,
  });
  const { errors } = form.formState;
  const logoUrl = form.watch('logoUrl');

  const onImport = () => {
    const url = (form.getValues('websiteUrl') ?? '').trim();
    if (!url) {
      form.setError('websiteUrl', { message: partnerMessages.importUrlRequired });
      notify.error(partnerMessages.importUrlRequired);
      return;
    }
    siteInfo.mutate(url, {
      onSuccess: (info) => {
        if (info.title) form.setValue('name', info.title, { shouldDirty: true, shouldValidate: true });
        if (info.description) form.setValue('description', info.description, { shouldDirty: true });
        form.setValue('logoUrl', pickImportedLogo(info), { shouldDirty: true });
        notify.success(partnerMessages.imported);
      },
      onError: (error) => notify.apiError(error, partnerMessages.importFailed),
    });
  };

  const onSubmit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: () => {
        notify.success(partnerMessages.created);
        form.reset(emptyForm);
      },
      onError: (error) => notify.apiError(error, partnerMessages.createFailed),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Ajouter un partenaire">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <FormField label="Site web *" error={errors.websiteUrl?.message} hint="Par exemple&nbsp;: www.partenaire.fr">
            {(field) => (
              <Input
                type="url"
                inputMode="url"
                autoComplete="off"
                placeholder="www.partenaire.fr"
                {...field}
                {...form.register('websiteUrl')}
              />
            )}
          </FormField>
        </div>
        <Button type="button" variant="outline" onClick={onImport} disabled={siteInfo.isPending} className="mb-7">
          <Download aria-hidden="true" />
          {siteInfo.isPending ? 'Import en cours…' : 'Importer'}
        </Button>
      </div>
      <FormField label="Nom *" error={errors.name?.message}>
        {(field) => <Input autoComplete="off" maxLength={100} {...field} {...form.register('name')} />}
      </FormField>
      <FormField label="Description" error={errors.description?.message}>
        {(field) => <Textarea maxLength={1000} rows={3} {...field} {...form.register('description')} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Catégorie" error={errors.category?.message}>
          {(field) => <Input autoComplete="off" maxLength={60} {...field} {...form.register('category')} />}
        </FormField>
        <FormField label="Ordre d’affichage" error={errors.displayOrder?.message}>
          {(field) => <Input type="number" step={1} {...field} {...form.register('displayOrder')} />}
        </FormField>
      </div>
      <div className="flex items-center gap-2">
        <input
          id="partner-featured"
          type="checkbox"
          className="size-4 accent-brand-700"
          {...form.register('isFeatured')}
        />
        <Label htmlFor="partner-featured">À la une</Label>
      </div>
      {logoUrl ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          Logo importé depuis {logoHost(logoUrl)} (il sera vérifié et enregistré sur notre site).
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => form.setValue('logoUrl', null, { shouldDirty: true })}
          >
            <X aria-hidden="true" />
            Retirer le logo
          </Button>
        </p>
      ) : null}
      {errors.logoUrl?.message ? <p className="text-sm font-medium text-red-700">{errors.logoUrl.message}</p> : null}
      <div>
        <Button type="submit" disabled={create.isPending || siteInfo.isPending}>
          <Plus aria-hidden="true" />
          {create.isPending ? 'Ajout…' : 'Ajouter le partenaire'}
        </Button>
      </div>
    </form>
  );
}
