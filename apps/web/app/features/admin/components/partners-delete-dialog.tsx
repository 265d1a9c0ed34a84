import type { Partner } from '@synergie/shared/partners';
import { partnerMessages } from '@synergie/shared/partners';
import { ConfirmDeleteDialog } from '~/components/confirm-delete-dialog';
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
      onError: (error) => notify.apiError(error, partnerMessages.deleteFailed),
    });
  return (
    <ConfirmDeleteDialog
      title="Supprimer le partenaire"
      pending={remove.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      Le partenaire <strong className="text-slate-900">«&nbsp;{partner.name}&nbsp;»</strong> et son logo seront
      supprimés.
    </ConfirmDeleteDialog>
  );
}
