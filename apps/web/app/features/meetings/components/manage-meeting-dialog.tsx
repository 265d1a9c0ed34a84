import { zodResolver } from '@hookform/resolvers/zod';
import { changeMeetingSchema } from '@synergie/shared/meetings';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
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
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { type MeetingSummary, useChangeMeeting, useMeeting, useSetPresenter } from '../api/meetings';
import { meetingWhen, parisFields, parisToIso } from '../lib/paris';

/** The form's fields: a Paris day and times, turned into instants for the shared schema. */
const formSchema = z
  .object({
    action: z.enum(['move', 'cancel']),
    date: z.string(),
    start: z.string(),
    end: z.string(),
    place: z.string(),
    message: z.string(),
  })
  .transform((v, ctx) => {
    const input =
      v.action === 'cancel'
        ? { action: 'cancel' as const, message: v.message }
        : {
            action: 'move' as const,
            startsAt: parisToIso(v.date, v.start),
            endsAt: parisToIso(v.date, v.end),
            place: v.place,
            message: v.message,
          };
    const parsed = changeMeetingSchema.safeParse(input);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      const field = key === 'startsAt' ? 'start' : key === 'endsAt' ? 'end' : key;
      ctx.addIssue({ code: 'custom', message: issue.message, path: [typeof field === 'string' ? field : 'message'] });
    }
    return z.NEVER;
  });
type FormInput = z.input<typeof formSchema>;

/** Leaders move or cancel a meeting (with a message to every member) and set its presenter. */
export default function ManageMeetingDialog({
  groupId,
  meeting,
  onClose,
}: {
  groupId: string;
  meeting: MeetingSummary;
  onClose: () => void;
}) {
  const change = useChangeMeeting(groupId, meeting.id);
  const presenter = useSetPresenter(groupId, meeting.id);
  const detail = useMeeting(meeting.id);
  const [presenterError, setPresenterError] = useState<string | null>(null);
  const start = parisFields(meeting.startsAt);
  const form = useForm<FormInput, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      action: 'move',
      date: start.date,
      start: start.time,
      end: parisFields(meeting.endsAt).time,
      place: meeting.place,
      message: '',
    },
  });
  const action = form.watch('action');
  const cancelled = meeting.status === 'cancelled';
  const submit = form.handleSubmit(async (input) => {
    try {
      await change.mutateAsync(input);
    } catch (error) {
      form.setError('root', { message: apiErrorMessage(error, 'La réunion n’a pas pu être modifiée.') });
      return;
    }
    notify.success(
      input.action === 'cancel'
        ? 'Réunion annulée, les membres sont prévenus.'
        : 'Réunion déplacée, les membres sont prévenus.',
    );
    onClose();
  });
  const choosePresenter = async (value: string) => {
    setPresenterError(null);
    try {
      await presenter.mutateAsync({ presenterId: value || null });
      notify.success('Présentation de la semaine enregistrée.');
    } catch (error) {
      setPresenterError(apiErrorMessage(error, 'Le présentateur n’a pas pu être enregistré.'));
    }
  };
  const title = `Réunion du ${meetingWhen(meeting.startsAt)}`;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            Déplacez ou annulez la réunion : chaque membre du groupe reçoit votre message.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2">
          <label htmlFor="meeting-presenter" className="text-sm font-medium text-slate-900">
            Présentation de la semaine
          </label>
          <select
            id="meeting-presenter"
            className="h-10 rounded-md border border-slate-300 bg-white px-3"
            value={detail.data?.presenter?.id ?? ''}
            disabled={!detail.data || presenter.isPending}
            onChange={(e) => choosePresenter(e.target.value)}
          >
            <option value="">Personne pour le moment</option>
            {detail.data?.agenda.round.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
                {m.trade ? ` (${m.trade})` : ''}
              </option>
            ))}
          </select>
          {presenterError ? (
            <p role="alert" className="text-sm text-red-700">
              {presenterError}
            </p>
          ) : null}
        </div>
        {cancelled ? (
          <p className="text-slate-700">Cette réunion est annulée : elle ne peut plus être déplacée.</p>
        ) : (
          <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={title}>
            <fieldset className="flex gap-4">
              <legend className="sr-only">Action</legend>
              <label className="flex items-center gap-2">
                <input type="radio" value="move" {...form.register('action')} /> Déplacer
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" value="cancel" {...form.register('action')} /> Annuler la réunion
              </label>
            </fieldset>
            {action === 'move' ? (
              <>
                <FormField label="Date" error={form.formState.errors.date?.message}>
                  {(field) => <Input type="date" {...field} {...form.register('date')} />}
                </FormField>
                <div className="grid grid-cols-2 gap-4">
                  <FormField label="Début" error={form.formState.errors.start?.message}>
                    {(field) => <Input type="time" {...field} {...form.register('start')} />}
                  </FormField>
                  <FormField label="Fin" error={form.formState.errors.end?.message}>
                    {(field) => <Input type="time" {...field} {...form.register('end')} />}
                  </FormField>
                </div>
                <FormField label="Lieu" error={form.formState.errors.place?.message}>
                  {(field) => <Input {...field} {...form.register('place')} />}
                </FormField>
              </>
            ) : null}
            <FormField label="Message aux membres" error={form.formState.errors.message?.message}>
              {(field) => <Textarea rows={4} {...field} {...form.register('message')} />}
            </FormField>
            {form.formState.errors.root?.message ? (
              <p role="alert" className="text-sm text-red-700">
                {form.formState.errors.root.message}
              </p>
            ) : null}
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  Fermer
                </Button>
              </DialogClose>
              <Button
                type="submit"
                variant={action === 'cancel' ? 'destructive' : 'default'}
                disabled={form.formState.isSubmitting}
              >
                {form.formState.isSubmitting
                  ? 'Envoi en cours…'
                  : action === 'cancel'
                    ? 'Annuler la réunion'
                    : 'Déplacer la réunion'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
