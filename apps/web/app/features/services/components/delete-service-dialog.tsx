import { serviceMessages } from '@synergie/shared/services-messages';
import { ConfirmDeleteDialog } from '~/components/confirm-delete-dialog';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { useDeleteService } from '../api/delete-service';
import type { Service } from '../api/get-services';

/** The confirmation before deleting a service (spec section 2), as an accessible dialog. */
export default function DeleteServiceDialog({ service, onClose }: { service: Service; onClose: () => void }) {
  const remove = useDeleteService();
  const onConfirm = () =>
    remove.mutate(service.id, {
      onSuccess: () => {
        notify.success(serviceMessages.deleted, { title: serviceMessages.successTitle });
        onClose();
      },
      onError: (error) => notify.error(apiErrorMessage(error, serviceMessages.deleteFailed)),
    });

  return (
    <ConfirmDeleteDialog
      title="Supprimer le service"
      pending={remove.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {serviceMessages.deleteConfirm} <strong className="text-slate-900">«&nbsp;{service.title}&nbsp;»</strong>
    </ConfirmDeleteDialog>
  );
}
