import {
  HEALTH_COMPARE_PARAM,
  HEALTH_MAX_COMPARED,
  groupHealthMessages as M,
} from '@synergie/shared/group-health-constants';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError, Loading } from '~/components/query-state';
import { Button } from '~/components/ui/button';
import { type GroupHealth, useGroupHealth } from '../api/get-health';
import { ComparisonTable, HealthFiguresView } from './health-figures';

/** `?comparer=id1,id2`: the groups the leader chose, kept in the page's address. */
function useCompared(): [string[], (ids: string[]) => void] {
  const [params, setParams] = useSearchParams();
  const ids = (params.get(HEALTH_COMPARE_PARAM) ?? '').split(',').filter(Boolean).slice(0, HEALTH_MAX_COMPARED);
  const set = (next: string[]) =>
    setParams(
      (current) => {
        const p = new URLSearchParams(current);
        if (next.length === 0) p.delete(HEALTH_COMPARE_PARAM);
        else p.set(HEALTH_COMPARE_PARAM, next.join(','));
        return p;
      },
      { preventScrollReset: true, replace: true },
    );
  return [ids, set];
}

function ComparePicker({
  data,
  compared,
  onChange,
}: {
  data: GroupHealth;
  compared: string[];
  onChange: (ids: string[]) => void;
}) {
  const selectId = useId();
  const [choice, setChoice] = useState('');
  const choices = data.choices.filter((c) => !compared.includes(c.id));
  const full = compared.length >= HEALTH_MAX_COMPARED;
  return (
    <section aria-labelledby={`${selectId}-title`} className="rounded-xl border border-slate-200 bg-white p-4">
      <h3 id={`${selectId}-title`} className="text-lg font-semibold text-slate-900">
        {M.compareTitle}
      </h3>
      <p className="mb-3 text-sm text-slate-600">{M.compareHelp}</p>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (choice && !full) {
            onChange([...compared, choice]);
            setChoice('');
          }
        }}
      >
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
            {M.compareWith}
          </label>
          <select
            id={selectId}
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
            disabled={full}
            className="h-10 max-w-full rounded-md border border-slate-300 bg-white px-3 text-sm"
          >
            <option value="">—</option>
            {choices.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.city})
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" size="sm" disabled={full || !choice}>
          {M.compareAdd}
        </Button>
        {full ? <p className="text-sm text-slate-600">{M.compareFull}</p> : null}
      </form>
      {data.compared.length > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-2">
          {data.compared.map((c) => (
            <li key={c.group.id}>
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => onChange(compared.filter((id) => id !== c.group.id))}
              >
                {c.group.name}
                <X aria-hidden="true" />
                <span className="sr-only">{`, ${M.compareRemove(c.group.name)}`}</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/**
 * `Vue d'ensemble` of the leaders' page (issue 29): the group's health over 12 Paris weeks against
 * the groups the leader picks (aggregates only) and the national median. The default export is
 * what the tab loads lazily, with the chart code.
 */
export default function GroupHealthOverview({ groupId }: { groupId: string }) {
  const [compared, setCompared] = useCompared();
  const query = useGroupHealth(groupId, compared);
  if (query.isPending) {
    return (
      <Loading label={M.loading}>
        <div className="h-96 animate-pulse rounded-xl bg-slate-200" aria-hidden="true" />
      </Loading>
    );
  }
  if (query.isError) {
    return <LoadError message={M.loadFailed} error={query.error} onRetry={() => query.refetch()} />;
  }
  const data = query.data;
  const compare = data.compared.map((c) => ({ name: c.group.name, figures: c.figures }));
  return (
    <section aria-labelledby="health-title" className="flex flex-col gap-8">
      <div>
        <h2 id="health-title" className="mb-2 text-2xl font-bold text-slate-900">
          {M.title}
        </h2>
        <p className="text-slate-600">{M.intro}</p>
      </div>
      <ComparePicker data={data} compared={compared} onChange={setCompared} />
      <ComparisonTable
        caption={M.comparison}
        columns={[{ name: data.group.name, figures: data.figures }, ...compare]}
        national={data.national}
      />
      <HealthFiguresView figures={data.figures} national={data.national} compared={compare} ownLabel={M.thisGroup} />
    </section>
  );
}
