import { endMembershipSchema } from '@synergie/shared/groups';
import { notify } from '~/lib/toast';
import { useLeaveGroup } from '../api/membership';
import { ReasonDialog } from './reason-dialog';

/** `Quitter le groupe`: the reason is kept in the group's history; the seat frees at once. */
export default function LeaveGroupDialog({ groupName, onClose }: { groupName: string; onClose: () => void }) {
  const leave = useLeaveGroup();
  return (
    <ReasonDialog
      title="Quitter le groupe"
      description={`Vous quittez ${groupName}. Votre siège sera libéré aussitôt et proposé au premier de la liste d’attente\u202f; vos recommandations et votre historique restent les vôtres.`}
      label="Raison du départ"
      submitLabel="Quitter le groupe"
      destructive
      schema={endMembershipSchema}
      fallbackError="Votre départ n’a pas pu être enregistré."
      onSubmit={async (input) => {
        await leave.mutateAsync(input);
        notify.success('Vous avez quitté le groupe.');
      }}
      onClose={onClose}
    />
  );
}
