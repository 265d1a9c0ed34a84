import { zodResolver } from '@hookform/resolvers/zod';
import { groupMessages } from '@synergie/shared/group-constants';
import { type ApplicationFormInput, applicationFormSchema } from '@synergie/shared/groups';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Textarea } from '~/components/ui/textarea';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { useApplyToGroup } from '../api/applications';
import { FormError } from './form-error';

/** `Postuler`: the seat of the member's trade, with an optional message to the leaders. */
export default function ApplyForm({ groupId }: { groupId: string }) {
  const apply = useApplyToGroup();
  const form = useForm<ApplicationFormInput, unknown, z.output<typeof applicationFormSchema>>({
    resolver: zodResolver(applicationFormSchema),
    defaultValues: { message: '' },
  });
  const onSubmit = form.handleSubmit(async (input) => {
    form.clearErrors('root');
    try {
      await apply.mutateAsync({ groupId, ...input });
    } catch (error) {
      form.setError('root', { message: apiErrorMessage(error, 'Votre candidature n’a pas pu être envoyée.') });
      return;
    }
    notify.success('Votre candidature a été envoyée aux membres du groupe.');
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Postuler à ce groupe" className="flex flex-col gap-3">
      <FormField
        label="Message aux responsables du groupe (facultatif)"
        error={form.formState.errors.message?.message}
        hint="Votre candidature est montrée aux membres du groupe pendant 7 jours avant la décision d’un responsable."
      >
        {(field) => <Textarea rows={4} {...field} {...form.register('message')} />}
      </FormField>
      <FormError message={form.formState.errors.root?.message} />
      <div>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          <Send aria-hidden="true" />
          {form.formState.isSubmitting ? 'Envoi en cours…' : groupMessages.apply}
        </Button>
      </div>
    </form>
  );
}
