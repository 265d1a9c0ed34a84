import { formatDate, formatMoney, formatMonth } from '@synergie/shared/format';
import { returnDefinitions as D, returnMessages as M } from '@synergie/shared/return-constants';
import { lazy, Suspense } from 'react';
import { LoadError, Loading } from '~/components/query-state';
import { parseApiDateTime } from '~/lib/api-dates';
import { type MyReturn, useMyReturn } from '../api/get-my-return';

// The chart library loads with the chart only (docs/decisions/0018-charts.md).
const ReturnChart = lazy(() => import('./return-chart').then((m) => ({ default: m.ReturnChart })));

/** `Mon retour sur cotisation` (/mon-retour, issue 29): every figure says what it counts. */
export function ReturnView() {
  const query = useMyReturn();
  if (query.isPending) return <Loading label={M.loading} className="px-4 py-12" />;
  if (query.isError) {
    return (
      <div className="mx-auto max-w-4xl px-4 py-12">
        <LoadError message={M.loadFailed} error={query.error} onRetry={() => query.refetch()} />
      </div>
    );
  }
  const data = query.data;
  const { totals } = data;
  const ratio = totals.paidExclVatCents > 0 ? totals.receivedCents / totals.paidExclVatCents : null;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-6 sm:px-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{M.title}</h1>
        <p className="text-slate-700">{M.intro}</p>
      </header>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure label={M.received} value={`${formatMoney(totals.receivedCents)} HT`} />
        <Figure label={M.given} value={`${formatMoney(totals.givenCents)} HT`} />
        <Figure
          label={M.paidTtc}
          value={formatMoney(totals.paidCents)}
          detail={`${formatMoney(totals.paidExclVatCents)} HT`}
        />
        <Figure
          label={M.ratio}
          value={ratio === null ? '–' : `${ratio.toLocaleString('fr-FR', { maximumFractionDigits: 1 })} €`}
        />
      </dl>
      <p className="font-medium text-slate-900" role="status">
        {data.breakEvenMonth ? M.breakEvenReached(formatMonth(data.breakEvenMonth)) : M.breakEvenNotYet}
      </p>
      <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <Suspense fallback={<Loading label={M.loading} className="py-8" />}>
          <ReturnChart data={data} />
        </Suspense>
      </section>
      <Sources data={data} />
      <section aria-labelledby="retour-declarees" className="flex flex-col gap-2">
        <h2 id="retour-declarees" className="text-lg font-semibold text-slate-900">
          {M.declaredTitle}
        </h2>
        <p className="text-slate-700">
          {data.declared.count === 0
            ? 'Aucune.'
            : `${data.declared.count} affaire${data.declared.count > 1 ? 's' : ''} pour ${formatMoney(data.declared.amountCents)} HT.`}
        </p>
      </section>
      <section aria-labelledby="retour-perdues" className="flex flex-col gap-2">
        <h2 id="retour-perdues" className="text-lg font-semibold text-slate-900">
          {M.lostTitle}
        </h2>
        {data.lost.length === 0 ? (
          <p className="text-slate-700">{M.noLost}</p>
        ) : (
          <ul className="flex flex-col gap-1 text-slate-800">
            {data.lost.map((l) => (
              <li key={l.recommendationId}>
                {formatDate(parseApiDateTime(l.at), 'medium')} · {l.reason ?? M.noReason}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="retour-definitions" className="flex flex-col gap-2 rounded-xl bg-slate-50 p-4">
        <h2 id="retour-definitions" className="text-lg font-semibold text-slate-900">
          {M.definitions}
        </h2>
        <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-slate-700">
          {Object.entries(D).map(([key, text]) => (
            <li key={key}>{text}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-xl font-semibold text-slate-900">
        {value}
        {detail ? <span className="block text-sm font-normal text-slate-600">{detail}</span> : null}
      </dd>
    </div>
  );
}

function Sources({ data }: { data: MyReturn }) {
  return (
    <section aria-labelledby="retour-sources" className="flex flex-col gap-3">
      <h2 id="retour-sources" className="text-lg font-semibold text-slate-900">
        {M.sourcesTitle}
      </h2>
      {data.byMember.length === 0 ? (
        <p className="text-slate-700">{M.noSource}</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          {[
            [M.byMember, data.byMember],
            [M.byTrade, data.byTrade],
          ].map(([title, list]) => (
            <div key={title as string}>
              <h3 className="mb-1 font-medium text-slate-800">{title as string}</h3>
              <ul className="flex flex-col gap-1 text-slate-700">
                {(list as MyReturn['byMember']).map((s) => (
                  <li key={s.label} className="flex justify-between gap-3">
                    <span>{s.label}</span>
                    <span className="font-medium text-slate-900">{formatMoney(s.amountCents)} HT</span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
