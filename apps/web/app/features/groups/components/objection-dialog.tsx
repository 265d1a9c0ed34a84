import { groupMessages } from '@synergie/shared/group-constants';
import { objectionFormSchema } from '@synergie/shared/groups';
import { notify } from '~/lib/toast';
import { useObjectToApplication } from '../api/applications';
import type { Application } from '../api/get-my-group';
import { ReasonDialog } from './reason-dialog';

/** `Objection` to a pending application of the member's group, with a reason (seen by leaders only). */
export default function ObjectionDialog({ application, onClose }: { application: Application; onClose: () => void }) {
  const object = useObjectToApplication();
  return (
    <ReasonDialog
      title={`${groupMessages.objection}\u00a0: ${application.fullName}`}
      description={`Candidature de ${application.fullName} (${application.tradeLabel}). Seuls les responsables du groupe liront votre objection et sa raison.`}
      label="Raison de l’objection"
      submitLabel="Envoyer l’objection"
      schema={objectionFormSchema}
      fallbackError="Votre objection n’a pas pu être envoyée."
      onSubmit={async ({ reason }) => {
        await object.mutateAsync({ groupId: application.groupId, applicationId: application.id, reason });
        notify.success('Votre objection a été transmise aux responsables du groupe.');
      }}
      onClose={onClose}
    />
  );
}
