import { formatPrice } from '@synergie/shared/format';
import {
  ANNUAL_SAVINGS_CENTS,
  getPlan,
  type Plan,
  plans,
  REFERRAL_FIRST_INVOICE_PERCENT,
  REFERRAL_RENEWAL_PERCENT,
  TRIAL_DAYS,
  VAT_RATE_PERCENT,
} from '@synergie/shared/plans';
import { SUBSCRIPTION_REQUIRED_QUERY, servedParts } from '@synergie/shared/site';
import { CircleCheckBig, TriangleAlert } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PageHero } from '~/components/layout/page-hero';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '~/components/ui/card';
import { useSession } from '~/features/auth';
import { PlanCheckoutButton, PortalButton, useSubscription } from '~/features/billing';
import { seo } from '~/lib/seo';
import { SITE_NAME, SITE_URL } from '~/lib/site';
import { cn } from '~/lib/utils';

export const meta = () =>
  seo({
    title: 'Tarifs',
    description: `Abonnement ${SITE_NAME}\u00a0: ${formatPrice(getPlan('monthly').priceCents)} TTC par mois ou ${formatPrice(getPlan('annual').priceCents)} TTC par an (2 mois offerts), avec ${TRIAL_DAYS} jours d’essai gratuit.`,
    path: '/pricing',
    jsonLd: plans.map((plan) => ({
      '@type': 'Product',
      name: `${SITE_NAME} - Abonnement ${plan.name.toLowerCase()}`,
      description: plan.description,
      brand: { '@type': 'Brand', name: SITE_NAME },
      offers: {
        '@type': 'Offer',
        url: `${SITE_URL}/pricing`,
        // schema.org reads a machine number ('99.00'), not the French display of the price.
        price: (plan.priceCents / 100).toFixed(2),
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price: (plan.priceCents / 100).toFixed(2),
          priceCurrency: 'EUR',
          valueAddedTaxIncluded: true,
          billingDuration: plan.period === 'month' ? 'P1M' : 'P1Y',
        },
      },
    })),
  });

const periodLabel = { month: 'mois', year: 'an' } as const;

/** What each plan's price means over a year, under the price. */
function billingNotes(plan: Plan): string[] {
  if (plan.period === 'month') {
    return [`12 paiements de ${formatPrice(plan.priceCents)}`, `Soit ${formatPrice(plan.priceCents * 12)} TTC par an`];
  }
  return [`Économisez ${formatPrice(ANNUAL_SAVINGS_CENTS)}`, '2 mois offerts'];
}

/**
 * Where SubscriptionRedirect sends a visitor of a subscribers' page. Prerendered hidden; the
 * server shows it in the HTML of /pricing?message=subscription_required (plugins/web.ts,
 * `data-served`), and the first render in the browser reads the same query, so it is there
 * before any script and hydration agrees.
 */
function SubscriptionRequiredAlert() {
  const [searchParams] = useSearchParams();
  const { param, value } = SUBSCRIPTION_REQUIRED_QUERY;
  const show = searchParams.get(param) === value;
  return (
    <div data-served={servedParts.subscriptionRequired} hidden={!show}>
      <Alert variant="warning" className="mb-10">
        <TriangleAlert aria-hidden="true" className="size-4" />
        <AlertTitle>Abonnement requis</AlertTitle>
        <AlertDescription>
          Un abonnement actif est nécessaire pour accéder à cette page. Choisissez une formule ci-dessous : les{' '}
          {TRIAL_DAYS} premiers jours sont gratuits.
        </AlertDescription>
      </Alert>
    </div>
  );
}

/** A subscriber manages the subscription here rather than buying a second one. */
function SubscriberPortal() {
  const session = useSession();
  const subscription = useSubscription(Boolean(session.data?.user));
  if (!subscription.data?.subscribed) return null;
  return (
    <Alert className="mb-10">
      <CircleCheckBig aria-hidden="true" className="size-4" />
      <AlertTitle>Vous êtes abonné</AlertTitle>
      <AlertDescription className="flex flex-col gap-3">
        <span>Changez de moyen de paiement, consultez vos factures ou résiliez depuis le portail client.</span>
        <span>
          <PortalButton />
        </span>
      </AlertDescription>
    </Alert>
  );
}

