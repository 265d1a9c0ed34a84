import { zodResolver } from '@hookform/resolvers/zod';
import { type ConfirmPasswordInput, confirmPasswordSchema } from '@synergie/shared/auth';
import type * as React from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { PasswordInput } from './password-input';

/** Sensitive changes (two-factor on or off) ask the current password again. */
export function ConfirmPasswordForm({
  label,
  hint,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  label: string;
  hint?: React.ReactNode;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: ConfirmPasswordInput) => void;
  onCancel: () => void;
}) {
  const form = useForm<ConfirmPasswordInput>({
    resolver: zodResolver(confirmPasswordSchema),
    defaultValues: { password: '' },
  });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="flex flex-col gap-4" aria-label={label}>
      <FormField label="Mot de passe actuel" hint={hint} error={form.formState.errors.password?.message}>
        {(field) => <PasswordInput autoComplete="current-password" {...field} {...form.register('password')} />}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? 'Vérification…' : submitLabel}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Annuler
        </Button>
      </div>
    </form>
  );
}
