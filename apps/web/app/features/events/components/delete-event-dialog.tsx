import { eventMessages } from '@synergie/shared/event-messages';
import { ConfirmDeleteDialog } from '~/components/confirm-delete-dialog';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { useDeleteEvent } from '../api/delete-event';
import type { EventItem } from '../api/get-events';

/** The confirmation before deleting an event: its registrants are told it is cancelled. */
export default function DeleteEventDialog({ event, onClose }: { event: EventItem; onClose: () => void }) {
  const remove = useDeleteEvent();
  const onConfirm = () =>
    remove.mutate(event.id, {
      onSuccess: () => {
        notify.success(eventMessages.deleted);
        onClose();
      },
      onError: (error) => notify.error(apiErrorMessage(error, eventMessages.deleteFailed)),
    });

  return (
    <ConfirmDeleteDialog
      title="Supprimer l’événement"
      pending={remove.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      Êtes-vous sûr de vouloir supprimer l’événement{' '}
      <strong className="text-slate-900">«&nbsp;{event.title}&nbsp;»</strong>&#8239;? Les inscrits seront prévenus de
      son annulation par email. Cette action est irréversible.
    </ConfirmDeleteDialog>
  );
}
