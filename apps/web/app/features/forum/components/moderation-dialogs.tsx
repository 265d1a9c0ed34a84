import { zodResolver } from '@hookform/resolvers/zod';
import { forumModerationFormSchema, forumReportFormSchema, forumMessages as M } from '@synergie/shared/forum';
import { EyeOff, Flag, RotateCcw } from 'lucide-react';
import { useState } from 'react';
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
  DialogTrigger,
} from '~/components/ui/dialog';
import { FormField } from '~/components/ui/form-field';
import { Textarea } from '~/components/ui/textarea';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { type Target, useModerate, useReport } from '../api/forum';
import { RootError } from './forum-forms';

type ReportInput = z.input<typeof forumReportFormSchema>;
type ModerationInput = z.input<typeof forumModerationFormSchema>;

/** `Signaler`: a dialog with an optional reason; the category's leaders and the admins are told. */
export function ReportDialog({ target, what }: { target: Target; what: string }) {
  const [open, setOpen] = useState(false);
  const report = useReport();
  const form = useForm<ReportInput>({ resolver: zodResolver(forumReportFormSchema), defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (input) => {
    form.clearErrors('root');
    try {
      await report.mutateAsync({ target, reason: (input.reason as string | null | undefined) ?? null });
    } catch (error) {
      form.setError('root', { message: apiErrorMessage(error, 'Le signalement n’a pas pu être envoyé.') });
      return;
    }
    notify.success(M.reported);
    setOpen(false);
    form.reset({ reason: '' });
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="ghost" size="sm" aria-label={`${M.report} ${what}`}>
          <Flag aria-hidden="true" />
          {M.report}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Signaler ce message</DialogTitle>
          <DialogDescription>
            Les responsables de la catégorie et les administrateurs le liront. La raison est facultative.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormField label="Raison (facultatif)" error={errors.reason?.message}>
            {(field) => <Textarea rows={3} {...field} {...form.register('reason')} />}
          </FormField>
          <RootError message={errors.root?.message} />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Annuler
              </Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Envoi…' : 'Envoyer le signalement'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** `Masquer` or `Rétablir` (leaders of the category's group, admins): the reason is required and kept. */
export function ModerateDialog({
  target,
  action,
  what,
  onDone,
}: {
  target: Target;
  action: 'hide' | 'restore';
  what: string;
  onDone?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const moderate = useModerate();
  const form = useForm<ModerationInput>({
    resolver: zodResolver(forumModerationFormSchema),
    defaultValues: { reason: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const label = action === 'hide' ? M.hide : M.restore;
  const submit = form.handleSubmit(async (input) => {
    form.clearErrors('root');
    try {
      await moderate.mutateAsync({ target, action, reason: input.reason });
    } catch (error) {
      form.setError('root', { message: apiErrorMessage(error, 'La modération n’a pas pu être enregistrée.') });
      return;
    }
    notify.success(action === 'hide' ? 'Message masqué.' : 'Message rétabli.');
    setOpen(false);
    form.reset({ reason: '' });
    onDone?.();
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm" aria-label={`${label} ${what}`}>
          {action === 'hide' ? <EyeOff aria-hidden="true" /> : <RotateCcw aria-hidden="true" />}
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{action === 'hide' ? 'Masquer ce message' : 'Rétablir ce message'}</DialogTitle>
          <DialogDescription>
            {action === 'hide'
              ? 'Le message reste conservé pour l’historique\u202f; les membres voient qu’il est masqué.'
              : 'Le message redevient visible de tous ceux qui peuvent lire le sujet.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormField label="Raison" error={errors.reason?.message}>
            {(field) => <Textarea rows={3} {...field} {...form.register('reason')} />}
          </FormField>
          <RootError message={errors.root?.message} />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Annuler
              </Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Enregistrement…' : label}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
