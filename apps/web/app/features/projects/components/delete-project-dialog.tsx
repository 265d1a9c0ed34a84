import { apiErrorMessages } from '@synergie/shared/constants';
import { projectMessages } from '@synergie/shared/project-constants';
import { Button } from '~/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog';
import { apiErrorMessage } from '~/lib/api-client';
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
      onError: (error) => notify.error(apiErrorMessage(error, apiErrorMessages.INTERNAL)),
    });
  };
  return (
    <Dialog open={project !== null} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{projectMessages.confirmDeleteTitle}</DialogTitle>
          <DialogDescription>
            {projectMessages.confirmDeleteText}
            {project ? <span className="mt-2 block font-medium text-slate-900">« {project.title} »</span> : null}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Annuler
          </Button>
          <Button type="button" variant="destructive" disabled={remove.isPending} onClick={onConfirm}>
            Supprimer
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
