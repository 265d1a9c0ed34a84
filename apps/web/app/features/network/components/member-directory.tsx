import {
  DIRECTORY_PAGE_SIZE_DEFAULT,
  DIRECTORY_QUERY_MAX,
  type DirectorySort,
  directoryMessages,
  directorySortLabels,
  directorySorts,
} from '@synergie/shared/directory-constants';
import { formatCount } from '@synergie/shared/format';
import { TRADE_FAMILIES, type TradeFamily } from '@synergie/shared/group-constants';
import { ChevronLeft, ChevronRight, Search, Users } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { EmptyState } from '~/components/empty-state';
import { pageCount } from '~/components/pagination';
import { LoadError, Loading } from '~/components/query-state';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { useDebounced } from '~/lib/use-debounced';
import { type MemberCard as Member, useDirectoryFacets, useMembers, useSessionExpiryOf } from '../api/network';
import { MemberCard } from './member-card';

// Loaded on first use: zod and the dialogs stay out of the page's first load.
const RatingDialog = lazy(() => import('./rating-dialog'));
const ContactDialog = lazy(() => import('./contact-dialog'));

const selectClass =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600';

/** /members: search, filters, ordering (Nom, Note, Synergies) and pages of member cards. */
export function MemberDirectory() {
  const ids = useId();
  const [text, setText] = useState('');
  const [profession, setProfession] = useState('');
  const [industry, setIndustry] = useState('');
  const [group, setGroup] = useState('');
  const [family, setFamily] = useState<TradeFamily | ''>('');
  const [sort, setSort] = useState<DirectorySort>('name');
  const [page, setPage] = useState(1);
  const q = useDebounced(text.trim(), 300);
  const members = useMembers({
    q,
    profession,
    industry,
    group,
    family,
    sort,
    page,
    pageSize: DIRECTORY_PAGE_SIZE_DEFAULT,
  });
  const facets = useDirectoryFacets();
  useSessionExpiryOf(members.error ?? facets.error);
  const [rating, setRating] = useState<Member | null>(null);
  const [contact, setContact] = useState<Member | null>(null);
  const [ratingLoaded, setRatingLoaded] = useState(false);
  const [contactLoaded, setContactLoaded] = useState(false);

  // A new search or filter starts again at the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on these inputs only
  useEffect(() => setPage(1), [q, profession, industry, group, family, sort]);

  const data = members.data;
  // `Score` is offered to group leaders and admins (the API says so with each page), and stays once offered.
  const [scoreSortOffered, setScoreSortOffered] = useState(false);
  useEffect(() => {
    if (data?.canSortByScore) setScoreSortOffered(true);
  }, [data?.canSortByScore]);
  const pages = data ? pageCount(data.total, data.pageSize) : 1;

  return (
    <section aria-labelledby={`${ids}-title`} className="flex flex-col gap-6">
      <h2 id={`${ids}-title`} className="sr-only">
        Annuaire des membres
      </h2>
      {/* The search on its own line, then the filters in columns of at least 13 rem (issue 31: at
          1366 px six columns cut `Tous les secteurs` and `Toutes les familles`). */}
      <search className="grid grid-cols-1 gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[repeat(auto-fill,minmax(13rem,1fr))]">
        <div className="col-span-full flex flex-col gap-1.5">
          <Label htmlFor={`${ids}-q`}>Rechercher</Label>
          <div className="relative">
            <Search aria-hidden="true" className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
            <Input
              id={`${ids}-q`}
              type="search"
              className="pl-9"
              maxLength={DIRECTORY_QUERY_MAX}
              placeholder="Nom, entreprise, métier, compétence, ville…"
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${ids}-profession`}>Métier</Label>
          <select
            id={`${ids}-profession`}
            className={selectClass}
            value={profession}
            onChange={(event) => setProfession(event.target.value)}
          >
            <option value="">Tous les métiers</option>
            {facets.data?.professions.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${ids}-industry`}>Secteur</Label>
          <select
            id={`${ids}-industry`}
            className={selectClass}
            value={industry}
            onChange={(event) => setIndustry(event.target.value)}
          >
            <option value="">Tous les secteurs</option>
            {facets.data?.industries.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${ids}-family`}>Famille de métiers</Label>
          <select
            id={`${ids}-family`}
            className={selectClass}
            value={family}
            onChange={(event) => setFamily(event.target.value as TradeFamily | '')}
          >
            <option value="">Toutes les familles</option>
            {TRADE_FAMILIES.map((f) => (
              <option key={f.slug} value={f.slug}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${ids}-group`}>Groupe</Label>
          <select
            id={`${ids}-group`}
            className={selectClass}
            value={group}
            onChange={(event) => setGroup(event.target.value)}
          >
            <option value="">Tous les groupes</option>
            {facets.data?.groups?.map((g) => (
              <option key={g.id} value={g.slug}>
                {g.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${ids}-sort`}>Trier par</Label>
          <select
            id={`${ids}-sort`}
            className={selectClass}
            value={sort}
            onChange={(event) => setSort(event.target.value as DirectorySort)}
          >
            {directorySorts
              .filter((value) => value !== 'score' || scoreSortOffered || sort === 'score')
              .map((value) => (
                <option key={value} value={value}>
                  {directorySortLabels[value]}
                </option>
              ))}
          </select>
        </div>
      </search>

      {members.isPending ? (
        <Loading label="Chargement des membres…" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 3 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
            <div key={i} className="h-72 animate-pulse rounded-xl bg-slate-200" aria-hidden="true" />
          ))}
        </Loading>
      ) : members.isError ? (
        <LoadError message={directoryMessages.loadFailed} onRetry={() => members.refetch()} />
      ) : data && data.members.length === 0 ? (
        <EmptyState icon={Users} className="bg-white">
          {sort === 'synergy' && !q && !profession && !industry && !group && !family
            ? directoryMessages.noSynergies
            : directoryMessages.noResults}
        </EmptyState>
      ) : data ? (
        <>
          <p className="text-sm text-slate-700" aria-live="polite">
            {formatCount(data.total, { one: 'membre', other: 'membres' })}
          </p>
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {data.members.map((member) => (
              <li key={member.userId} className="min-w-0">
                <MemberCard
                  member={member}
                  onRate={(m) => {
                    setRatingLoaded(true);
                    setRating(m);
                  }}
                  onContact={(m) => {
                    setContactLoaded(true);
                    setContact(m);
                  }}
                />
              </li>
            ))}
          </ul>
          {pages > 1 ? (
            <nav aria-label="Pages de l’annuaire" className="flex items-center justify-center gap-4">
              <Button type="button" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                <ChevronLeft aria-hidden="true" />
                Précédent
              </Button>
              <span className="text-sm text-slate-700">
                Page {data.page} sur {pages}
              </span>
              <Button type="button" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Suivant
                <ChevronRight aria-hidden="true" />
              </Button>
            </nav>
          ) : null}
        </>
      ) : null}

      {ratingLoaded ? (
        <Suspense fallback={null}>
          <RatingDialog member={rating} onOpenChange={(open) => !open && setRating(null)} />
        </Suspense>
      ) : null}
      {contactLoaded ? (
        <Suspense fallback={null}>
          <ContactDialog member={contact} onOpenChange={(open) => !open && setContact(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
