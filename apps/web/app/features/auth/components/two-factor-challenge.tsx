import { zodResolver } from '@hookform/resolvers/zod';
import { type BackupCodeInput, backupCodeSchema } from '@synergie/shared/auth';
import type * as React from 'react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { useVerifySecondFactor } from '../api/verify-two-factor';
import { SixDigitCodeForm } from './six-digit-code-form';
import { StepHeading } from './step-heading';

/** The second step of a password sign-in: the authenticator app's code, or one backup code. */
export function TwoFactorChallenge({ onBack }: { onBack: () => void }) {
  const [method, setMethod] = useState<'totp' | 'backup'>('totp');
  const verify = useVerifySecondFactor();

  return (
    <div className="flex flex-col gap-4">
      <StepHeading>Vérification en deux étapes</StepHeading>
      {method === 'totp' ? (
        <SixDigitCodeForm
          key="totp"
          label="Code de l’application d’authentification"
          hint="Ouvrez votre application d’authentification et saisissez le code à 6 chiffres affiché pour Synergie Pro."
          submitLabel="Vérifier"
          pending={verify.isPending}
          onSubmit={(code) => verify.mutate({ method: 'totp', code })}
        >
          <Button type="button" variant="link" className="self-start px-0" onClick={() => setMethod('backup')}>
            Utiliser un code de secours
          </Button>
        </SixDigitCodeForm>
      ) : (
        <BackupCodeForm pending={verify.isPending} onSubmit={(code) => verify.mutate({ method: 'backup', code })}>
          <Button type="button" variant="link" className="self-start px-0" onClick={() => setMethod('totp')}>
            Utiliser l’application d’authentification
          </Button>
        </BackupCodeForm>
      )}
      <Button type="button" variant="outline" onClick={onBack}>
        Retour
      </Button>
    </div>
  );
}

function BackupCodeForm({
  pending,
  onSubmit,
  children,
}: {
  pending: boolean;
  onSubmit: (code: string) => void;
  children: React.ReactNode;
}) {
  const form = useForm<BackupCodeInput>({ resolver: zodResolver(backupCodeSchema), defaultValues: { code: '' } });
  return (
    <form
      onSubmit={form.handleSubmit((values) => onSubmit(values.code.trim()))}
      noValidate
      className="flex flex-col gap-4"
    >
      <FormField
        label="Code de secours"
        hint="Un des codes de secours conservés lors de l’activation. Chaque code ne sert qu’une fois."
        error={form.formState.errors.code?.message}
      >
        {(field) => (
          <Input autoComplete="off" spellCheck={false} className="font-mono" {...field} {...form.register('code')} />
        )}
      </FormField>
      <Button type="submit" disabled={pending}>
        {pending ? 'Vérification…' : 'Vérifier'}
      </Button>
      {children}
    </form>
  );
}
