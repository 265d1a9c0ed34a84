import { eventCategoryMessages } from '@synergie/shared/event-category-constants';
import { ConfirmDeleteDialog } from '~/components/confirm-delete-dialog';
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
    <ConfirmDeleteDialog
      title="Supprimer la catégorie"
      pending={remove.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      Supprimer définitivement la catégorie <strong className="text-slate-900">«&nbsp;{category.name}&nbsp;»</strong>
      &#8239;? Les événements déjà classés dans cette catégorie gardent son nom et son image.
    </ConfirmDeleteDialog>
  );
}
