import { serviceMessages } from '@synergie/shared/services-messages';
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
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Supprimer le service</DialogTitle>
          <DialogDescription>
            {serviceMessages.deleteConfirm} <strong className="text-slate-900">« {service.title} »</strong>
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
