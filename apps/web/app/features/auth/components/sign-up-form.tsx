import { zodResolver } from '@hookform/resolvers/zod';
import { authMessages, type SignUpInput, signUpSchema } from '@synergie/shared/auth';
import { pageFormPaths } from '@synergie/shared/page-forms';
import { MailCheck, UserPlus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { useSignUp } from '../api/sign-up';
import { PasswordInput } from './password-input';
import { PasswordRules } from './password-rules';

/** The Inscription tab: full name, email and a password following the rules of spec section 5. */
export function SignUpForm() {
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { fullName: '', email: '', password: '' },
  });
  const signUp = useSignUp();
  const { errors } = form.formState;
  const password = form.watch('password');

  if (signUp.isSuccess) {
    // The same words for a new address and for one that already has an account (issue 33).
    return (
      <div role="status" className="flex flex-col gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4">
        <p className="flex items-center gap-2 font-semibold text-emerald-900">
          <MailCheck aria-hidden="true" />
          Consultez votre boîte de réception
        </p>
        <p className="text-emerald-900">{authMessages.signUpRequested}</p>
        <Button type="button" variant="outline" className="self-start" onClick={() => signUp.reset()}>
          Revenir au formulaire
        </Button>
      </div>
    );
  }

  return (
    // Posted to the server when no script runs; hydrated, React sends it (docs/decisions/0012).
    <form
      method="post"
      action={pageFormPaths.signUp}
      onSubmit={form.handleSubmit((values) => signUp.mutate(values))}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Inscription"
    >
      <FormField label="Nom complet" error={errors.fullName?.message}>
        {(field) => <Input autoComplete="name" placeholder="Jean Dupont" {...field} {...form.register('fullName')} />}
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
      <FormField label="Mot de passe" error={errors.password?.message} hint={<PasswordRules value={password} />}>
        {(field) => <PasswordInput autoComplete="new-password" {...field} {...form.register('password')} />}
      </FormField>
      <Button type="submit" size="lg" disabled={signUp.isPending}>
        <UserPlus aria-hidden="true" />
        {signUp.isPending ? 'Création en cours…' : 'Créer mon compte'}
      </Button>
      <p className="text-sm text-slate-600">Un email de vérification vous sera envoyé pour confirmer votre adresse.</p>
    </form>
  );
}
