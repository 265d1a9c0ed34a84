import { eventCategoryMessages } from '@synergie/shared/event-category-constants';
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
import { useDeleteEventCategory } from '../api/delete-event-category';
import type { EventCategory } from '../api/get-event-categories';

/** The confirmation before deleting a category, as an accessible dialog. */
export default function DeleteEventCategoryDialog({
  category,
  onClose,
}: {
  category: EventCategory;
  onClose: () => void;
}) {
  const remove = useDeleteEventCategory();
  const onConfirm = () =>
    remove.mutate(category.id, {
      onSuccess: () => {
        notify.success(eventCategoryMessages.deleted);
        onClose();
      },
      onError: (error) => notify.error(apiErrorMessage(error, eventCategoryMessages.deleteError)),
    });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Supprimer la catégorie</DialogTitle>
          <DialogDescription>
            Supprimer définitivement la catégorie <strong className="text-slate-900">« {category.name} »</strong> ? Les
            événements déjà classés dans cette catégorie gardent son nom et son image.
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
