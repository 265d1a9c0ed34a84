import { getPlan } from '@synergie/shared/plans';
import { Link } from 'react-router';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { useSubscription } from '../api/billing';
import { PortalButton } from './portal-button';

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('fr-FR', { day: 'numeric', month: 'long', year: 'numeric' });

/** The member's subscription on /profile: status, trial end, and the portal for subscribers. */
export function SubscriptionCard() {
  const subscription = useSubscription();
  const data = subscription.data;
  if (!data) return null;
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">Mon abonnement</h2>
          {data.subscribed && data.product_id ? (
            <p className="mt-1 text-slate-700" data-testid="subscription-status">
              Formule {getPlan(data.product_id).name.toLowerCase()}{' '}
              {data.status === 'trialing' ? (
                <Badge variant="success">
                  Essai gratuit{data.trialEnd ? ` jusqu'au ${formatDate(data.trialEnd)}` : ''}
                </Badge>
              ) : (
                <Badge variant="success">Actif</Badge>
              )}
              {data.provider === 'demo' ? (
                <Badge variant="accent" className="ml-2">
                  Démonstration
                </Badge>
              ) : null}
            </p>
          ) : (
            <p className="mt-1 text-slate-700" data-testid="subscription-status">
              Vous n'avez pas d'abonnement actif.
            </p>
          )}
        </div>
        {data.subscribed ? (
          <PortalButton />
        ) : (
          <Button asChild>
            <Link to="/pricing">Voir les formules</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
