import { formatDate, formatPrice } from '@synergie/shared/format';
import { getPlan } from '@synergie/shared/plans';
import { Loader2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { apiErrorMessage } from '~/lib/api-client';
import { parseApiDateTime } from '~/lib/api-dates';
import { notify } from '~/lib/toast';
import { useDemoCancelAtPeriodEnd, useSubscription } from '../api/billing';
import { CancelSubscriptionDialog } from './cancel-subscription-dialog';
import { PortalButton } from './portal-button';
import { SubscriptionBadges } from './subscription-badges';

/** The demo provider's portal, once the subscription is set to end: change one's mind before that date. */
function DemoResumeButton() {
  const mutation = useDemoCancelAtPeriodEnd();
  return (
    <Button
      type="button"
      variant="outline"
      disabled={mutation.isPending}
      onClick={() =>
        mutation.mutate(false, {
          onSuccess: () => notify.success('Votre abonnement continue.'),
          onError: (error) => notify.error(apiErrorMessage(error, 'Erreur lors de la mise à jour de l’abonnement')),
        })
      }
    >
      {mutation.isPending ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
      Reprendre l’abonnement
    </Button>
  );
}

/**
 * `Mon abonnement`, first of /profile/facturation: status, trial end, the next debit, cancelling,
 * and the portal for subscribers. /profile sums it up in a line (SubscriptionSummary).
 */
export function SubscriptionCard() {
  const subscription = useSubscription();
  const data = subscription.data;
  if (!data) return null;
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="abonnement" className="scroll-mt-24 text-xl font-semibold text-slate-900">
            Mon abonnement
          </h2>
          {data.subscribed && data.product_id ? (
            <p className="mt-1 text-slate-700" data-testid="subscription-status">
              {getPlan(data.product_id).formula} <SubscriptionBadges data={data} />
            </p>
          ) : null}
          {data.subscribed && data.currentPeriodEnd ? (
            <p className="mt-1 text-sm text-slate-600" data-testid="subscription-next">
              {data.cancelAtPeriodEnd
                ? `Se termine le ${formatDate(parseApiDateTime(data.currentPeriodEnd))}, sans autre prélèvement.`
                : `Prochain prélèvement de ${formatPrice(getPlan(data.product_id ?? 'monthly').priceCents)} le ${formatDate(parseApiDateTime(data.currentPeriodEnd))}.`}
            </p>
          ) : null}
          {data.subscribed ? null : (
            <p className="mt-1 text-slate-700" data-testid="subscription-status">
              Vous n’avez pas d’abonnement actif.
            </p>
          )}
        </div>
        {data.subscribed ? (
          <div className="flex flex-wrap gap-2">
            {data.cancelAtPeriodEnd ? null : <CancelSubscriptionDialog data={data} />}
            {data.provider === 'demo' ? data.cancelAtPeriodEnd ? <DemoResumeButton /> : null : <PortalButton />}
          </div>
        ) : (
          <Button asChild>
            <Link to="/pricing">Voir les formules</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
