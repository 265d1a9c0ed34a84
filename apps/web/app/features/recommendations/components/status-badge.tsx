import {
  BUSINESS_STATUS_LABELS,
  type BusinessStatus,
  RECOMMENDATION_STATUS_LABELS,
  type RecommendationStatus,
} from '@synergie/shared/recommendation-constants';
import { Badge } from '~/components/ui/badge';

const statusVariant: Record<RecommendationStatus, 'default' | 'secondary' | 'accent' | 'success' | 'outline'> = {
  received: 'accent',
  contacted: 'default',
  meeting: 'default',
  quote_sent: 'default',
  won: 'success',
  lost: 'secondary',
  no_follow_up: 'secondary',
};

/** A recommendation's step, in words (colour only repeats them). */
export function StatusBadge({ status }: { status: RecommendationStatus }) {
  return <Badge variant={statusVariant[status]}>{RECOMMENDATION_STATUS_LABELS[status]}</Badge>;
}

const businessVariant: Record<BusinessStatus, 'success' | 'accent' | 'secondary'> = {
  declared: 'secondary',
  confirmed: 'success',
  disputed: 'accent',
};

/** `Affaire conclue`'s state: `Déclarée`, `Confirmée` or `Contestée`. */
export function BusinessBadge({ status }: { status: BusinessStatus }) {
  return <Badge variant={businessVariant[status]}>{BUSINESS_STATUS_LABELS[status]}</Badge>;
}
