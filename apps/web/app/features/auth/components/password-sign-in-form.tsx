import { zodResolver } from '@hookform/resolvers/zod';
import { type SignInInput, signInSchema } from '@synergie/shared/auth';
import { pageFormPaths } from '@synergie/shared/page-forms';
import { LogIn } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { useSignInWithPassword } from '../api/sign-in-password';
import { PasswordInput } from './password-input';

/** Email and password. When the account has two-factor on, `onSecondFactor` opens the code step. */
export function PasswordSignInForm({ onSecondFactor }: { onSecondFactor: () => void }) {
  const form = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });
  const signIn = useSignInWithPassword();
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    signIn.mutate(values, {
      onSuccess: (result) => {
        if (!result.signedIn) onSecondFactor();
      },
    }),
  );

  return (
    // Posted to the server when no script runs (never a GET: the password stays out of the
    // address); hydrated, React sends it (docs/decisions/0012).
    <form
      method="post"
      action={pageFormPaths.signIn}
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Connexion par mot de passe"
    >
      <FormField label="Email" error={errors.email?.message}>
        {(field) => (
          <Input
            type="email"
            autoComplete="username"
            placeholder="jean.dupont@exemple.fr"
            {...field}
            {...form.register('email')}
          />
        )}
      </FormField>
      <FormField label="Mot de passe" error={errors.password?.message}>
        {(field) => <PasswordInput autoComplete="current-password" {...field} {...form.register('password')} />}
      </FormField>
      <Link
        to="/reset-password"
        className="-mt-2 self-end text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
      >
        Mot de passe oublié ?
      </Link>
      <Button type="submit" size="lg" disabled={signIn.isPending}>
        <LogIn aria-hidden="true" />
        {signIn.isPending ? 'Connexion en cours…' : 'Se connecter'}
      </Button>
    </form>
  );
}
