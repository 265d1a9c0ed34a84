import { zodResolver } from '@hookform/resolvers/zod';
import { type UpdatePasswordInput, updatePasswordSchema } from '@synergie/shared/auth';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { useResetPassword } from '../api/reset-password';
import { PasswordInput } from './password-input';
import { PasswordRules } from './password-rules';

/** The new password, twice, with the emailed token; then home (spec section 4). */
export function UpdatePasswordForm({ token }: { token: string }) {
  const form = useForm<UpdatePasswordInput>({
    resolver: zodResolver(updatePasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const reset = useResetPassword();
  const navigate = useNavigate();
  const { errors } = form.formState;
  const password = form.watch('password');

  return (
    <form
      onSubmit={form.handleSubmit(({ password }) =>
        reset.mutate({ token, password }, { onSuccess: () => navigate('/', { replace: true }) }),
      )}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Choisir un nouveau mot de passe"
    >
      <FormField
        label="Nouveau mot de passe"
        error={errors.password?.message}
        hint={<PasswordRules value={password} />}
      >
        {(field) => <PasswordInput autoComplete="new-password" {...field} {...form.register('password')} />}
      </FormField>
      <FormField label="Confirmer le mot de passe" error={errors.confirmPassword?.message}>
        {(field) => <PasswordInput autoComplete="new-password" {...field} {...form.register('confirmPassword')} />}
      </FormField>
      <Button type="submit" disabled={reset.isPending}>
        {reset.isPending ? 'Mise à jour…' : 'Mettre à jour le mot de passe'}
      </Button>
    </form>
  );
}
