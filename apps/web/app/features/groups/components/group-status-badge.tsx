import { GROUP_STATUS_LABELS, type GroupStatus } from '@synergie/shared/group-constants';
import { Badge } from '~/components/ui/badge';

const VARIANTS = { forming: 'accent', active: 'success', full: 'secondary' } as const;

/** `En formation`, `Actif` or `Complet` (network-core §2). */
export function GroupStatusBadge({ status }: { status: GroupStatus }) {
  return <Badge variant={VARIANTS[status]}>{GROUP_STATUS_LABELS[status]}</Badge>;
}
