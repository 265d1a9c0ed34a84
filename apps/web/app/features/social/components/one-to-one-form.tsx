import { zodResolver } from '@hookform/resolvers/zod';
import {
  RECOMMENDATION_LIMITS as L,
  monthsBefore,
  ONE_TO_ONE_MAX_AGE_MONTHS,
  type OneToOneFormInput,
  oneToOneFormSchema,
  parisToday,
} from '@synergie/shared/recommendations';
import { CalendarPlus, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { Textarea } from '~/components/ui/textarea';
import { MemberPicker, type PickedMember } from '~/features/network';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { useLogOneToOne } from '../api/one-to-ones';

/**
 * `Déclarer un tête-à-tête`: the member met (picked from the directory), the date (today or up
 * to 6 months back, Europe/Paris), the place and notes for oneself. The member met confirms it.
 */
export function OneToOneForm({ viewerId }: { viewerId: string | null }) {
  const log = useLogOneToOne();
  const today = parisToday();
  const [partner, setPartner] = useState<PickedMember | null>(null);
  const form = useForm<OneToOneFormInput, unknown, OneToOneFormInput>({
    resolver: zodResolver(oneToOneFormSchema),
    defaultValues: { partnerId: '', metOn: today, place: '', notes: '' },
  });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await log.mutateAsync(input);
    } catch (error) {
      notify.error(apiErrorMessage(error, 'Impossible d’enregistrer ce tête-à-tête.'));
      return;
    }
    notify.success('Tête-à-tête enregistré\u00a0: le membre rencontré va le confirmer.');
    form.reset({ partnerId: '', metOn: today, place: '', notes: '' });
    setPartner(null);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-labelledby="log-one-to-one-title">
      <h2 id="log-one-to-one-title" className="text-2xl font-semibold text-slate-900">
        Déclarer un tête-à-tête
      </h2>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-900">Membre rencontré</legend>
        <MemberPicker
          viewerId={viewerId}
          value={partner}
          onChange={(member) => {
            setPartner(member);
            form.setValue('partnerId', member?.userId ?? '', { shouldValidate: form.formState.isSubmitted });
          }}
          searchLabel="Rechercher un membre par son nom"
          error={errors.partnerId ? 'Choisissez le membre rencontré' : undefined}
        />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Date de la rencontre" error={errors.metOn?.message}>
          {(field) => (
            <Input
              type="date"
              min={monthsBefore(today, ONE_TO_ONE_MAX_AGE_MONTHS)}
              max={today}
              {...field}
              {...form.register('metOn')}
            />
          )}
        </FormField>
        <FormField label="Lieu (facultatif)" error={errors.place?.message}>
          {(field) => (
            <Input
              maxLength={L.oneToOnePlace}
              placeholder="Café, bureau, visio…"
              {...field}
              {...form.register('place')}
            />
          )}
        </FormField>
      </div>
      <FormField
        label="Mes notes (facultatif)"
        hint={'Pour vous seul\u00a0: le membre rencontré ne les voit pas.'}
        error={errors.notes?.message}
      >
        {(field) => <Textarea rows={3} maxLength={L.oneToOneNotes} {...field} {...form.register('notes')} />}
      </FormField>
      <div>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? (
            <Loader2 aria-hidden="true" className="animate-spin" />
          ) : (
            <CalendarPlus aria-hidden="true" />
          )}
          Enregistrer le tête-à-tête
        </Button>
      </div>
    </form>
  );
}
