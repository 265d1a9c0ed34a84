import { zodResolver } from '@hookform/resolvers/zod';
import type * as React from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '~/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog';
import { FormField } from '~/components/ui/form-field';
import { Textarea } from '~/components/ui/textarea';
import { apiErrorMessage } from '~/lib/api-client';
import { FormError } from './form-error';

type ReasonSchema = z.ZodType<{ reason: string }, { reason: string }>;

/**
 * A dialog that asks for a reason and sends it (objection, leaving, removal): the schema is the
 * shared one of that action; the server's French refusal shows in the form. Radix moves focus
 * into the dialog (the text area first) and back to what opened it.
 */
export function ReasonDialog({
  title,
  description,
  label,
  submitLabel,
  pendingLabel = 'Envoi en cours…',
  destructive = false,
  schema,
  onSubmit,
  onClose,
  fallbackError,
}: {
  title: string;
  description: React.ReactNode;
  label: string;
  submitLabel: string;
  pendingLabel?: string;
  destructive?: boolean;
  schema: ReasonSchema;
  onSubmit: (input: { reason: string }) => Promise<unknown>;
  onClose: () => void;
  fallbackError: string;
}) {
  const form = useForm<{ reason: string }>({ resolver: zodResolver(schema), defaultValues: { reason: '' } });
  const submit = form.handleSubmit(async (input) => {
    try {
      await onSubmit(input);
    } catch (error) {
      form.setError('root', { message: apiErrorMessage(error, fallbackError) });
      return;
    }
    onClose();
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={title}>
          <FormField label={label} error={form.formState.errors.reason?.message}>
            {(field) => <Textarea rows={5} {...field} {...form.register('reason')} />}
          </FormField>
          <FormError message={form.formState.errors.root?.message} />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Annuler
              </Button>
            </DialogClose>
            <Button
              type="submit"
              variant={destructive ? 'destructive' : 'default'}
              disabled={form.formState.isSubmitting}
            >
              {form.formState.isSubmitting ? pendingLabel : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
