import { zodResolver } from '@hookform/resolvers/zod';
import { type ApplyToJob, type ApplyToJobInput, applyToJobSchema, jobMessages } from '@synergie/shared/jobs';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
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
import { ApiRequestError, apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { useApplyToJob } from '../api/apply-to-job';
import type { JobOffer } from '../api/get-jobs';

/** 'Postuler': asks why the member is interested (spec section 5), then sends it to the author. */
export default function ApplyDialog({ job, onClose }: { job: JobOffer; onClose: () => void }) {
  const apply = useApplyToJob();
  const navigate = useNavigate();
  const form = useForm<ApplyToJobInput, unknown, ApplyToJob>({
    resolver: zodResolver(applyToJobSchema),
    defaultValues: { message: '' },
  });

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await apply.mutateAsync({ jobId: job.id, ...input });
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 409) {
        notify.error(jobMessages.alreadyApplied);
        onClose();
        return;
      }
      notify.error(apiErrorMessage(error, jobMessages.applyFailed));
      // The session ended meanwhile: the server said so (401), sign in again.
      if (error instanceof ApiRequestError && error.status === 401) void navigate('/auth');
      return;
    }
    notify.success(jobMessages.applied);
    onClose();
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Postuler&nbsp;: {job.title}</DialogTitle>
          <DialogDescription>
            Votre message, votre nom, votre entreprise et votre email seront transmis à l’auteur de l’offre pour qu’il
            puisse vous répondre.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Postuler à l’offre">
          <FormField label={jobMessages.applyPrompt} error={form.formState.errors.message?.message}>
            {(field) => (
              <Textarea
                rows={6}
                placeholder="Présentez-vous et expliquez ce qui vous attire dans ce poste…"
                {...field}
                {...form.register('message')}
              />
            )}
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Annuler
              </Button>
            </DialogClose>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              <Send aria-hidden="true" />
              {form.formState.isSubmitting ? 'Envoi en cours…' : 'Envoyer ma candidature'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
