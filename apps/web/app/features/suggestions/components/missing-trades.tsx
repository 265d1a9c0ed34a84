import { formatCount, formatNumber } from '@synergie/shared/format';
import { suggestionMessages as m, suggestionDefinitions } from '@synergie/shared/suggestion-constants';
import { LoadError, Loading } from '~/components/query-state';
import { Card } from '~/components/ui/card';
import { type MissingTrades as Missing, useMissingTrades } from '../api/get-suggestions';

type Item = Missing['items'][number];

const groupsCount = (n: number) => formatCount(n, { one: 'groupe', other: 'groupes' });

/** `Les métiers qui manquent à votre groupe` (issue 29), on /mon-groupe: each trade with its figures. */
export function MissingTrades() {
  const query = useMissingTrades();
  const data = query.data;
  return (
    <section aria-labelledby="missing-trades-title">
      <h2 id="missing-trades-title" className="text-2xl font-bold text-slate-900">
        {m.missingTitle}
      </h2>
      <p className="mt-1 text-slate-700">{m.missingIntro}</p>
      {query.isPending ? <Loading label={m.loading} className="mt-4" /> : null}
      {query.isError ? <LoadError message={m.loadFailed} onRetry={() => query.refetch()} /> : null}
      {data ? (
        data.group === null ? (
          <p className="mt-4 text-slate-700">{m.noGroup}</p>
        ) : data.items.length === 0 ? (
          <p className="mt-4 text-slate-700">{m.noMissing}</p>
        ) : (
          <ul className="mt-4 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
            {data.items.map((item) => (
              <li key={item.trade.id}>
                <TradeCard item={item} data={data} />
              </li>
            ))}
          </ul>
        )
      ) : null}
      <details className="mt-4 text-sm text-slate-700">
        <summary className="cursor-pointer font-medium text-slate-800">{m.definitions}</summary>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>{suggestionDefinitions.missingTrades}</li>
          <li>{suggestionDefinitions.likeGroups}</li>
        </ul>
      </details>
    </section>
  );
}

function TradeCard({ item, data }: { item: Item; data: Missing }) {
  const where = m.likeGroups(data.likeGroups.scope, groupsCount(data.likeGroups.count), data.group?.region ?? '');
  return (
    <Card className="h-full p-4">
      <p className="font-semibold text-slate-900">{item.trade.label}</p>
      <p className="text-sm text-slate-700">
        {formatCount(item.why.recommendationsReceived, {
          one: 'recommandation reçue',
          other: 'recommandations reçues',
        })}{' '}
        sur 12 mois
      </p>
      <details className="mt-3 rounded-md border border-slate-200 bg-slate-50 text-sm">
        <summary className="cursor-pointer rounded-md px-3 py-2 font-medium text-brand-800 hover:bg-slate-100">
          {m.why}
        </summary>
        <ul className="list-disc space-y-1 px-3 pb-3 pl-7 text-slate-700">
          <li>{m.absent}</li>
          <li>
            {m.received(
              item.trade.label,
              formatCount(item.why.recommendationsReceived, { one: 'recommandation', other: 'recommandations' }),
              where,
            )}
          </li>
          <li>{m.seated(groupsCount(item.why.groupsWithTrade), formatNumber(data.likeGroups.count))}</li>
        </ul>
      </details>
    </Card>
  );
}
