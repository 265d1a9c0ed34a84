import { zodResolver } from '@hookform/resolvers/zod';
import { acceptApplicationSchema, refuseApplicationSchema } from '@synergie/shared/groups';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
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
import { Textarea } from '~/components/ui/textarea';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { useDecideApplication } from '../api/applications';
import type { Application } from '../api/get-my-group';
import { apiDateTime, isFuture } from '../lib/dates';
import { FormError } from './form-error';

export type Decision = 'accept' | 'refuse';

/** A leader's `Accepter` or `Refuser`, each its own form and shared schema (network-core §2, step 3). */
export default function DecisionDialog({
  decision,
  application,
  onClose,
}: {
  decision: Decision;
  application: Application;
  onClose: () => void;
}) {
  return decision === 'accept' ? (
    <AcceptDialog application={application} onClose={onClose} />
  ) : (
    <RefuseDialog application={application} onClose={onClose} />
  );
}

function AcceptDialog({ application, onClose }: { application: Application; onClose: () => void }) {
  const decide = useDecideApplication();
  const overrideId = useId();
  const form = useForm<z.input<typeof acceptApplicationSchema>, unknown, z.output<typeof acceptApplicationSchema>>({
    resolver: zodResolver(acceptApplicationSchema),
    defaultValues: { message: '', override: false },
  });
  const periodRuns = isFuture(application.objectionPeriodEndsAt);
  const objected = (application.objections?.length ?? 0) > 0;
  const submit = form.handleSubmit(async (input) => {
    try {
      await decide.mutateAsync({
        decision: 'accept',
        groupId: application.groupId,
        applicationId: application.id,
        ...input,
      });
    } catch (error) {
      form.setError('root', { message: apiErrorMessage(error, 'La candidature n’a pas pu être acceptée.') });
      return;
    }
    notify.success(`${application.fullName} rejoint le groupe.`);
    onClose();
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Accepter {application.fullName}</DialogTitle>
          <DialogDescription>
            Siège {application.tradeLabel}. {application.fullName} sera prévenu par email, avec votre message.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Accepter la candidature">
          <FormField label="Message au candidat (facultatif)" error={form.formState.errors.message?.message}>
            {(field) => <Textarea rows={4} {...field} {...form.register('message')} />}
          </FormField>
          {periodRuns ? (
            objected ? (
              <p className="text-sm text-slate-700">
                La période d’objection court jusqu’au {apiDateTime(application.objectionPeriodEndsAt)} et un membre a
                fait objection{'\u00a0'}: la candidature ne peut être acceptée qu’à la fin de la période.
              </p>
            ) : (
              <div className="flex items-start gap-2">
                <input
                  id={overrideId}
                  type="checkbox"
                  className="mt-1 size-4 accent-brand-700"
                  {...form.register('override')}
                />
                <label htmlFor={overrideId} className="text-sm text-slate-800">
                  Accepter sans attendre la fin de la période d’objection (
                  {apiDateTime(application.objectionPeriodEndsAt)})
                </label>
              </div>
            )
          ) : null}
          <FormError message={form.formState.errors.root?.message} />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Annuler
              </Button>
            </DialogClose>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Envoi en cours…' : 'Accepter'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function RefuseDialog({ application, onClose }: { application: Application; onClose: () => void }) {
  const decide = useDecideApplication();
  const form = useForm<z.input<typeof refuseApplicationSchema>, unknown, z.output<typeof refuseApplicationSchema>>({
    resolver: zodResolver(refuseApplicationSchema),
    defaultValues: { message: '' },
  });
  const submit = form.handleSubmit(async (input) => {
    try {
      await decide.mutateAsync({
        decision: 'refuse',
        groupId: application.groupId,
        applicationId: application.id,
        ...input,
      });
    } catch (error) {
      form.setError('root', { message: apiErrorMessage(error, 'La candidature n’a pas pu être refusée.') });
      return;
    }
    notify.success(`La candidature de ${application.fullName} a été refusée.`);
    onClose();
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Refuser {application.fullName}</DialogTitle>
          <DialogDescription>
            Siège {application.tradeLabel}. {application.fullName} recevra votre message par email.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Refuser la candidature">
          <FormField label="Message au candidat" error={form.formState.errors.message?.message}>
            {(field) => <Textarea rows={4} {...field} {...form.register('message')} />}
          </FormField>
          <FormError message={form.formState.errors.root?.message} />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Annuler
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Envoi en cours…' : 'Refuser'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
