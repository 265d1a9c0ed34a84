import { MEETING_STATUS_LABELS } from '@synergie/shared/meeting-constants';
import { Badge } from '~/components/ui/badge';
import type { MeetingSummary } from '../api/meetings';

/** `Annulée` or `Déplacée` next to a meeting that is not as the rhythm set it. */
export function MeetingBadges({ meeting }: { meeting: MeetingSummary }) {
  if (meeting.status === 'cancelled') return <Badge variant="accent">{MEETING_STATUS_LABELS.cancelled}</Badge>;
  if (meeting.moved) return <Badge variant="secondary">Déplacée</Badge>;
  return null;
}
