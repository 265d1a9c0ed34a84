import { zodResolver } from '@hookform/resolvers/zod';
import {
  RECOMMENDATION_LIMITS as L,
  type TestimonialFormInput,
  testimonialFormSchema,
} from '@synergie/shared/recommendations';
import { Loader2, Send } from 'lucide-react';
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
import { Textarea } from '~/components/ui/textarea';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { useWriteTestimonial } from '../api/testimonials';

/** The testimonial form (the shared schema): sent to the member, who publishes it or not. */
export default function TestimonialDialog({
  subjectId,
  subjectName,
  onClose,
}: {
  subjectId: string;
  subjectName: string;
  onClose: () => void;
}) {
  const write = useWriteTestimonial();
  const form = useForm<TestimonialFormInput, unknown, TestimonialFormInput>({
    resolver: zodResolver(testimonialFormSchema),
    defaultValues: { subjectId, body: '' },
  });

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await write.mutateAsync(input);
    } catch (error) {
      notify.error(apiErrorMessage(error, 'Impossible d’envoyer ce témoignage.'));
      return;
    }
    notify.success(`Témoignage envoyé\u00a0: ${subjectName} choisira de le publier.`);
    onClose();
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Écrire un témoignage pour {subjectName}</DialogTitle>
          <DialogDescription>
            Il paraîtra sur sa page de membre une fois qu’il l’aura publié. Si vous en avez déjà écrit un, celui-ci le
            remplace.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Écrire un témoignage">
          <FormField
            label="Votre témoignage"
            hint={`De ${L.testimonialMin} à ${L.testimonial} caractères.`}
            error={form.formState.errors.body?.message}
          >
            {(field) => <Textarea rows={6} maxLength={L.testimonial} {...field} {...form.register('body')} />}
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Annuler
              </Button>
            </DialogClose>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? (
                <Loader2 aria-hidden="true" className="animate-spin" />
              ) : (
                <Send aria-hidden="true" />
              )}
              Envoyer le témoignage
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
