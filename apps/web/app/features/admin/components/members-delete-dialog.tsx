import { adminMemberMessages } from '@synergie/shared/admin';
import { ConfirmDeleteDialog } from '~/components/confirm-delete-dialog';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { type AdminMember, useDeleteMember } from '../api/admin-members';

/** The confirmation before deleting a member's account, naming the member. */
export default function MembersDeleteDialog({ member, onClose }: { member: AdminMember; onClose: () => void }) {
  const remove = useDeleteMember();
  const name = member.fullName ?? member.email;
  const onConfirm = () =>
    remove.mutate(member.userId, {
      onSuccess: () => {
        notify.success(adminMemberMessages.deleted);
        onClose();
      },
      onError: (error) => notify.error(apiErrorMessage(error, adminMemberMessages.deleteFailed)),
    });
  return (
    <ConfirmDeleteDialog
      title="Supprimer le membre"
      pending={remove.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
      confirmLabel="Supprimer définitivement"
    >
      Le compte de <strong className="text-slate-900">{name}</strong> ({member.email}), son profil, ses contenus et ses
      fichiers seront définitivement supprimés.
    </ConfirmDeleteDialog>
  );
}
