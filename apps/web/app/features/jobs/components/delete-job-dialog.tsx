import { jobMessages } from '@synergie/shared/job-messages';
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
import { useDeleteJob } from '../api/delete-job';
import type { JobOffer } from '../api/get-jobs';

/** The confirmation before deleting an offer: its applications go with it. */
export default function DeleteJobDialog({ job, onClose }: { job: JobOffer; onClose: () => void }) {
  const remove = useDeleteJob();
  const onConfirm = () =>
    remove.mutate(job.id, {
      onSuccess: () => {
        notify.success(jobMessages.deleted);
        onClose();
      },
      onError: (error) => notify.error(apiErrorMessage(error, jobMessages.deleteFailed)),
    });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Supprimer l'offre</DialogTitle>
          <DialogDescription>
            Êtes-vous sûr de vouloir supprimer l'offre <strong className="text-slate-900">« {job.title} »</strong> ? Les
            candidatures reçues seront supprimées aussi. Cette action est irréversible.
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
