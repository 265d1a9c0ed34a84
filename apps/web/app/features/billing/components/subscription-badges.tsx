import { formatDate } from '@synergie/shared/format';
import { Badge } from '~/components/ui/badge';
import { parseApiDateTime } from '~/lib/api-dates';
import type { SubscriptionResponse } from '../api/billing';

/**
 * A subscription's state beside its formula: the trial and its end, a failed debit within its
 * grace (issue 32), or active; `Démonstration` for the demo provider. Written once for
 * `Mon abonnement` (/profile/facturation) and its line on /profile.
 */
export function SubscriptionBadges({ data }: { data: SubscriptionResponse }) {
  return (
    <>
      {data.status === 'trialing' ? (
        <Badge variant="success">
          Essai gratuit{data.trialEnd ? ` jusqu’au ${formatDate(parseApiDateTime(data.trialEnd))}` : ''}
        </Badge>
      ) : data.status === 'past_due' || data.status === 'unpaid' ? (
        // Issue 32: a failed debit, within its 30 days of grace (PaymentDetailsCard says more).
        <Badge variant="accent">Paiement en attente</Badge>
      ) : (
        <Badge variant="success">Actif</Badge>
      )}
      {data.provider === 'demo' ? (
        <Badge variant="accent" className="ml-2">
          Démonstration
        </Badge>
      ) : null}
    </>
  );
}
