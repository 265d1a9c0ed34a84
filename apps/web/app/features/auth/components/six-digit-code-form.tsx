import { zodResolver } from '@hookform/resolvers/zod';
import { type TotpCodeInput, totpCodeSchema } from '@synergie/shared/auth';
import type * as React from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';

/** One 6-digit code (emailed sign-in code or authenticator app), spaces allowed. */
export function SixDigitCodeForm({
  label,
  submitLabel,
  pendingLabel = 'Vérification…',
  pending,
  hint,
  onSubmit,
  children,
}: {
  label: string;
  submitLabel: string;
  pendingLabel?: string;
  pending: boolean;
  hint?: React.ReactNode;
  onSubmit: (code: string) => void;
  /** Secondary actions shown under the submit button. */
  children?: React.ReactNode;
}) {
  const form = useForm<TotpCodeInput>({ resolver: zodResolver(totpCodeSchema), defaultValues: { code: '' } });
  const submit = form.handleSubmit((values) => onSubmit(totpCodeSchema.parse(values).code));
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormField label={label} error={form.formState.errors.code?.message} hint={hint}>
        {(field) => (
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="123456"
            maxLength={9}
            className="font-mono tracking-widest"
            {...field}
            {...form.register('code')}
          />
        )}
      </FormField>
      <Button type="submit" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
      {children}
    </form>
  );
}
