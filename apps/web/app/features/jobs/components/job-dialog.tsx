import { zodResolver } from '@hookform/resolvers/zod';
import { type CreateJob, type CreateJobInput, createJobSchema, jobMessages } from '@synergie/shared/jobs';
import { Send } from 'lucide-react';
import { type FieldErrors, useForm } from 'react-hook-form';
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
import { Input } from '~/components/ui/input';
import { Textarea } from '~/components/ui/textarea';
import { ApiRequestError, apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { useCreateJob } from '../api/create-job';

const FIELDS = ['title', 'location', 'type', 'experience', 'description', 'skills'] as const;
type Field = (typeof FIELDS)[number];

/** Spec section 5: only the first failing message is shown, in the order of the fields. */
function firstError(errors: FieldErrors<CreateJobInput>): { field: Field; message: string } | null {
  for (const field of FIELDS) {
    const message = errors[field]?.message;
    if (message) return { field, message };
  }
  return null;
}

const emptyOffer: CreateJobInput = { title: '', location: '', type: '', experience: '', description: '', skills: '' };

/** 'Publier une offre': every rule of the shared schema; closing the dialog drops what was typed. */
export default function JobDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateJob();
  const navigate = useNavigate();
  const form = useForm<CreateJobInput, unknown, CreateJob>({
    resolver: zodResolver(createJobSchema),
    defaultValues: emptyOffer,
  });
  const first = firstError(form.formState.errors);
  const errorOf = (field: Field) => (first?.field === field ? first.message : undefined);

  const onSubmit = form.handleSubmit(async (offer) => {
    try {
      await create.mutateAsync(offer);
    } catch (error) {
      notify.error(apiErrorMessage(error, jobMessages.createFailed));
      // The session ended meanwhile: the server said so (401), sign in again.
      if (error instanceof ApiRequestError && error.status === 401) void navigate('/auth');
      return;
    }
    notify.success(jobMessages.created);
    onClose();
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Publier une offre</DialogTitle>
          <DialogDescription>
            Décrivez le poste&nbsp;: les membres du réseau pourront postuler et vous recevrez leurs candidatures par
            email.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Publier une offre">
          <FormField label="Titre du poste" error={errorOf('title')}>
            {(field) => <Input placeholder="Développeur web confirmé" {...field} {...form.register('title')} />}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField label="Localisation" error={errorOf('location')}>
              {(field) => <Input placeholder="Lyon" {...field} {...form.register('location')} />}
            </FormField>
            <FormField label="Type de contrat" error={errorOf('type')}>
              {(field) => <Input placeholder="CDI" {...field} {...form.register('type')} />}
            </FormField>
            <FormField label="Expérience" error={errorOf('experience')}>
              {(field) => <Input placeholder="3 ans minimum" {...field} {...form.register('experience')} />}
            </FormField>
          </div>
          <FormField label="Description" error={errorOf('description')}>
            {(field) => (
              <Textarea
                rows={6}
                placeholder="Missions, équipe, conditions…"
                {...field}
                {...form.register('description')}
              />
            )}
          </FormField>
          <FormField label="Compétences" hint="Séparées par des virgules (20 au maximum)." error={errorOf('skills')}>
            {(field) => <Input placeholder="React, TypeScript, Node.js" {...field} {...form.register('skills')} />}
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Annuler
              </Button>
            </DialogClose>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              <Send aria-hidden="true" />
              {form.formState.isSubmitting ? 'Publication…' : 'Publier l’offre'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
