import { adminMemberMessages } from '@synergie/shared/admin';
import { Trash2 } from 'lucide-react';
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
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Supprimer le membre</DialogTitle>
          <DialogDescription>
            Le compte de <strong className="text-slate-900">{name}</strong> ({member.email}), son profil, ses contenus
            et ses fichiers seront définitivement supprimés.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Annuler
            </Button>
          </DialogClose>
          <Button type="button" variant="destructive" disabled={remove.isPending} onClick={onConfirm}>
            <Trash2 aria-hidden="true" />
            {remove.isPending ? 'Suppression...' : 'Supprimer définitivement'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
