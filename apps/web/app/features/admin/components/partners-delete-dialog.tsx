import type { Partner } from '@synergie/shared/partners';
import { partnerMessages } from '@synergie/shared/partners';
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
import { useDeletePartner } from '../api/admin-partners';

/** The confirmation before deleting a partner, naming it. */
export default function PartnersDeleteDialog({ partner, onClose }: { partner: Partner; onClose: () => void }) {
  const remove = useDeletePartner();
  const onConfirm = () =>
    remove.mutate(partner.id, {
      onSuccess: () => {
        notify.success(partnerMessages.deleted);
        onClose();
      },
      onError: (error) => notify.error(apiErrorMessage(error, partnerMessages.deleteFailed)),
    });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Supprimer le partenaire</DialogTitle>
          <DialogDescription>
            Le partenaire <strong className="text-slate-900">« {partner.name} »</strong> et son logo seront supprimés.
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
            {remove.isPending ? 'Suppression...' : 'Supprimer'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
