import { formatDateTime } from '@synergie/shared/format';
import { memberQuotas, QUOTA_LIFT_HOURS } from '@synergie/shared/quotas';
import { useState } from 'react';
import { QueryState } from '~/components/query-state';
import { Button } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { apiErrorMessage } from '~/lib/api-client';
import { parseApiDateTime } from '~/lib/api-dates';
import { notify } from '~/lib/toast';
import { type QuotaHitItem, useLiftQuota, useQuotaHits } from '../api/admin-quotas';

const liftLabels: Record<(typeof QUOTA_LIFT_HOURS)[number], string> = {
  1: '1 heure',
  24: '1 jour',
  168: '7 jours',
  720: '30 jours',
};

/** /admin/quotas (issue 33): who hit a member quota these 7 days, and lifting it for one member. */
export function QuotasAdmin() {
  const hits = useQuotaHits();
  return (
    <QueryState query={hits} errorMessage="Les limites n’ont pas pu être chargées.">
      {(data) => (
        <div className="flex flex-col gap-8">
          {data.items.length === 0 ? (
            <p className="text-slate-600">Aucun membre n’a atteint de limite ces 7 derniers jours.</p>
          ) : (
            <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Membres qui ont atteint une limite</caption>
                <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      Membre
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Limite
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Cette heure
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Aujourd’hui
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Refus
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Lever la limite
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {data.items.map((hit) => (
                    <QuotaRow key={`${hit.userId}-${hit.quota}`} hit={hit} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <section aria-labelledby="limites-en-vigueur" className="flex flex-col gap-2">
            <h2 id="limites-en-vigueur" className="text-lg font-semibold text-slate-900">
              Limites en vigueur
            </h2>
            <ul className="grid gap-1 text-sm text-slate-700 sm:grid-cols-2">
              {data.limits.map((l) => (
                <li key={l.quota}>
                  {`${memberQuotas[l.quota].label}\u00a0: ${l.perHour} par heure, ${l.perDay} par jour`}
                </li>
              ))}
            </ul>
          </section>
        </div>
      )}
    </QueryState>
  );
}

function QuotaRow({ hit }: { hit: QuotaHitItem }) {
  const lift = useLiftQuota();
  const [hours, setHours] = useState<(typeof QUOTA_LIFT_HOURS)[number]>(24);
  const label = memberQuotas[hit.quota].label;
  const selectId = `lift-${hit.userId}-${hit.quota}`;
  const run = (value: 0 | (typeof QUOTA_LIFT_HOURS)[number]) =>
    lift.mutate(
      { userId: hit.userId, quota: hit.quota, hours: value },
      {
        onSuccess: () => notify.success(value === 0 ? 'Limite rétablie.' : `Limite levée pour ${liftLabels[value]}.`),
        onError: (error) => notify.error(apiErrorMessage(error, 'La limite n’a pas pu être changée.')),
      },
    );
  return (
    <tr className="align-top">
      <th scope="row" className="px-3 py-2 font-medium text-slate-900">
        <span className="block">{hit.name}</span>
        <span className="block text-xs font-normal text-slate-600">{hit.email}</span>
      </th>
      <td className="px-3 py-2">{label}</td>
      <td className="px-3 py-2">{`${hit.hourCount} sur ${hit.perHour}`}</td>
      <td className="px-3 py-2">{`${hit.dayCount} sur ${hit.perDay}`}</td>
      <td className="px-3 py-2">
        <span className="block">{hit.refusedCount}</span>
        {hit.lastRefusedAt ? (
          <span className="block text-xs text-slate-600">
            {`Dernier le ${formatDateTime(parseApiDateTime(hit.lastRefusedAt))}`}
          </span>
        ) : null}
      </td>
      <td className="px-3 py-2">
        {hit.liftedUntil ? (
          <div className="flex flex-col items-start gap-1">
            <span>{`Levée jusqu’au ${formatDateTime(parseApiDateTime(hit.liftedUntil))}`}</span>
            <Button type="button" size="sm" variant="outline" disabled={lift.isPending} onClick={() => run(0)}>
              Rétablir<span className="sr-only">{` la limite de ${hit.name}`}</span>
            </Button>
          </div>
        ) : (
          <div className="flex flex-wrap items-end gap-2">
            <div className="flex flex-col gap-1">
              <Label htmlFor={selectId} className="text-xs">
                {`Durée pour ${hit.name}`}
              </Label>
              <select
                id={selectId}
                className="rounded-md border border-slate-300 bg-white px-2 py-1"
                value={hours}
                onChange={(e) => setHours(Number(e.target.value) as (typeof QUOTA_LIFT_HOURS)[number])}
              >
                {QUOTA_LIFT_HOURS.map((h) => (
                  <option key={h} value={h}>
                    {liftLabels[h]}
                  </option>
                ))}
              </select>
            </div>
            <Button type="button" size="sm" disabled={lift.isPending} onClick={() => run(hours)}>
              Lever<span className="sr-only">{` la limite de ${hit.name}`}</span>
            </Button>
          </div>
        )}
      </td>
    </tr>
  );
}
