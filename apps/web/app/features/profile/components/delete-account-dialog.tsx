import { deleteAccountSchema, profileMessages } from '@synergie/shared/profile';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '~/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '~/components/ui/dialog';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { forgetDeletedAccount, useDeleteAccount } from '../api/delete-account';

/** As the server compares them (deleteAccountSchema): spaces and capitals do not count. */
const normalise = (email: string) => email.trim().toLowerCase();

/** 'Supprimer mon compte': the member types their email to confirm, then leaves for the home page. */
export function DeleteAccountDialog({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const deleteAccount = useDeleteAccount();
  const form = useForm<{ confirmEmail: string }>({ defaultValues: { confirmEmail: '' } });
  const error = form.formState.errors.confirmEmail?.message;

  const onSubmit = form.handleSubmit(async ({ confirmEmail }) => {
    try {
      await deleteAccount.mutateAsync(deleteAccountSchema.parse({ confirmEmail }));
    } catch (failure) {
      notify.error(apiErrorMessage(failure, 'Erreur lors de la suppression du compte'));
      return;
    }
    notify.success(profileMessages.accountDeleted);
    // Home at once (flushSync), the session already empty: the profile's queries unmount
    // without asking again, and home does not send a member on to `Aujourd'hui`.
    await forgetDeletedAccount(queryClient, () => navigate('/', { replace: true, flushSync: true }));
  });

  return (
    <Dialog onOpenChange={(open) => !open && form.reset()}>
      <DialogTrigger asChild>
        <Button type="button" variant="destructive" className="self-start">
          <Trash2 aria-hidden="true" />
          Supprimer mon compte
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Supprimer mon compte</DialogTitle>
          <DialogDescription>
            Cette action est définitive. Pour confirmer, saisissez l’adresse email de votre compte&nbsp;:{' '}
            <strong className="break-all text-slate-900">{email}</strong>
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <FormField label="Adresse email" error={error}>
            {(field) => (
              <Input
                type="email"
                autoComplete="off"
                spellCheck={false}
                {...field}
                {...form.register('confirmEmail', {
                  validate: (value) => normalise(value) === normalise(email) || profileMessages.deleteConfirmMismatch,
                })}
              />
            )}
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Annuler
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={deleteAccount.isPending}>
              {deleteAccount.isPending ? 'Suppression…' : 'Supprimer définitivement'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
