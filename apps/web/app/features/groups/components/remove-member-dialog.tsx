import { endMembershipSchema } from '@synergie/shared/groups';
import { notify } from '~/lib/toast';
import { useRemoveMember } from '../api/membership';
import { ReasonDialog } from './reason-dialog';

/** `Retirer du groupe` (leaders): the reason is kept in the group's history. */
export default function RemoveMemberDialog({
  groupId,
  member,
  onClose,
}: {
  groupId: string;
  member: { userId: string; fullName: string; tradeLabel: string };
  onClose: () => void;
}) {
  const remove = useRemoveMember();
  return (
    <ReasonDialog
      title={`Retirer ${member.fullName} du groupe`}
      description={`Le siège ${member.tradeLabel} sera libéré aussitôt et proposé au premier de la liste d’attente. La raison est gardée dans l’historique du groupe.`}
      label="Raison du retrait"
      submitLabel="Retirer du groupe"
      pendingLabel="Retrait en cours…"
      destructive
      schema={endMembershipSchema}
      fallbackError="Le retrait n’a pas pu être enregistré."
      onSubmit={async ({ reason }) => {
        await remove.mutateAsync({ groupId, userId: member.userId, reason });
        notify.success(`${member.fullName} a été retiré du groupe.`);
      }}
      onClose={onClose}
    />
  );
}
