import { eventMessages } from '@synergie/shared/event-messages';
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
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Supprimer l'événement</DialogTitle>
          <DialogDescription>
            Êtes-vous sûr de vouloir supprimer l'événement <strong className="text-slate-900">« {event.title} »</strong>{' '}
            ? Les inscrits seront prévenus de son annulation par email. Cette action est irréversible.
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
