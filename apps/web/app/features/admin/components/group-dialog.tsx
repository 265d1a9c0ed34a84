import { zodResolver } from '@hookform/resolvers/zod';
import { groupAdminMessages } from '@synergie/shared/group-admin';
import {
  type GroupForm,
  type GroupFormInput,
  groupFormSchema,
  GROUP_TEXT_LIMITS as L,
  MEETING_RHYTHM_LABELS,
  MEETING_RHYTHMS,
  WEEKDAYS,
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
import { Textarea } from '~/components/ui/textarea';
import { ApiRequestError, apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { type AdminGroup, useSaveGroup } from '../api/admin-groups';

const selectClass =
  'flex h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-[invalid=true]:border-red-600 sm:text-sm';

const fieldNames = new Set<string>(Object.keys(groupFormSchema.shape));

/** Create or edit a group: every field of groupFormSchema, which is also the request body. */
export default function GroupDialog({ group, onClose }: { group: AdminGroup | null; onClose: () => void }) {
  const editing = group !== null;
  const save = useSaveGroup();
  const form = useForm<GroupFormInput, unknown, GroupForm>({
    resolver: zodResolver(groupFormSchema),
    defaultValues: {
      name: group?.name ?? '',
      slug: group?.slug ?? '',
      city: group?.city ?? '',
      departmentCode: group?.departmentCode ?? '',
      region: group?.region ?? '',
      description: group?.description ?? '',
      meetingPlace: group?.meetingPlace ?? '',
      meetingRhythm: group?.meetingRhythm ?? 'weekly',
      meetingWeekday: group?.meetingWeekday ?? 2,
      meetingTime: group?.meetingTime ?? '07:00',
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: group?.id, input });
    } catch (error) {
      const message = apiErrorMessage(error, groupAdminMessages.saveFailed);
      if (error instanceof ApiRequestError && error.fields) {
        for (const [name, text] of Object.entries(error.fields)) {
          if (fieldNames.has(name)) form.setError(name as keyof GroupFormInput, { message: text });
        }
      }
      notify.error(message);
      return;
    }
    notify.success(editing ? groupAdminMessages.groupUpdated : groupAdminMessages.groupCreated);
    onClose();
  });

  const text = (
    name: 'name' | 'slug' | 'city' | 'departmentCode' | 'region' | 'meetingPlace',
    label: string,
    max: number,
    hint?: string,
  ) => (
    <FormField label={label} error={errors[name]?.message} hint={hint}>
      {(field) => <Input autoComplete="off" maxLength={max} {...field} {...form.register(name)} />}
    </FormField>
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{editing ? 'Modifier le groupe' : 'Nouveau groupe'}</DialogTitle>
          <DialogDescription>
            Le groupe est public : sa page /groupes/identifiant présente sa description, son lieu et ses sièges libres.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-5 sm:grid-cols-2">
          {text('name', 'Nom *', L.name)}
          {text('slug', 'Identifiant *', L.slug, 'Minuscules sans accent, chiffres et tirets (ex. lyon-confluence).')}
          {text('city', 'Ville *', L.city)}
          {text('departmentCode', 'Département *', 3, 'Code du département (ex. 69, 2A, 974).')}
          {text('region', 'Région *', L.region)}
          {text('meetingPlace', 'Lieu de réunion *', L.meetingPlace)}
          <div className="sm:col-span-2">
            <FormField label="Description" error={errors.description?.message}>
              {(field) => <Textarea rows={4} maxLength={L.description} {...field} {...form.register('description')} />}
            </FormField>
          </div>
          <FormField label="Rythme *" error={errors.meetingRhythm?.message}>
            {(field) => (
              <select className={selectClass} {...field} {...form.register('meetingRhythm')}>
                {MEETING_RHYTHMS.map((rhythm) => (
                  <option key={rhythm} value={rhythm}>
                    {MEETING_RHYTHM_LABELS[rhythm]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Jour *" error={errors.meetingWeekday?.message}>
            {(field) => (
              <select className={selectClass} {...field} {...form.register('meetingWeekday')}>
                {WEEKDAYS.map((day, index) => (
                  <option key={day} value={index + 1}>
                    {day.charAt(0).toUpperCase() + day.slice(1)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Heure *" error={errors.meetingTime?.message}>
            {(field) => <Input type="time" {...field} {...form.register('meetingTime')} />}
          </FormField>
          <DialogFooter className="sm:col-span-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Annuler
              </Button>
            </DialogClose>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Enregistrement…' : editing ? 'Enregistrer' : 'Créer le groupe'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
