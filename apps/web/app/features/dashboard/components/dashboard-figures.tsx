import { formatMoney, formatNumber } from '@synergie/shared/format';
import type { LucideIcon } from 'lucide-react';
import { ArrowRight, Briefcase, Calendar, HandHeart, Handshake, MessagesSquare, Star, Users } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'react-router';
import { LoadError, Loading } from '~/components/query-state';
import { Card, CardContent } from '~/components/ui/card';
import { ApiRequestError } from '~/lib/api-client';
import { type Dashboard, useDashboard } from '../api/get-dashboard';

type Figure = [label: string, value: React.ReactNode];

function FigureCard({
  id,
  title,
  icon: Icon,
  figures,
  link,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  figures: Figure[];
  link: { to: string; label: string };
}) {
  return (
    <Card className="h-full" aria-labelledby={id}>
      <CardContent className="flex h-full flex-col gap-4 pt-6">
        <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Icon aria-hidden="true" className="size-5 text-brand-700" />
          {title}
        </h2>
        <dl className="grid grid-cols-2 gap-3">
          {figures.map(([label, value]) => (
            <div key={label} className="rounded-lg bg-slate-50 p-3">
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="text-2xl font-bold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <Link
          to={link.to}
          className="mt-auto inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
        >
          {link.label}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </CardContent>
    </Card>
  );
}

function cards(d: Dashboard) {
  const { sent, received } = d.contactRequests;
  const r = d.recommendations;
  return [
    {
      // network-core §3: the real figures of the member's recommendations, confirmed and declared apart.
      id: 'dashboard-recommendations',
      title: 'Recommandations',
      icon: HandHeart,
      figures: [
        ['Données', r.given],
        ['Reçues', r.received],
        ['Gagnées', r.won],
        [
          'Taux de transformation',
          r.conversionPercent === null ? '—' : `${formatNumber(r.conversionPercent, { fractionDigits: 0 })}\u202f%`,
        ],
        ['Affaires conclues confirmées (HT)', formatMoney(r.confirmedCents)],
        ['Affaires conclues déclarées (HT)', formatMoney(r.declaredCents)],
        ['Affaires apportées confirmées (HT)', formatMoney(r.givenConfirmedCents)],
      ] satisfies Figure[],
      link: { to: '/recommandations', label: 'Mes recommandations' },
    },
    {
      id: 'dashboard-meetings',
      title: 'Tête-à-tête et témoignages',
      icon: MessagesSquare,
      figures: [
        ['Tête-à-tête confirmés', d.oneToOnes],
        ['Témoignages publiés', d.testimonials],
      ] satisfies Figure[],
      link: { to: '/tete-a-tete', label: 'Mes tête-à-tête' },
    },
    {
      id: 'dashboard-contacts',
      title: 'Demandes de contact',
      icon: Handshake,
      figures: [
        ['Reçues en attente', received.pending],
        ['Reçues acceptées', received.accepted],
        ['Envoyées en attente', sent.pending],
        ['Envoyées acceptées', sent.accepted],
        ['Refusées (reçues / envoyées)', `${received.declined} / ${sent.declined}`],
        ['Projets communs', d.sharedProjects],
      ] satisfies Figure[],
      link: { to: '/members', label: "Voir l'annuaire des membres" },
    },
    {
      id: 'dashboard-ratings',
      title: 'Évaluations',
      icon: Star,
      figures: [
        [
          'Note moyenne',
          d.ratings.average === null ? '—' : `${formatNumber(d.ratings.average, { fractionDigits: 1 })} / 5`,
        ],
        ['Évaluations reçues', d.ratings.received],
        ['Évaluations données', d.ratings.given],
      ] satisfies Figure[],
      link: { to: '/members', label: 'Évaluer des membres' },
    },
    {
      id: 'dashboard-events',
      title: 'Événements',
      icon: Calendar,
      figures: [
        ['Inscriptions à venir', d.events.upcoming],
        ['Inscriptions au total', d.events.total],
        ['Événements organisés', d.events.organized],
      ] satisfies Figure[],
      link: { to: '/events', label: 'Voir les événements' },
    },
    {
      id: 'dashboard-referral',
      title: 'Parrainage',
      icon: Users,
      figures: [
        ['Filleuls', d.referral.referrals],
        ['Commissions en attente', formatMoney(d.referral.pendingCents)],
        ['Commissions à verser', formatMoney(d.referral.payableCents)],
        ['Commissions versées', formatMoney(d.referral.paidCents)],
      ] satisfies Figure[],
      link: { to: '/profile', label: 'Mon lien de parrainage' },
    },
    {
      id: 'dashboard-content',
      title: 'Mes publications',
      icon: Briefcase,
      figures: [
        ['Services', d.content.services],
        ['Projets', d.content.projects],
        ["Offres d'emploi", d.content.jobOffers],
        ['Candidatures reçues', d.content.applicationsReceived],
        ['Candidatures envoyées', d.content.applicationsSent],
      ] satisfies Figure[],
      link: { to: '/my-projects', label: 'Mes projets' },
    },
  ];
}

/** /dashboard: the member's figures as cards, each leading to the page where they act on them. */
export function DashboardFigures() {
  const dashboard = useDashboard();

  if (dashboard.isPending) {
    return (
      <Loading label="Chargement du tableau de bord...">
        <div className="grid animate-pulse gap-6 md:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-56 rounded-xl bg-slate-200" />
          ))}
        </div>
      </Loading>
    );
  }

  if (dashboard.isError) {
    // 401 and 403 are handled by the guards (session expired, subscription ended).
    if (dashboard.error instanceof ApiRequestError && [401, 403].includes(dashboard.error.status)) return null;
    return <LoadError message="Erreur lors du chargement du tableau de bord" onRetry={() => dashboard.refetch()} />;
  }

  return (
    <div className="flex flex-col gap-6">
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {cards(dashboard.data).map((card) => (
          <li key={card.id}>
            <FigureCard {...card} />
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-600">
        Publiez une offre ou consultez les candidatures reçues sur la page{' '}
        <Link to="/careers" className="font-semibold text-brand-700 hover:underline">
          Carrières
        </Link>
        .
      </p>
    </div>
  );
}
