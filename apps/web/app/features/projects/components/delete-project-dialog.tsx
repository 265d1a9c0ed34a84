import { genericApiErrors } from '@synergie/shared/generic-errors';
import { projectMessages } from '@synergie/shared/project-constants';
import { ConfirmDeleteDialog } from '~/components/confirm-delete-dialog';
import { notify } from '~/lib/toast';
import { type Project, useDeleteProject } from '../api/projects';

/** 'Confirmer la suppression' (spec section 2): irreversible, Annuler/Supprimer. Loaded on first use. */
export default function DeleteProjectDialog({
  project,
  onOpenChange,
}: {
  project: Project | null;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteProject();
  const onConfirm = () => {
    if (!project) return;
    remove.mutate(project.id, {
      onSuccess: () => {
        notify.success(projectMessages.deleted);
        onOpenChange(false);
      },
      onError: (error) => notify.apiError(error, genericApiErrors.INTERNAL.message),
    });
  };
  if (!project) return null;
  return (
    <ConfirmDeleteDialog
      title={projectMessages.confirmDeleteTitle}
      pending={remove.isPending}
      onConfirm={onConfirm}
      onClose={() => onOpenChange(false)}
    >
      {projectMessages.confirmDeleteText}
      <span className="mt-2 block font-medium text-slate-900">«&nbsp;{project.title}&nbsp;»</span>
    </ConfirmDeleteDialog>
  );
}
