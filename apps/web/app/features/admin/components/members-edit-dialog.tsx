import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminMemberUpdate,
  type AdminMemberUpdateInput,
  adminMemberMessages,
  adminMemberUpdateSchema,
} from '@synergie/shared/admin';
import { useForm } from 'react-hook-form';
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
import { Input } from '~/components/ui/input';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { type AdminMember, useUpdateMember } from '../api/admin-members';

/** Edit a member's name and company (mounted only while open: each opening starts fresh). */
export default function MembersEditDialog({ member, onClose }: { member: AdminMember; onClose: () => void }) {
  const update = useUpdateMember();
  const form = useForm<AdminMemberUpdateInput, unknown, AdminMemberUpdate>({
    resolver: zodResolver(adminMemberUpdateSchema),
    defaultValues: { fullName: member.fullName ?? '', companyName: member.companyName ?? '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((input) =>
    update.mutate(
      { userId: member.userId, input },
      {
        onSuccess: () => {
          notify.success(adminMemberMessages.updated);
          onClose();
        },
        onError: (error) => notify.error(apiErrorMessage(error, adminMemberMessages.updateFailed)),
      },
    ),
  );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Modifier le membre</DialogTitle>
          <DialogDescription>{member.email}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <FormField label="Nom complet *" error={errors.fullName?.message}>
            {(field) => <Input autoComplete="off" maxLength={100} {...field} {...form.register('fullName')} />}
          </FormField>
          <FormField label="Entreprise" error={errors.companyName?.message}>
            {(field) => <Input autoComplete="off" maxLength={100} {...field} {...form.register('companyName')} />}
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Annuler
              </Button>
            </DialogClose>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Enregistrement…' : 'Enregistrer'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
