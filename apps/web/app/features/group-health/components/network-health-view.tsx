import { groupHealthMessages as M } from '@synergie/shared/group-health-constants';
import { Lock } from 'lucide-react';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '~/components/empty-state';
import { LoadError, Loading } from '~/components/query-state';
import { ApiRequestError } from '~/lib/api-client';
import { useNetworkHealth } from '../api/get-health';
import { ComparisonTable, HealthFiguresView } from './health-figures';

const REGION_PARAM = 'region';

/**
 * /admin/sante-du-reseau: the same figures as a group's overview, pooled for the whole network or
 * the region chosen (`?region=`), every region side by side against the national median.
 */
export default function NetworkHealthView() {
  const selectId = useId();
  const query = useNetworkHealth();
  const [params, setParams] = useSearchParams();
  if (query.isPending) {
    return (
      <Loading label={M.loading} className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="h-96 animate-pulse rounded-xl bg-slate-200" aria-hidden="true" />
      </Loading>
    );
  }
  if (query.isError) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        {query.error instanceof ApiRequestError && query.error.status === 403 ? (
          <EmptyState icon={Lock}>Cette page est réservée aux administrateurs.</EmptyState>
        ) : (
          <LoadError message={M.loadFailed} error={query.error} onRetry={() => query.refetch()} />
        )}
      </div>
    );
  }
  const data = query.data;
  const region = data.regions.find((r) => r.region === params.get(REGION_PARAM));
  const shown = region ? { name: region.region, figures: region.figures } : { name: M.network, figures: data.network };
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-12 sm:px-6 lg:px-8">
      <ComparisonTable
        caption={`${M.network} et ${M.region.toLowerCase()}s, sur 12 semaines`}
        columns={[
          { name: M.network, figures: data.network },
          ...data.regions.map((r) => ({ name: r.region, figures: r.figures })),
        ]}
        national={data.national}
      />
      <section aria-labelledby={`${selectId}-title`} className="flex flex-col gap-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id={`${selectId}-title`} className="text-2xl font-bold text-slate-900">
            {shown.name}
          </h2>
          <div className="flex flex-col gap-1">
            <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
              {M.region}
            </label>
            <select
              id={selectId}
              value={region?.region ?? ''}
              onChange={(e) =>
                setParams(
                  (current) => {
                    const p = new URLSearchParams(current);
                    if (e.target.value) p.set(REGION_PARAM, e.target.value);
                    else p.delete(REGION_PARAM);
                    return p;
                  },
                  { preventScrollReset: true, replace: true },
                )
              }
              className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm"
            >
              <option value="">{M.network}</option>
              {data.regions.map((r) => (
                <option key={r.region} value={r.region}>
                  {r.region} ({r.groups} {M.groups.toLowerCase()})
                </option>
              ))}
            </select>
          </div>
        </div>
        <HealthFiguresView figures={shown.figures} national={data.national} ownLabel={shown.name} />
      </section>
    </div>
  );
}
