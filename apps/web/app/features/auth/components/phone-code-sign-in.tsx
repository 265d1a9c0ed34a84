import { zodResolver } from '@hookform/resolvers/zod';
import { displayPhone, type PhoneCodeRequestInput, phoneCodeRequestSchema } from '@synergie/shared/sign-in-phone';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { useSendPhoneCode, useSignInWithPhoneCode } from '../api/phone-code';
import { SixDigitCodeForm } from './six-digit-code-form';
import { StepHeading } from './step-heading';

/**
 * Sign-in by a one-time code sent by SMS to the number a member added on /profile: the number,
 * then the 6-digit code. With two-factor on, `onSecondFactor` opens the authenticator step.
 */
export function PhoneCodeSignIn({ onBack, onSecondFactor }: { onBack: () => void; onSecondFactor: () => void }) {
  const [phoneNumber, setPhoneNumber] = useState<string | null>(null);
  const send = useSendPhoneCode();
  const signIn = useSignInWithPhoneCode();

  return (
    <div className="flex flex-col gap-4">
      <StepHeading>Recevoir un code par SMS</StepHeading>
      {phoneNumber === null ? (
        <PhoneNumberForm
          pending={send.isPending}
          submitLabel="Envoyer le code"
          onSubmit={(e164) => send.mutate({ phoneNumber: e164 }, { onSuccess: () => setPhoneNumber(e164) })}
        />
      ) : (
        <>
          <p className="text-sm text-slate-700">
            Saisissez le code à 6 chiffres envoyé au <strong>{displayPhone(phoneNumber)}</strong>.
          </p>
          <SixDigitCodeForm
            label="Code reçu par SMS"
            submitLabel="Se connecter"
            pending={signIn.isPending}
            onSubmit={(code) =>
              signIn.mutate(
                { phoneNumber, code },
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
                onClick={() => send.mutate({ phoneNumber })}
              >
                Renvoyer le code
              </Button>
              <Button type="button" variant="link" className="px-0" onClick={() => setPhoneNumber(null)}>
                Changer de numéro
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

/** A phone number, typed as the member likes (`06 12 34 56 78`), handed on in E.164. */
export function PhoneNumberForm({
  pending,
  submitLabel,
  onSubmit,
}: {
  pending: boolean;
  submitLabel: string;
  onSubmit: (e164: string) => void;
}) {
  const form = useForm<PhoneCodeRequestInput>({
    resolver: zodResolver(phoneCodeRequestSchema),
    defaultValues: { phoneNumber: '' },
  });
  return (
    <form
      onSubmit={form.handleSubmit((values) => onSubmit(phoneCodeRequestSchema.parse(values).phoneNumber))}
      noValidate
      className="flex flex-col gap-4"
    >
      <FormField label="Téléphone" error={form.formState.errors.phoneNumber?.message}>
        {(field) => (
          <Input
            type="tel"
            autoComplete="tel"
            placeholder="06 12 34 56 78"
            {...field}
            {...form.register('phoneNumber')}
          />
        )}
      </FormField>
      <Button type="submit" disabled={pending}>
        {pending ? 'Envoi en cours…' : submitLabel}
      </Button>
    </form>
  );
}
