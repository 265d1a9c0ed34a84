import { zodResolver } from '@hookform/resolvers/zod';
import { type OtpRequestInput, otpRequestSchema } from '@synergie/shared/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { useSendSignInCode } from '../api/send-sign-in-code';
import { useSignInWithCode } from '../api/sign-in-code';
import { SixDigitCodeForm } from './six-digit-code-form';
import { StepHeading } from './step-heading';

/**
 * Sign-in by a one-time code sent by email: the address, then the 6-digit code. With two-factor
 * on, `onSecondFactor` opens the authenticator step.
 */
export function EmailCodeSignIn({ onBack, onSecondFactor }: { onBack: () => void; onSecondFactor: () => void }) {
  const [email, setEmail] = useState<string | null>(null);
  const send = useSendSignInCode();
  const signIn = useSignInWithCode();

  return (
    <div className="flex flex-col gap-4">
      <StepHeading>Recevoir un code par email</StepHeading>
      {email === null ? (
        <CodeRequestForm
          pending={send.isPending}
          onSubmit={(values) => send.mutate(values, { onSuccess: () => setEmail(values.email.trim()) })}
        />
      ) : (
        <>
          <p className="text-sm text-slate-700">
            Saisissez le code à 6 chiffres envoyé à <strong>{email}</strong>.
          </p>
          <SixDigitCodeForm
            label="Code reçu par email"
            submitLabel="Se connecter"
            pending={signIn.isPending}
            onSubmit={(code) =>
              signIn.mutate(
                { email, code },
                {
                  onSuccess: (result) => {
                    if (!result.signedIn) onSecondFactor();
                  },
                },
              )
            }
          >
            <div className="flex flex-wrap justify-between gap-2">
              <Button
                type="button"
                variant="link"
                className="px-0"
                disabled={send.isPending}
                onClick={() => send.mutate({ email })}
              >
                Renvoyer le code
              </Button>
              <Button type="button" variant="link" className="px-0" onClick={() => setEmail(null)}>
                Changer d’adresse
              </Button>
            </div>
          </SixDigitCodeForm>
        </>
      )}
      <Button type="button" variant="outline" onClick={onBack}>
        Se connecter avec un mot de passe
      </Button>
    </div>
  );
}

function CodeRequestForm({ pending, onSubmit }: { pending: boolean; onSubmit: (values: OtpRequestInput) => void }) {
  const form = useForm<OtpRequestInput>({ resolver: zodResolver(otpRequestSchema), defaultValues: { email: '' } });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="flex flex-col gap-4">
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
      <Button type="submit" disabled={pending}>
        {pending ? 'Envoi en cours…' : 'Envoyer le code'}
      </Button>
    </form>
  );
}
