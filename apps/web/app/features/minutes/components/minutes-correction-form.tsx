import { zodResolver } from '@hookform/resolvers/zod';
import { formatDateTime } from '@synergie/shared/format';
import {
  type MinutesCorrection,
  type MinutesCorrectionInput,
  minutesCorrectionSchema,
  minutesLabels,
  minutesMessages,
} from '@synergie/shared/minutes';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { Textarea } from '~/components/ui/textarea';
import { ApiRequestError, apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { type MeetingMinutes, useCorrectMinutes } from '../api/minutes';

const FIELDS = ['notes', 'nextPresenterName'] as const;

/**
 * `Corriger le compte rendu` (the leaders, within 48 hours): the notes and next week's presenter,
 * checked with the shared rules, sent with the version read. Another leader's correction in
 * between answers 409: its message is shown, and the page reloads the minutes.
 */
export default function MinutesCorrectionForm({
  groupId,
  minutes,
  onStale,
}: {
  groupId: string;
  minutes: MeetingMinutes;
  onStale: () => unknown;
}) {
  const correct = useCorrectMinutes(groupId, minutes.meetingId);
  const [stale, setStale] = useState<string | null>(null);
  const form = useForm<MinutesCorrectionInput, unknown, MinutesCorrection>({
    resolver: zodResolver(minutesCorrectionSchema),
    values: {
      version: minutes.version,
      notes: minutes.content.notes ?? '',
      nextPresenterName: minutes.content.nextPresenter?.name ?? '',
    },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (body) => {
    form.clearErrors('root');
    setStale(null);
    try {
      await correct.mutateAsync(body);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 409) {
        setStale(error.message);
        await onStale();
        return;
      }
      if (error instanceof ApiRequestError && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) {
          if ((FIELDS as readonly string[]).includes(field))
            form.setError(field as (typeof FIELDS)[number], { message });
        }
      }
      form.setError('root', { message: apiErrorMessage(error, 'Le compte rendu n’a pas pu être corrigé.') });
      if (error instanceof ApiRequestError && error.status === 423) await onStale();
      return;
    }
    notify.success(minutesMessages.saved);
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={minutesMessages.correct}
      className="flex flex-col gap-4 border-t border-slate-200 pt-4"
    >
      <h3 className="text-lg font-semibold text-slate-900">{minutesMessages.correct}</h3>
      <p className="text-sm text-slate-600">
        {minutesMessages.correctHint(formatDateTime(new Date(minutes.lockedAt)))}
      </p>
      <FormField label={minutesLabels.notesLabel} error={errors.notes?.message}>
        {(field) => <Textarea rows={4} {...field} {...form.register('notes')} />}
      </FormField>
      <FormField label={minutesLabels.presenterLabel} error={errors.nextPresenterName?.message}>
        {(field) => <Input {...field} {...form.register('nextPresenterName')} />}
      </FormField>
      {stale ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {stale}
        </p>
      ) : null}
      {errors.root?.message ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errors.root.message}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={correct.isPending}>
          {correct.isPending ? minutesLabels.saving : minutesMessages.save}
        </Button>
      </div>
    </form>
  );
}
