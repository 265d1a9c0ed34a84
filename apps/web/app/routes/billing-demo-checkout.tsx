import { formatPrice } from '@synergie/shared/format';
import { getPlan, PLAN_IDS, type PlanId, TRIAL_DAYS } from '@synergie/shared/plans';
import { CHECKOUT_CANCEL_PATH, CHECKOUT_SUCCESS_PATH } from '@synergie/shared/site';
import { FlaskConical, Loader2 } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHero } from '~/components/layout/page-hero';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { RequireAuth } from '~/features/auth';
import { useCompleteDemoCheckout } from '~/features/billing';
import { apiErrorMessage } from '~/lib/api-client';
import { seo } from '~/lib/seo';
import { notify } from '~/lib/toast';

export const meta = () =>
  seo({
    title: 'Paiement (démonstration)',
    description: 'Paiement de démonstration.',
    path: '/billing/demo-checkout',
    noindex: true,
  });

/** The plan named in the (signed) session token, for display only: the server checks the token. */
function planOfSession(session: string): PlanId | null {
  try {
    const payload = JSON.parse(atob((session.split('.')[0] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as {
      p?: string;
    };
    return (PLAN_IDS as readonly string[]).includes(payload.p ?? '') ? (payload.p as PlanId) : null;
  } catch {
    return null;
  }
}

export default function DemoCheckoutPage() {
  return (
    <RequireAuth>
      <PageHero eyebrow="Démonstration" title="Paiement de démonstration" />
      <div className="mx-auto max-w-2xl px-4 py-10">
        <DemoCheckout />
      </div>
    </RequireAuth>
  );
}

function DemoCheckout() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const session = searchParams.get('session') ?? '';
  const planId = planOfSession(session);
  const complete = useCompleteDemoCheckout();

  if (!session || !planId) {
    return (
      <Alert variant="destructive">
        <AlertTitle>Session de paiement invalide</AlertTitle>
        <AlertDescription>
          <Link to={CHECKOUT_CANCEL_PATH} className="underline underline-offset-4">
            Retournez aux tarifs
          </Link>{' '}
          pour choisir une formule.
        </AlertDescription>
      </Alert>
    );
  }
  const plan = getPlan(planId);
  const onConfirm = () =>
    complete.mutate(session, {
      onSuccess: () => {
        notify.success(`Votre essai gratuit de ${TRIAL_DAYS} jours a commencé.`);
        // Where Stripe's success_url leads, in this same tab; the spent session is not gone back to.
        navigate(CHECKOUT_SUCCESS_PATH, { replace: true });
      },
      onError: (error) => notify.error(apiErrorMessage(error, 'Erreur lors de la création de la session de paiement')),
    });

  return (
    <Card>
      <CardContent className="flex flex-col gap-6 pt-6">
        <p>
          <Badge variant="accent" className="gap-1 px-3 py-1 text-sm">
            <FlaskConical aria-hidden="true" className="size-4" />
            Démonstration
          </Badge>
        </p>
        <p className="text-slate-700">
          Ce site fonctionne sans prestataire de paiement&nbsp;: aucune carte n’est demandée et aucun montant n’est
          prélevé. En production, cette étape est le paiement sécurisé de Stripe.
        </p>
        <div>
          <h2 className="text-xl font-semibold text-slate-900">{plan.formula}</h2>
          <p className="text-slate-700">
            {formatPrice(plan.priceCents)} TTC / {plan.period === 'month' ? 'mois' : 'an'}, après {TRIAL_DAYS} jours
            d’essai gratuit.
          </p>
        </div>
        <Button type="button" size="lg" disabled={complete.isPending} onClick={onConfirm}>
          {complete.isPending ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
          Démarrer l’essai gratuit (démonstration)
        </Button>
        <Link to={CHECKOUT_CANCEL_PATH} className="self-start text-sm text-brand-800 underline underline-offset-4">
          Retour aux tarifs
        </Link>
      </CardContent>
    </Card>
  );
}
