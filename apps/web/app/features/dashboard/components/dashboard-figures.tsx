import {
  dashboardDefinitions as D,
  DASHBOARD_SERIES,
  type DashboardFigureKey,
  dashboardActions,
  dashboardMessages as M,
} from '@synergie/shared/dashboard-constants';
import { formatMoney, formatNumber } from '@synergie/shared/format';
import { profileSectionPath } from '@synergie/shared/profile-sections';
import type { LucideIcon } from 'lucide-react';
import {
  ArrowRight,
  Briefcase,
  Calendar,
  HandHeart,
  Handshake,
  ListChecks,
  MessagesSquare,
  Star,
  TrendingUp,
  Users,
} from 'lucide-react';
import type * as React from 'react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { LoadError, Loading } from '~/components/query-state';
import { Card, CardContent } from '~/components/ui/card';
import { ApiRequestError } from '~/lib/api-client';
import { cn } from '~/lib/utils';
import { type Dashboard, useDashboard } from '../api/get-dashboard';

// The chart library loads with the chart only (docs/decisions/0019-charts.md).
const DashboardChart = lazy(() => import('./dashboard-chart').then((m) => ({ default: m.DashboardChart })));

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

type Figure = [key: DashboardFigureKey, value: React.ReactNode];

/** A figure with its label and what it counts (dashboardDefinitions), printed beside it. */
function FigureItem({
  figureKey,
  value,
  detail,
  tone = 'plain',
}: {
  figureKey: DashboardFigureKey;
  value: React.ReactNode;
  detail?: string;
  tone?: 'plain' | 'waiting' | 'confirmed';
}) {
  const definition = D[figureKey];
  return (
    <div
      className={cn(
        'flex flex-col gap-1 rounded-lg p-3',
        tone === 'plain' && 'bg-slate-50',
        tone === 'waiting' && 'border border-amber-300 bg-amber-50',
        tone === 'confirmed' && 'border border-green-200 bg-green-50',
      )}
    >
      <dt className="text-sm font-medium text-slate-700">{definition.label}</dt>
      <dd className="text-2xl font-bold text-slate-900">
        {value}
        {detail ? <span className="block text-sm font-normal text-slate-700">{detail}</span> : null}
      </dd>
      <dd className="text-xs text-slate-600">{capitalised(definition.counts)}</dd>
    </div>
  );
}

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
        <h3 id={id} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Icon aria-hidden="true" className="size-5 text-brand-700" />
          {title}
        </h3>
        <dl className="grid gap-3 sm:grid-cols-2">
          {figures.map(([key, value]) => (
            <FigureItem key={key} figureKey={key} value={value} />
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

/** The figures to date, grouped by what the member acts on (each card leads there). */
function cards(d: Dashboard) {
  const { sent, received } = d.contactRequests;
  const r = d.recommendations;
  return [
    {
      id: 'dashboard-recommendations',
      title: M.recommendationsTitle,
      icon: HandHeart,
      figures: [
        ['totalGiven', r.given],
        ['totalReceived', r.received],
        ['totalWon', r.won],
        [
          'conversion',
          r.conversionPercent === null ? '—' : `${formatNumber(r.conversionPercent, { fractionDigits: 0 })}\u202f%`,
        ],
      ] satisfies Figure[],
      link: { to: '/recommandations', label: 'Mes recommandations' },
    },
    {
      id: 'dashboard-meetings',
      title: M.meetingsTitle,
      icon: MessagesSquare,
      figures: [
        ['oneToOnes', d.oneToOnes],
        ['testimonials', d.testimonials],
        ['contactsToAnswer', received.pending],
        ['contactsSentPending', sent.pending],
        ['contactsAccepted', received.accepted + sent.accepted],
        ['contactsDeclined', `${received.declined} / ${sent.declined}`],
        ['sharedProjects', d.sharedProjects],
      ] satisfies Figure[],
      link: { to: '/tete-a-tete', label: 'Mes tête-à-tête' },
    },
    {
      id: 'dashboard-ratings',
      title: M.ratingsTitle,
      icon: Star,
      figures: [
        [
          'ratingAverage',
          d.ratings.average === null ? '—' : `${formatNumber(d.ratings.average, { fractionDigits: 1 })} / 5`,
        ],
        ['ratingsReceived', d.ratings.received],
        ['ratingsGiven', d.ratings.given],
      ] satisfies Figure[],
      link: { to: '/members', label: 'Évaluer des membres' },
    },
    {
      id: 'dashboard-events',
      title: M.eventsTitle,
      icon: Calendar,
      figures: [
        ['eventsUpcoming', d.events.upcoming],
        ['eventsTotal', d.events.total],
        ['eventsOrganized', d.events.organized],
      ] satisfies Figure[],
      link: { to: '/events', label: 'Voir les événements' },
    },
    {
      id: 'dashboard-referral',
      title: M.referralTitle,
      icon: Users,
      figures: [
        ['referrals', d.referral.referrals],
        ['commissionsPending', formatMoney(d.referral.pendingCents)],
        ['commissionsPayable', formatMoney(d.referral.payableCents)],
        ['commissionsPaid', formatMoney(d.referral.paidCents)],
      ] satisfies Figure[],
      link: { to: profileSectionPath('parrainage'), label: 'Mon lien de parrainage' },
    },
    {
      id: 'dashboard-content',
      title: M.contentTitle,
      icon: Briefcase,
      figures: [
        ['services', d.content.services],
        ['projects', d.content.projects],
        ['jobOffers', d.content.jobOffers],
        ['applicationsReceived', d.content.applicationsReceived],
        ['applicationsSent', d.content.applicationsSent],
      ] satisfies Figure[],
      link: { to: '/my-projects', label: 'Mes projets' },
    },
  ];
}

function Section({
  id,
  title,
  icon: Icon,
  children,
  className,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={cn('flex flex-col gap-4', className)}>
      <h2 id={id} className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <Icon aria-hidden="true" className="size-5 text-brand-700" />
        {title}
      </h2>
      {children}
    </section>
  );
}

/** `Vos prochaines actions`: what waits on the member, each with its link (dashboardActions). */
function NextActions({ dashboard }: { dashboard: Dashboard }) {
  const actions = dashboardActions(dashboard);
  return (
    <Section
      id="dashboard-actions"
      title={M.actionsTitle}
      icon={ListChecks}
      className="rounded-xl border border-brand-200 bg-brand-50 p-4 sm:p-6"
    >
      {actions.length === 0 ? (
        <p className="text-slate-800">
          {M.noAction}{' '}
          <Link to="/recommandations/nouvelle" className="font-semibold text-brand-800 underline underline-offset-4">
            {M.newRecommendation}
          </Link>
        </p>
      ) : (
        <ol className="flex flex-col gap-3">
          {actions.map((action) => (
            <li key={action.key} className="flex flex-col gap-0.5">
              <Link
                to={action.to}
                className="inline-flex items-center gap-1 self-start font-semibold text-brand-800 underline underline-offset-4"
              >
                {action.label}
                <ArrowRight aria-hidden="true" className="size-4 shrink-0" />
              </Link>
              <span className="text-sm text-slate-700">{action.detail}</span>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

/** `Vos affaires`: the confirmed amounts, and apart from them what waits on someone. */
function Business({ dashboard }: { dashboard: Dashboard }) {
  const b = dashboard.business;
  const waiting = (w: { count: number }) => M.count(w.count);
  return (
    <Section id="dashboard-business" title={M.businessTitle} icon={Handshake}>
      <p className="text-slate-700">{M.businessIntro}</p>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <FigureItem figureKey="confirmedReceived" value={formatMoney(b.confirmedReceivedCents)} tone="confirmed" />
        <FigureItem figureKey="confirmedGiven" value={formatMoney(b.confirmedGivenCents)} tone="confirmed" />
        <FigureItem
          figureKey="toConfirm"
          value={formatMoney(b.toConfirm.amountCents)}
          detail={waiting(b.toConfirm)}
          tone={b.toConfirm.count > 0 ? 'waiting' : 'plain'}
        />
        <FigureItem figureKey="awaiting" value={formatMoney(b.awaiting.amountCents)} detail={waiting(b.awaiting)} />
        <FigureItem
          figureKey="disputed"
          value={formatMoney(b.disputed.amountCents)}
          detail={waiting(b.disputed)}
          tone={b.disputed.count > 0 ? 'waiting' : 'plain'}
        />
      </dl>
    </Section>
  );
}

/** The 12 months' trend: the chart (lazy), then what each series counts. */
function Trend({ dashboard }: { dashboard: Dashboard }) {
  return (
    <Section id="dashboard-trend" title={M.trendTitle} icon={TrendingUp}>
      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <Suspense fallback={<Loading label={M.loading} className="py-8" />}>
          <DashboardChart months={dashboard.months} />
        </Suspense>
      </div>
      <div className="rounded-xl bg-slate-50 p-4">
        <h3 className="mb-2 font-semibold text-slate-900">{M.definitions}</h3>
        <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-slate-700">
          {DASHBOARD_SERIES.map((s) => (
            <li key={s}>
              {D[s].label}
              {'\u00a0: '}
              {D[s].counts}
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}

/**
 * /dashboard (issue 29): the next actions first, the business confirmed apart from the business
 * waiting, the 12 months' trend, then the figures to date grouped; every figure says what it
 * counts (dashboardDefinitions).
 */
export function DashboardFigures() {
  const dashboard = useDashboard();

  if (dashboard.isPending) {
    return (
      <Loading label={M.loading}>
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
    return <LoadError message={M.loadFailed} onRetry={() => dashboard.refetch()} />;
  }

  const data = dashboard.data;
  return (
    <div className="flex flex-col gap-10">
      <NextActions dashboard={data} />
      <Business dashboard={data} />
      <Trend dashboard={data} />
      <section aria-labelledby="dashboard-activity" className="flex flex-col gap-4">
        <h2 id="dashboard-activity" className="text-xl font-bold text-slate-900">
          {M.activityTitle}
        </h2>
        <ul className="grid gap-6 lg:grid-cols-2">
          {cards(data).map((card) => (
            <li key={card.id}>
              <FigureCard {...card} />
            </li>
          ))}
        </ul>
      </section>
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