function PlanCard({ plan }: { plan: Plan }) {
  const titleId = `plan-${plan.id}-title`;
  return (
    <Card
      aria-labelledby={titleId}
      role="group"
      className={cn('relative flex h-full flex-col', plan.recommended && 'border-brand-700 ring-2 ring-brand-700')}
    >
      {plan.recommended ? (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 bg-brand-700 px-3 py-1 text-white">
          Recommandé
        </Badge>
      ) : null}
      <CardHeader>
        <h2 id={titleId} className="text-2xl font-bold text-slate-900">
          {plan.name}
        </h2>
        <CardDescription>{plan.description}</CardDescription>
        <p className="mt-4 flex items-baseline gap-2">
          <span className="text-5xl font-bold tracking-tight text-slate-900">{formatPrice(plan.priceCents)}</span>
          <span className="text-slate-600">TTC / {periodLabel[plan.period]}</span>
        </p>
        <ul className="mt-1 text-sm font-medium text-brand-800">
          {billingNotes(plan).map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
        <p className="mt-3">
          <Badge variant="success">{plan.trialDays} jours d’essai gratuit</Badge>
        </p>
      </CardHeader>
      <CardContent className="flex-1">
        <h3 className="sr-only">Inclus dans la formule {plan.name.toLowerCase()}</h3>
        <ul className="space-y-3">
          {plan.features.map((feature) => (
            <li key={feature} className="flex gap-3 text-sm text-slate-700">
              <CircleCheckBig aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        <PlanCheckoutButton planId={plan.id} describedBy={titleId} recommended={plan.recommended} />
      </CardFooter>
    </Card>
  );
}

const monthly = getPlan('monthly');

const faq = [
  {
    question: 'Comment fonctionne l’essai gratuit ?',
    answer: `Les ${TRIAL_DAYS} premiers jours sont offerts, quelle que soit la formule choisie. Pendant l’essai, vous profitez de tout le réseau ; le premier paiement n’intervient qu’à la fin de cette période, sauf si vous résiliez avant.`,
  },
  {
    question: 'Puis-je résilier mon abonnement ?',
    answer: `Oui. La résiliation de la formule mensuelle prend effet à la fin du mois en cours. La formule annuelle reste active jusqu’à la fin de l’année payée, sans remboursement au prorata.`,
  },
  {
    question: 'Comment le parrainage est-il rémunéré ?',
    answer: `Vous touchez ${REFERRAL_FIRST_INVOICE_PERCENT} % du montant hors taxes de la première facture payée par chaque membre parrainé, puis ${REFERRAL_RENEWAL_PERCENT} % de chacun de ses renouvellements, tant que vous êtes vous-même membre abonné.`,
  },
  {
    question: 'Quelle formule choisir ?',
    answer: `La formule mensuelle (${formatPrice(monthly.priceCents)} TTC par mois) vous laisse libre d’arrêter quand vous le souhaitez. La formule annuelle vous fait économiser ${formatPrice(ANNUAL_SAVINGS_CENTS)} sur l’année.`,
  },
];

export default function PricingPage() {
  return (
    <>
      <PageHero eyebrow="Tarifs" title="Choisissez votre formule">
        <p>
          Un accès complet au réseau, aux événements et au programme de parrainage. Essai gratuit de {TRIAL_DAYS} jours
          sur les deux formules.
        </p>
      </PageHero>

      <div className="mx-auto max-w-5xl px-4 py-16 sm:px-6 lg:px-8">
        <SubscriptionRequiredAlert />
        <SubscriberPortal />
        <section aria-label="Formules d’abonnement" className="grid gap-10 md:grid-cols-2 md:gap-6">
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </section>
        <p className="mt-8 text-center text-sm text-slate-600">
          Prix TTC, TVA française de {VAT_RATE_PERCENT} % incluse. Conditions détaillées dans nos{' '}
          <Link to="/cgu" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
            conditions générales d’utilisation
          </Link>
          .
        </p>
      </div>

      <section aria-labelledby="faq-title" className="bg-slate-50">
        <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6 lg:px-8">
          <h2 id="faq-title" className="text-center text-3xl font-bold tracking-tight text-slate-900">
            Questions fréquentes
          </h2>
          <dl className="mt-10 space-y-6">
            {faq.map((item) => (
              <div key={item.question} className="rounded-xl border border-slate-200 bg-white p-6">
                <dt className="font-semibold text-slate-900">{item.question}</dt>
                <dd className="mt-2 text-slate-600">{item.answer}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
    </>
  );
}
