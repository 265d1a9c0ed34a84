import { zodResolver } from '@hookform/resolvers/zod';
import { groupAdminMessages } from '@synergie/shared/group-admin';
import {
  GROUP_TEXT_LIMITS,
  TRADE_FAMILIES,
  type TradeForm,
  type TradeFormInput,
  tradeFormSchema,
} from '@synergie/shared/groups';
import { useForm } from 'react-hook-form';
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
import { notify } from '~/lib/toast';
import { type AdminTrade, useSaveTrade } from '../api/admin-groups';

const selectClass =
  'flex h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-[invalid=true]:border-red-600 sm:text-sm';

/** Add or edit a trade of the catalogue (label, its feminine, family, NAF code, regulated profession). */
export default function TradeDialog({ trade, onClose }: { trade: AdminTrade | null; onClose: () => void }) {
  const editing = trade !== null;
  const save = useSaveTrade();
  const form = useForm<TradeFormInput, unknown, TradeForm>({
    resolver: zodResolver(tradeFormSchema),
    defaultValues: {
      label: trade?.label ?? '',
      labelFeminine: trade?.labelFeminine ?? '',
      family: trade?.family ?? ('' as TradeFormInput['family']),
      nafCode: trade?.nafCode ?? '',
      regulated: trade?.regulated ?? false,
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: trade?.id, input });
    } catch (error) {
      const message = apiErrorMessage(error, groupAdminMessages.saveFailed);
      if (error instanceof ApiRequestError && error.code === 'DUPLICATE_TRADE') form.setError('label', { message });
      notify.error(message);
      return;
    }
    notify.success(editing ? groupAdminMessages.tradeUpdated : groupAdminMessages.tradeCreated);
    onClose();
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing ? 'Modifier le métier' : 'Nouveau métier'}</DialogTitle>
          <DialogDescription>
            {editing
              ? 'Le nouveau libellé s’affiche aussitôt sur le profil de ses membres. Son identifiant ne change pas.'
              : 'L’identifiant est tiré du libellé, sans accents. Deux libellés identiques aux accents près sont refusés.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <FormField label="Libellé *" error={errors.label?.message}>
            {(field) => (
              <Input
                autoComplete="off"
                maxLength={GROUP_TEXT_LIMITS.tradeLabel}
                {...field}
                {...form.register('label')}
              />
            )}
          </FormField>
          <FormField
            label="Intitulé au féminin"
            error={errors.labelFeminine?.message}
            hint={
              'Facultatif\u00a0: le libellé que lisent les membres qui ont choisi le féminin (Avocate, Experte-comptable). Vide quand le mot ne change pas (Notaire).'
            }
          >
            {(field) => (
              <Input
                autoComplete="off"
                maxLength={GROUP_TEXT_LIMITS.tradeLabel}
                {...field}
                {...form.register('labelFeminine')}
              />
            )}
          </FormField>
          <FormField label="Famille *" error={errors.family?.message}>
            {(field) => (
              <select className={selectClass} {...field} {...form.register('family')}>
                <option value="">Choisissez une famille</option>
                {TRADE_FAMILIES.map((family) => (
                  <option key={family.slug} value={family.slug}>
                    {family.label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Code NAF" error={errors.nafCode?.message} hint="Facultatif, de la forme 43.22A.">
            {(field) => <Input autoComplete="off" maxLength={6} {...field} {...form.register('nafCode')} />}
          </FormField>
          <label className="flex items-start gap-3 text-sm text-slate-900">
            <input type="checkbox" className="mt-1 size-4" {...form.register('regulated')} />
            <span>
              Profession réglementée
              <span className="block text-slate-600">
                Ses membres voient l’avertissement sur les commissions d’apport.
              </span>
            </span>
          </label>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Annuler
              </Button>
            </DialogClose>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Enregistrement…' : editing ? 'Enregistrer' : 'Ajouter le métier'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
