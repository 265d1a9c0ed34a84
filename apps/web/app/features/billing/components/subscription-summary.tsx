import { getPlan } from '@synergie/shared/plans';
import { profileSectionPath } from '@synergie/shared/profile-sections';
import { ReceiptEuro } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { useSubscription } from '../api/subscription';
import { SubscriptionBadges } from './subscription-badges';

/**
 * /profile's line for the subscription (issue 31): its formula and state, and `Facturation`, the
 * section with the subscription itself, the payment method, the invoices and the billing details.
 */
export function SubscriptionSummary() {
  const data = useSubscription().data;
  if (!data) return null;
  return (
    <Card>
      <CardContent className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-4">
        <p className="text-slate-700" data-testid="subscription-summary">
          <span className="font-semibold text-slate-900">Mon abonnement&nbsp;:</span>{' '}
          {data.subscribed ? (
            <>
              {data.product_id ? `${getPlan(data.product_id).formula} ` : null}
              <SubscriptionBadges data={data} />
            </>
          ) : (
            'Vous n’avez pas d’abonnement actif.'
          )}
        </p>
        <span className="flex flex-wrap gap-2">
          {data.subscribed ? null : (
            <Button asChild size="sm">
              <Link to="/pricing">Voir les formules</Link>
            </Button>
          )}
          <Button asChild size="sm" variant="outline">
            <Link to={profileSectionPath('facturation')}>
              <ReceiptEuro aria-hidden="true" />
              Facturation
            </Link>
          </Button>
        </span>
      </CardContent>
    </Card>
  );
}
