import { formatCount, formatMoney } from '@synergie/shared/format';
import { suggestionMessages as m, suggestionDefinitions } from '@synergie/shared/suggestion-constants';
import { Link } from 'react-router';
import { MemberAvatar } from '~/components/member-avatar';
import { LoadError, Loading } from '~/components/query-state';
import { Card } from '~/components/ui/card';
import { type OneToOneSuggestions as Suggestions, useOneToOneSuggestions } from '../api/get-suggestions';

type Item = Suggestions['items'][number];

/** `Qui rencontrer en tête-à-tête` (issue 29), on /tete-a-tete: each member with the figures behind them. */
export function OneToOneSuggestions() {
  const query = useOneToOneSuggestions();
  return (
    <section aria-labelledby="one-to-one-suggestions-title">
      <h2 id="one-to-one-suggestions-title" className="text-2xl font-semibold text-slate-900">
        {m.oneToOneTitle}
      </h2>
      <p className="mt-1 text-slate-700">{m.oneToOneIntro}</p>
      {query.isPending ? <Loading label={m.loading} className="mt-4" /> : null}
      {query.isError ? <LoadError message={m.loadFailed} onRetry={() => query.refetch()} /> : null}
      {query.data ? (
        query.data.myTrade === null ? (
          <p className="mt-4 text-slate-700">
            {m.noTrade}{' '}
            <Link to="/profile" className="font-medium text-brand-800 underline underline-offset-2">
              Mon profil
            </Link>
          </p>
        ) : query.data.items.length === 0 ? (
          <p className="mt-4 text-slate-700">{m.noOneToOne}</p>
        ) : (
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {query.data.items.map((item) => (
              <li key={item.member.id}>
                <SuggestionCard item={item} myTrade={query.data.myTrade ?? ''} />
              </li>
            ))}
          </ul>
        )
      ) : null}
      <Definitions />
    </section>
  );
}

function Definitions() {
  return (
    <details className="mt-4 text-sm text-slate-700">
      <summary className="cursor-pointer font-medium text-slate-800">{m.definitions}</summary>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>{suggestionDefinitions.oneToOne}</li>
        <li>{suggestionDefinitions.nearest}</li>
      </ul>
    </details>
  );
}

function SuggestionCard({ item, myTrade }: { item: Item; myTrade: string }) {
  const { member, why } = item;
  const where = [member.groupName, member.city].filter(Boolean).join(' · ');
  return (
    <Card className="h-full p-4">
      <div className="flex items-start gap-3">
        <MemberAvatar name={member.name} avatarUrl={member.image} size="md" />
        <div className="min-w-0">
          <Link
            to={`/membres/${encodeURIComponent(member.id)}`}
            className="font-semibold text-slate-900 underline-offset-2 hover:underline"
          >
            {member.name}
          </Link>
          <p className="text-sm text-slate-700">{member.trade}</p>
          {where ? <p className="text-sm text-slate-600">{where}</p> : null}
        </div>
      </div>
      <details className="mt-3 rounded-md border border-slate-200 bg-slate-50 text-sm">
        <summary className="cursor-pointer rounded-md px-3 py-2 font-medium text-brand-800 hover:bg-slate-100">
          {m.why}
        </summary>
        <ul className="list-disc space-y-1 px-3 pb-3 pl-7 text-slate-700">
          <li>
            {m.tradePair(
              myTrade,
              member.trade,
              formatCount(why.wonBetweenTrades, { one: 'recommandation gagnée', other: 'recommandations gagnées' }),
            )}
            {why.confirmedBetweenTrades > 0
              ? ` ${m.confirmedPart(
                  formatCount(why.confirmedBetweenTrades, { one: 'affaire confirmée', other: 'affaires confirmées' }),
                  formatMoney(why.confirmedAmountCents),
                )}`
              : null}
          </li>
          <li>{m.notMet}</li>
          <li>{m.proximity[item.proximity](item.proximityPlace ?? '')}</li>
        </ul>
      </details>
    </Card>
  );
}
