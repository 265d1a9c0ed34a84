import { zodResolver } from '@hookform/resolvers/zod';
import { authMessages, type ResetRequestInput, resetRequestSchema } from '@synergie/shared/auth';
import { pageFormPaths } from '@synergie/shared/page-forms';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { useRequestPasswordReset } from '../api/request-password-reset';

/** Asks for a reset link. The answer never tells whether the address has an account. */
export function ResetRequestForm() {
  const form = useForm<ResetRequestInput>({ resolver: zodResolver(resetRequestSchema), defaultValues: { email: '' } });
  const request = useRequestPasswordReset();

  return (
    <div className="flex flex-col gap-4">
      {request.isSuccess ? (
        <Alert variant="info">
          <MailCheck aria-hidden="true" className="size-4" />
          <AlertTitle>{authMessages.resetSent}</AlertTitle>
          <AlertDescription>{authMessages.resetSentDetail}</AlertDescription>
        </Alert>
      ) : null}
      {/* Posted to the server when no script runs; hydrated, React sends it (docs/decisions/0012). */}
      <form
        method="post"
        action={pageFormPaths.resetRequest}
        onSubmit={form.handleSubmit((values) => request.mutate(values))}
        noValidate
        className="flex flex-col gap-4"
        aria-label="Demande de réinitialisation du mot de passe"
      >
        <FormField label="Email" error={form.formState.errors.email?.message}>
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
        <Button type="submit" disabled={request.isPending}>
          {request.isPending ? 'Envoi en cours…' : 'Envoyer le lien de réinitialisation'}
        </Button>
      </form>
    </div>
  );
}
