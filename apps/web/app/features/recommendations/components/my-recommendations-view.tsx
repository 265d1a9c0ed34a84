import { formatMoney } from '@synergie/shared/format';
import {
  HEAT_LABELS,
  RECOMMENDATION_KIND_LABELS,
  RECOMMENDATION_STATUS_LABELS,
  RECOMMENDATION_STATUSES,
  type RecommendationStatus,
  recommendationMessages,
} from '@synergie/shared/recommendation-constants';
import { Download, Handshake, Plus } from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '~/components/empty-state';
import { Pagination, pageCount } from '~/components/pagination';
import { LoadError, Loading } from '~/components/query-state';
import { Button } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { cn } from '~/lib/utils';
import { csvHref, type RecommendationSummary, useMyRecommendations } from '../api/recommendations';
import { apiDay, formatMonth, recentMonths } from '../lib/format';
import { BusinessBadge, StatusBadge } from './status-badge';

type Side = 'received' | 'given';

const selectClass =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600';

const isStatus = (v: string | null): v is RecommendationStatus =>
  v !== null && (RECOMMENDATION_STATUSES as readonly string[]).includes(v);

/** The page's filters, read from its address (so the back button and a shared link keep them). */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const side: Side = params.get('side') === 'given' ? 'given' : 'received';
  const rawStatus = params.get('status');
  const status = isStatus(rawStatus) ? rawStatus : undefined;
  const rawMonth = params.get('month');
  const month = rawMonth && /^\d{4}-(0[1-9]|1[0-2])$/.test(rawMonth) ? rawMonth : undefined;
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  /** The address of these filters with some changed (back to page 1 unless a page is given). */
  const href = (change: { side?: Side; status?: string; month?: string; page?: number }) => {
    const next = new URLSearchParams();
    const values = { side, status, month, ...change };
    if (values.side === 'given') next.set('side', 'given');
    if (values.status) next.set('status', values.status);
    if (values.month) next.set('month', values.month);
    if (change.page && change.page > 1) next.set('page', String(change.page));
    const search = next.toString();
    return `/recommandations${search ? `?${search}` : ''}`;
  };
  const set = (change: { status?: string; month?: string }) => {
    setParams(new URL(href(change), 'http://x').searchParams);
  };
  return { side, status, month, page, href, set };
}

