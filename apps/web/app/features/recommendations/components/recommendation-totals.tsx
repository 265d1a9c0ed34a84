import { formatMoney, formatNumber } from '@synergie/shared/format';
import { recommendationMessages, recommendationRateDefinitions } from '@synergie/shared/recommendation-constants';
import { Lock } from 'lucide-react';
import { useId } from 'react';
import { EmptyState } from '~/components/empty-state';
import { LoadError, Loading } from '~/components/query-state';
import { ApiRequestError } from '~/lib/api-client';
import {
  type RecommendationTotals,
  useAdminRecommendationTotals,
  useGroupRecommendationTotals,
} from '../api/recommendations';
import { formatMonth } from '../lib/format';

const percent = (value: number | null) =>
  value === null ? '—' : `${formatNumber(value, { fractionDigits: 0 })}\u202f%`;

/** The months of a group's or the network's recommendations, as a table, and the period's totals. */
export function TotalsTable({ totals, caption }: { totals: RecommendationTotals; caption: string }) {
  const t = totals.total;
  const closed = t.won + t.lost + t.noFollowUp;
  // One cohort, the recommendations given over the 12 months: gagnées + perdues + sans suite +
  // en cours = données, and the rate reads off the figures beside it.
  const figures: [string, string, string?][] = [
    ['Recommandations données', formatNumber(t.given)],
    ['Gagnées', formatNumber(t.won)],
    ['Perdues', formatNumber(t.lost)],
    ['Sans suite', formatNumber(t.noFollowUp)],
    ['En cours', formatNumber(t.open)],
    [
      recommendationMessages.conversion,
      percent(t.conversionPercent),
      closed === 0
        ? 'Aucune recommandation close'
        : `${formatNumber(t.won)} / (${formatNumber(t.won)} + ${formatNumber(t.lost)} + ${formatNumber(t.noFollowUp)})`,
    ],
    [`${recommendationMessages.declaredAmount} (HT)`, formatMoney(t.declaredCents)],
    [`${recommendationMessages.confirmedAmount} (HT)`, formatMoney(t.confirmedCents)],
  ];
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(([label, value, detail]) => (
          <div key={label} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="text-xl font-bold text-slate-900">{value}</dd>
            {detail ? <dd className="text-sm text-slate-600">{detail}</dd> : null}
          </div>
        ))}
      </dl>
      <div className="rounded-xl border border-slate-200 bg-white p-4">
        <h3 className="mb-2 font-semibold text-slate-900">Ce que compte chaque chiffre</h3>
        <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-slate-700">
          {Object.entries(recommendationRateDefinitions).map(([key, text]) => (
            <li key={key}>{text}</li>
          ))}
        </ul>
      </div>
      {totals.months.length === 0 ? (
        <p className="text-slate-600">Aucune recommandation sur les 12 derniers mois.</p>
      ) : (
        // A scrolling region on narrow screens: reachable by keyboard (axe's scrollable-region-focusable).
        <section
          className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          tabIndex={0}
          aria-label={caption}
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Mois
                </th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  Données
                </th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  Gagnées
                </th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  Perdues
                </th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  Sans suite
                </th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  En cours
                </th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  Déclaré (HT)
                </th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  Confirmé (HT)
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {totals.months.map((m) => (
                <tr key={m.month}>
                  <th scope="row" className="px-4 py-3 font-medium capitalize text-slate-900">
                    {formatMonth(m.month)}
                  </th>
                  <td className="px-4 py-3 text-right tabular-nums">{formatNumber(m.given)}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{formatNumber(m.won)}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{formatNumber(m.lost)}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{formatNumber(m.noFollowUp)}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{formatNumber(m.open)}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{formatMoney(m.declaredCents)}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{formatMoney(m.confirmedCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}

function TotalsState({
  query,
  caption,
  forbidden,
}: {
  query: ReturnType<typeof useGroupRecommendationTotals>;
  caption: string;
  forbidden: string;
}) {
  if (query.isPending) {
    return (
      <Loading label="Chargement des totaux…">
        <div className="h-48 animate-pulse rounded-xl bg-slate-200" aria-hidden="true" />
      </Loading>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiRequestError && query.error.status === 403) {
      return <EmptyState icon={Lock}>{forbidden}</EmptyState>;
    }
    return (
      <LoadError
        message="Impossible de charger les totaux des recommandations."
        error={query.error}
        onRetry={() => query.refetch()}
      />
    );
  }
  return <TotalsTable totals={query.data} caption={caption} />;
}

/** The group leaders' page: the group's recommendations month by month. */
export function GroupRecommendationTotals({ groupId }: { groupId: string }) {
  const id = useId();
  const query = useGroupRecommendationTotals(groupId);
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-2xl font-bold text-slate-900">
        {recommendationMessages.recommendations} du groupe
      </h2>
      <p className="mb-4 text-slate-600">
        Les recommandations données par les membres du groupe, mois par mois (12 derniers mois), où elles en sont
        aujourd’hui, avec les affaires conclues déclarées et confirmées.
      </p>
      <TotalsState
        query={query}
        caption="Recommandations du groupe par mois"
        forbidden="Ces totaux sont réservés aux responsables du groupe."
      />
    </section>
  );
}

/** /admin/recommandations: the network's recommendations month by month. */
export function AdminRecommendationTotals() {
  const query = useAdminRecommendationTotals();
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <TotalsState
        query={query}
        caption="Recommandations du réseau par mois"
        forbidden="Ces totaux sont réservés aux administrateurs."
      />
    </div>
  );
}
