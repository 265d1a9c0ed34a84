import { formatCount } from '@synergie/shared/format';
import { formatMeetingRhythm } from '@synergie/shared/group-constants';
import { CalendarClock, MapPin, Search, UsersRound } from 'lucide-react';
import { Form, Link, useSearchParams } from 'react-router';
import { EmptyState } from '~/components/empty-state';
import { LoadError, Loading } from '~/components/query-state';
import { Button } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { useHydrated } from '~/lib/use-hydrated';
import { type GroupSummary, useGroups } from '../api/get-groups';
import { DEPARTMENTS, departmentLabel, REGIONS } from '../lib/territories';

/** A region as the API knows it (its value), with the typographic apostrophe for display. */
const displayName = (region: string) => region.replaceAll("'", '’');

import { GroupStatusBadge } from './group-status-badge';

const SKELETONS = ['a', 'b', 'c', 'd'];
const selectClass =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/**
 * /groupes: the filters (a plain GET form, `?region=…&departement=…`, that works before scripts)
 * and every group, by city.
 */
export function GroupsDirectory() {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  // The prerendered page has no query string: read it only once hydrated.
  const region = hydrated ? (params.get('region') ?? '') : '';
  const department = hydrated ? (params.get('departement') ?? '').toUpperCase() : '';
  const query = useGroups({ region, department }, hydrated);
  const regions = [...new Set([...REGIONS, ...(query.data?.regions ?? [])])].sort((a, b) => a.localeCompare(b, 'fr'));
  const filtered = Boolean(region || department);

  return (
    <section aria-labelledby="groups-list-title" className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="groups-list-title" className="text-3xl font-bold tracking-tight text-slate-900">
          Trouver un groupe près de chez vous
        </h2>
        <Form
          method="get"
          action="/groupes"
          aria-label="Filtrer les groupes"
          className="mt-6 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        >
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="groups-region">Région</Label>
            <select
              id="groups-region"
              name="region"
              defaultValue={region}
              key={`region-${region}`}
              className={selectClass}
            >
              <option value="">Toutes les régions</option>
              {regions.map((name) => (
                <option key={name} value={name}>
                  {displayName(name)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="groups-department">Département</Label>
            <select
              id="groups-department"
              name="departement"
              defaultValue={department}
              key={`department-${department}`}
              className={selectClass}
            >
              <option value="">Tous les départements</option>
              {REGIONS.map((name) => (
                <optgroup key={name} label={displayName(name)}>
                  {DEPARTMENTS.filter((d) => d.region === name).map((d) => (
                    <option key={d.code} value={d.code}>
                      {d.name} ({d.code})
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>
          <div className="flex gap-2">
            <Button type="submit">
              <Search aria-hidden="true" />
              Filtrer
            </Button>
            {filtered ? (
              <Button asChild variant="outline">
                <Link to="/groupes">Tout afficher</Link>
              </Button>
            ) : null}
          </div>
        </Form>
        <div className="mt-10 min-h-96" aria-busy={query.isPending || query.isFetching}>
          <GroupsByCity query={query} filtered={filtered} />
        </div>
      </div>
    </section>
  );
}

function GroupsByCity({ query, filtered }: { query: ReturnType<typeof useGroups>; filtered: boolean }) {
  if (query.isError) {
    return <LoadError message="Impossible de charger les groupes." onRetry={() => query.refetch()} />;
  }
  if (!query.data) {
    return (
      <Loading label="Chargement des groupes…">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
          {SKELETONS.map((key) => (
            <li key={key} className="h-52 animate-pulse rounded-xl bg-slate-200" />
          ))}
        </ul>
      </Loading>
    );
  }
  const groups = query.data.groups;
  if (groups.length === 0) {
    return (
      <EmptyState
        icon={UsersRound}
        action={
          filtered ? (
            <Button asChild variant="outline">
              <Link to="/groupes">Voir tous les groupes</Link>
            </Button>
          ) : null
        }
      >
        {filtered
          ? 'Aucun groupe ne correspond à ces critères pour le moment.'
          : 'Aucun groupe pour le moment. Les premiers groupes ouvrent bientôt.'}
      </EmptyState>
    );
  }
  const cities = new Map<string, GroupSummary[]>();
  for (const group of [...groups].sort(
    (a, b) => a.city.localeCompare(b.city, 'fr') || a.name.localeCompare(b.name, 'fr'),
  )) {
    const key = `${group.city} (${group.departmentCode})`;
    cities.set(key, [...(cities.get(key) ?? []), group]);
  }
  return (
    <>
      <p role="status" className="mb-6 text-slate-700">
        {formatCount(groups.length, { one: 'groupe', other: 'groupes' })}
      </p>
      <div className="flex flex-col gap-12">
        {[...cities].map(([city, cityGroups]) => (
          <section key={city} aria-label={city}>
            <h3 className="mb-4 flex items-center gap-2 text-xl font-semibold text-slate-900">
              <MapPin aria-hidden="true" className="size-5 text-brand-700" />
              {cityGroups[0]?.city}{' '}
              <span className="font-normal text-slate-600">{departmentLabel(cityGroups[0]?.departmentCode ?? '')}</span>
            </h3>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {cityGroups.map((group) => (
                <li key={group.id}>
                  <GroupCard group={group} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}

function GroupCard({ group }: { group: GroupSummary }) {
  return (
    <article className="relative flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md">
      <div className="flex items-start justify-between gap-3">
        <h4 className="text-lg font-semibold text-slate-900">
          <Link to={`/groupes/${group.slug}`} className="after:absolute after:inset-0 focus:outline-none">
            {group.name}
          </Link>
        </h4>
        <GroupStatusBadge status={group.status} />
      </div>
      <p className="text-sm text-slate-600">
        {group.city} ({group.departmentCode}), {group.region}
      </p>
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <CalendarClock aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
        {formatMeetingRhythm(group.meetingRhythm, group.meetingWeekday, group.meetingTime)}
      </p>
      <dl className="mt-auto grid grid-cols-2 gap-2 border-t border-slate-100 pt-3 text-sm">
        <div>
          <dt className="text-slate-600">Membres</dt>
          <dd className="font-semibold text-slate-900">
            {formatCount(group.activeMembers, { one: 'membre', other: 'membres' })}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Sièges disponibles</dt>
          <dd className="font-semibold text-slate-900">
            {formatCount(group.openSeats, { one: 'métier libre', other: 'métiers libres' })}
          </dd>
        </div>
      </dl>
    </article>
  );
}
