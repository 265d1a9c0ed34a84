import type { EventItem } from '@synergie/shared/events';
import { formatCount } from '@synergie/shared/format';
import { formatMeetingRhythm, groupMessages } from '@synergie/shared/group-constants';
import { pageTitle } from '@synergie/shared/site';
import { CalendarClock, MapPin, Settings, UsersRound } from 'lucide-react';
import type * as React from 'react';
import { Link, useLocation } from 'react-router';
import { ExternalLink } from '~/components/external-link';
import { LoadError, Loading, NotFound } from '~/components/query-state';
import { Button } from '~/components/ui/button';
import { useSession } from '~/features/auth';
import { GroupEvents } from '~/features/events';
import { isNotFoundError } from '~/lib/api-client';
import { SITE_NAME } from '~/lib/site';
import { storedImageSrc } from '~/lib/stored-image';
import { useGroupPage } from '../api/get-group-page';
import { useSeatState } from '../api/get-seat-state';
import { departmentLabel } from '../lib/territories';
import { ApplyBox } from './apply-box';
import { GroupStatusBadge } from './group-status-badge';
import { MemberCards } from './member-cards';
import { OpenSeats } from './open-seats';

/**
 * /groupes/:slug: the acquisition page of network-core §2. Its SEO head is written by the server
 * into the served HTML; the browser sets the title after client navigation. An unknown slug shows
 * `notFound` (the site's 404 page).
 */
/**
 * The meeting place on a map site, as a link only (issue 31): no tile, script or image of another
 * site is loaded by the page; the visitor's browser opens OpenStreetMap's search for the address.
 */
export function mapLink(place: string, city: string): string {
  const query = place.toLowerCase().includes(city.toLowerCase()) ? place : `${place}, ${city}`;
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
}

export function GroupPageView({ slug, notFound }: { slug: string; notFound: React.ReactNode }) {
  const query = useGroupPage(slug);
  const session = useSession();
  const location = useLocation();
  const userId = session.data?.user.id ?? null;
  const seat = useSeatState(query.data?.group.id ?? '', query.data ? userId : null);

  if (query.isPending) {
    return (
      <Loading label="Chargement du groupe…" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="flex animate-pulse flex-col gap-6" aria-hidden="true">
          <div className="h-10 w-1/2 rounded bg-slate-200" />
          <div className="h-40 rounded-xl bg-slate-200" />
          <div className="h-64 rounded-xl bg-slate-200" />
        </div>
      </Loading>
    );
  }
  if (query.isError) {
    if (isNotFoundError(query.error)) {
      return (
        <>
          <title>{pageTitle('Page introuvable', SITE_NAME)}</title>
          <meta name="robots" content="noindex" />
          <NotFound>{notFound}</NotFound>
        </>
      );
    }
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <h1 className="mb-6 text-3xl font-bold">Erreur</h1>
        <LoadError message="Impossible de charger ce groupe." onRetry={() => query.refetch()} />
      </div>
    );
  }

  const { group, members, openSeatsByFamily } = query.data;
  const placePhoto = storedImageSrc(group.placePhotoUrl);
  // Its upcoming events (network-core §6), in the same answer.
  const events = (query.data as { events?: EventItem[] }).events ?? [];
  const isLeader = Boolean(userId && members.some((m) => m.userId === userId && m.role));
  const applyTo = userId ? { to: '#candidature' } : { to: '/auth', state: { from: location.pathname } };
  return (
    <>
      <title>{pageTitle(group.name, SITE_NAME)}</title>
      <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
          <p className="mb-2 text-sm font-semibold uppercase tracking-wide text-brand-100">
            <Link to="/groupes" className="hover:underline">
              Groupes
            </Link>
          </p>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{group.name}</h1>
          <p className="mt-3 flex flex-wrap items-center gap-3 text-lg text-brand-50">
            <span>
              {group.city}, {departmentLabel(group.departmentCode)}, {group.region}
            </span>
            <GroupStatusBadge status={group.status} />
          </p>
          <p className="mt-2 text-brand-50">
            {formatCount(group.activeMembers, { one: 'membre', other: 'membres' })},{' '}
            {formatCount(group.openSeats, { one: 'métier libre', other: 'métiers libres' })}
          </p>
          {isLeader ? (
            <Button asChild variant="onDark" className="mt-4">
              <Link to={`/groupes/${group.slug}/gestion`}>
                <Settings aria-hidden="true" />
                Gérer le groupe
              </Link>
            </Button>
          ) : null}
        </div>
      </section>

      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-3 lg:px-8">
        <div className="flex flex-col gap-10 lg:col-span-2">
          <section aria-labelledby="group-about-title">
            <h2 id="group-about-title" className="text-2xl font-bold text-slate-900">
              Le groupe
            </h2>
            {group.description ? <p className="mt-3 whitespace-pre-line text-slate-700">{group.description}</p> : null}
            <dl className="mt-4 grid gap-3 sm:grid-cols-2">
              <div className="rounded-lg border border-slate-200 bg-white p-4">
                <dt className="flex items-center gap-2 text-sm text-slate-600">
                  <CalendarClock aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
                  Réunions
                </dt>
                <dd className="mt-1 font-medium text-slate-900">
                  {formatMeetingRhythm(group.meetingRhythm, group.meetingWeekday, group.meetingTime)}
                </dd>
              </div>
              <div className="rounded-lg border border-slate-200 bg-white p-4">
                <dt className="flex items-center gap-2 text-sm text-slate-600">
                  <MapPin aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
                  Lieu
                </dt>
                <dd className="mt-1 font-medium text-slate-900">{group.meetingPlace}</dd>
                <dd className="mt-2 text-sm">
                  <ExternalLink
                    href={mapLink(group.meetingPlace, group.city)}
                    context="(OpenStreetMap)"
                    className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800"
                  >
                    Voir sur une carte
                  </ExternalLink>
                </dd>
              </div>
            </dl>
            {placePhoto ? (
              <figure className="mt-4">
                <img
                  src={placePhoto}
                  alt={`Le lieu de réunion\u00a0: ${group.meetingPlace}`}
                  width={1600}
                  height={900}
                  loading="lazy"
                  className="aspect-[16/9] max-h-80 w-full rounded-xl border border-slate-200 object-cover"
                />
                <figcaption className="mt-2 text-sm text-slate-600">Le lieu de réunion du groupe</figcaption>
              </figure>
            ) : null}
          </section>

          <GroupEvents events={events} />

          <section aria-labelledby="group-members-title">
            <h2 id="group-members-title" className="mb-4 flex items-center gap-2 text-2xl font-bold text-slate-900">
              <UsersRound aria-hidden="true" className="size-6 text-brand-700" />
              Les membres
            </h2>
            <MemberCards members={members} />
          </section>

          <section aria-labelledby="group-seats-title">
            <h2 id="group-seats-title" className="text-2xl font-bold text-slate-900">
              {groupMessages.openSeats}
            </h2>
            <p className="mb-4 mt-2 text-slate-700">
              Un seul membre par métier{'\u00a0'}: voici les métiers qui n’ont pas encore leur représentant dans ce
              groupe.
            </p>
            <OpenSeats families={openSeatsByFamily} applyTo={applyTo} viewerTradeId={seat.data?.trade?.id ?? null} />
          </section>
        </div>
        <aside className="lg:sticky lg:top-24 lg:self-start">
          <ApplyBox group={group} />
        </aside>
      </div>
    </>
  );
}
