import type { GroupHistoryKind } from '@synergie/shared/group-constants';

/** How the leaders' page words each entry of the group's history. */
export const HISTORY_KIND_LABELS: Record<GroupHistoryKind, string> = {
  created: 'Groupe créé',
  application: 'Candidature déposée',
  objection: 'Objection',
  accepted: 'Candidature acceptée',
  refused: 'Candidature refusée',
  withdrawn: 'Candidature retirée',
  joined_from_waitlist: 'Siège pris depuis la liste d’attente',
  left: 'Départ du groupe',
  removed: 'Retrait du groupe',
  lapsed: 'Fin de la période de grâce',
  role_named: 'Responsable nommé',
  role_cleared: 'Rôle de responsable libéré',
  offer_made: 'Siège proposé',
  offer_expired: 'Offre de siège expirée',
  offer_declined: 'Offre de siège refusée',
  imported: 'Inscrit par l’import de la liste',
};
