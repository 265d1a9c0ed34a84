import { jobMessages } from '@synergie/shared/job-messages';
import { ConfirmDeleteDialog } from '~/components/confirm-delete-dialog';
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
    <ConfirmDeleteDialog title="Supprimer l’offre" pending={remove.isPending} onConfirm={onConfirm} onClose={onClose}>
      Êtes-vous sûr de vouloir supprimer l’offre <strong className="text-slate-900">«&nbsp;{job.title}&nbsp;»</strong>
      &#8239;? Les candidatures reçues seront supprimées aussi. Cette action est irréversible.
    </ConfirmDeleteDialog>
  );
}