/** /recommandations: `Mes recommandations`, received or given, filtered by status and month. */
export function MyRecommendationsView() {
  const id = useId();
  const { side, status, month, page, href, set } = useFilters();
  const list = useMyRecommendations({ side, status, month, page });
  const months = recentMonths();
  if (month && !months.includes(month)) months.push(month);
  const tabs: [Side, string][] = [
    ['received', recommendationMessages.received],
    ['given', recommendationMessages.given],
  ];
  const filtered = Boolean(status || month);

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-12 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <nav aria-label="Recommandations reçues ou données">
          <ul className="flex gap-1 rounded-lg bg-slate-100 p-1">
            {tabs.map(([value, label]) => (
              <li key={value}>
                <Link
                  to={href({ side: value, status: undefined, month: undefined })}
                  aria-current={side === value ? 'page' : undefined}
                  className={cn(
                    'block rounded-md px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                    side === value ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-700 hover:text-slate-900',
                  )}
                >
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href={csvHref({ side, status, month })} download>
              <Download aria-hidden="true" />
              {recommendationMessages.exportCsv}
            </a>
          </Button>
          <Button asChild variant="accent">
            <Link to="/recommandations/nouvelle">
              <Plus aria-hidden="true" />
              {recommendationMessages.recommend}
            </Link>
          </Button>
        </div>
      </div>

      <form
        aria-label="Filtrer les recommandations"
        className="grid gap-4 sm:grid-cols-2 lg:max-w-2xl"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-status`}>Statut</Label>
          <select
            id={`${id}-status`}
            className={selectClass}
            value={status ?? ''}
            onChange={(e) => set({ status: e.target.value || undefined })}
          >
            <option value="">Tous les statuts</option>
            {RECOMMENDATION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {RECOMMENDATION_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-month`}>Mois</Label>
          <select
            id={`${id}-month`}
            className={selectClass}
            value={month ?? ''}
            onChange={(e) => set({ month: e.target.value || undefined })}
          >
            <option value="">Tous les mois</option>
            {months.map((m) => (
              <option key={m} value={m}>
                {formatMonth(m)}
              </option>
            ))}
          </select>
        </div>
      </form>

      {list.isPending ? (
        <Loading label="Chargement des recommandations…">
          <div className="flex animate-pulse flex-col gap-3" aria-hidden="true">
            {[0, 1, 2].map((i) => (
              <div key={i} className="h-28 rounded-xl bg-slate-200" />
            ))}
          </div>
        </Loading>
      ) : list.isError ? (
        <LoadError
          message="Impossible de charger vos recommandations."
          error={list.error}
          onRetry={() => list.refetch()}
        />
      ) : list.data.items.length === 0 ? (
        <EmptyState
          icon={Handshake}
          action={
            filtered ? (
              <Button asChild variant="outline">
                <Link to={href({ status: undefined, month: undefined })}>Voir toutes les recommandations</Link>
              </Button>
            ) : side === 'given' ? (
              <Button asChild>
                <Link to="/recommandations/nouvelle">Recommander un membre</Link>
              </Button>
            ) : null
          }
        >
          {filtered
            ? 'Aucune recommandation ne correspond à ces filtres.'
            : side === 'received'
              ? 'Vous n’avez pas encore reçu de recommandation. Elles arrivent ici dès qu’un membre vous en passe une.'
              : 'Vous n’avez pas encore donné de recommandation. Passez un contact à un membre du réseau\u00a0: il vous dira ce qu’il en a fait.'}
        </EmptyState>
      ) : (
        <section aria-labelledby={`${id}-list`} className="flex flex-col gap-4">
          <h2 id={`${id}-list`} className="text-xl font-semibold text-slate-900">
            {side === 'received' ? 'Recommandations reçues' : 'Recommandations données'}{' '}
            <span className="font-normal text-slate-600">({list.data.total})</span>
          </h2>
          <ul className="flex flex-col gap-3">
            {list.data.items.map((item) => (
              <li key={item.id}>
                <RecommendationRow item={item} side={side} />
              </li>
            ))}
          </ul>
          <Pagination
            page={list.data.page}
            pages={pageCount(list.data.total, list.data.pageSize)}
            href={(p) => href({ page: p })}
          />
        </section>
      )}
    </div>
  );
}

function RecommendationRow({ item, side }: { item: RecommendationSummary; side: Side }) {
  const other = side === 'received' ? item.giver : item.receiver;
  const otherName = other?.name ?? recommendationMessages.deletedMember;
  const title = item.contactName ?? RECOMMENDATION_KIND_LABELS[item.kind];
  return (
    <article className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-start sm:justify-between">
      <div className="flex flex-col gap-1">
        <p className="text-sm text-slate-600">
          <time dateTime={item.createdAt}>{apiDay(item.createdAt)}</time> · {side === 'received' ? 'De' : 'Pour'}{' '}
          <span className="font-medium text-slate-800">{otherName}</span>
        </p>
        <h3 className="text-lg font-semibold text-slate-900">
          <Link
            to={`/recommandations/${encodeURIComponent(item.id)}`}
            className="hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {title}
          </Link>
        </h3>
        <p className="text-sm text-slate-700">
          {RECOMMENDATION_KIND_LABELS[item.kind]} · {recommendationMessages.heat}&nbsp;: {item.heat}/5 (
          {HEAT_LABELS[item.heat]})
        </p>
        {item.need ? <p className="line-clamp-2 text-sm text-slate-600">{item.need}</p> : null}
      </div>
      <div className="flex flex-col items-start gap-2 sm:items-end">
        <StatusBadge status={item.status} />
        {item.amountCents !== null ? (
          <p className="text-sm text-slate-800">
            <span className="font-semibold">{formatMoney(item.amountCents)} HT</span>{' '}
            {item.businessStatus ? <BusinessBadge status={item.businessStatus} /> : null}
          </p>
        ) : null}
      </div>
    </article>
  );
}
