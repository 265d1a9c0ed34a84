import { zodResolver } from '@hookform/resolvers/zod';
import { type ContactInput, contactMessages, contactSchema } from '@synergie/shared/contact';
import { pageFormPaths } from '@synergie/shared/page-forms';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { Textarea } from '~/components/ui/textarea';
import { notify } from '~/lib/toast';
import { useSendContact } from '../api/send-contact';

export function ContactForm() {
  const form = useForm<ContactInput>({
    resolver: zodResolver(contactSchema),
    defaultValues: { name: '', email: '', message: '' },
  });
  const send = useSendContact();
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      notify.success(contactMessages.success);
      form.reset();
    } catch {
      notify.error(contactMessages.failure);
    }
  });

  return (
    // A real form (method and action): without scripts the browser posts it and the server
    // answers (docs/decisions/0012); hydrated, React's handler prevents that and sends it itself.
    <form
      method="post"
      action={pageFormPaths.contact}
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-5"
      aria-label="Formulaire de contact"
    >
      <FormField label="Nom complet" error={errors.name?.message}>
        {(field) => <Input autoComplete="name" placeholder="Jean Dupont" {...field} {...form.register('name')} />}
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        {(field) => (
          <Input
            type="email"
            autoComplete="email"
            placeholder="jean.dupont@exemple.fr"
            {...field}
            {...form.register('email')}
          />
        )}
      </FormField>
      <FormField label="Message" error={errors.message?.message}>
        {(field) => <Textarea rows={6} placeholder="Votre message…" {...field} {...form.register('message')} />}
      </FormField>
      <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
        <Send aria-hidden="true" />
        {form.formState.isSubmitting ? contactMessages.sending : 'Envoyer le message'}
      </Button>
    </form>
  );
}
