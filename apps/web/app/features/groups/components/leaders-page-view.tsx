import { groupMessages } from '@synergie/shared/group-constants';
import {
  DEFAULT_LEADER_TAB,
  LEADER_TAB_PARAM,
  LEADER_TABS,
  type LeaderTab,
  leaderTabOf,
} from '@synergie/shared/group-health-constants';
import { ArrowLeft, Lock } from 'lucide-react';
import type * as React from 'react';
import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '~/components/empty-state';
import { LoadError, Loading, NotFound } from '~/components/query-state';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { AttendanceMeetings } from '~/features/attendance';
import { GroupHealthOverview } from '~/features/group-health';
import { GroupGuests, GroupVisitors } from '~/features/guests';
import { GroupHybridSettings, LeaderMeetings } from '~/features/meetings';
import { GroupRecommendationTotals } from '~/features/recommendations';
import { GroupScores } from '~/features/score';
import { ApiRequestError, isNotFoundError } from '~/lib/api-client';
import { useGroupPage } from '../api/get-group-page';
import { type LeaderPage, useLeadersPage } from '../api/get-leaders-page';
import type { Application } from '../api/get-my-group';
import { apiDate, apiDateTime } from '../lib/dates';
import { HISTORY_KIND_LABELS } from '../lib/history';
import type { Decision } from './decision-dialog';
import { PlacePhotoSettings } from './place-photo-settings';

const DecisionDialog = lazy(() => import('./decision-dialog'));
const RemoveMemberDialog = lazy(() => import('./remove-member-dialog'));
const NameLeaders = lazy(() => import('./name-leaders'));

const sectionTitle = 'mb-4 text-2xl font-bold text-slate-900';

/** The page's frame while loading: its title and a table. */
function PageLoading({ label }: { label: string }) {
  return (
    <Loading label={label} className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <div className="flex animate-pulse flex-col gap-6" aria-hidden="true">
        <div className="h-10 w-1/2 rounded bg-slate-200" />
        <div className="h-64 rounded-xl bg-slate-200" />
      </div>
    </Loading>
  );
}

function PageLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <LoadError message="Impossible de charger la page des responsables." error={error} onRetry={onRetry} />
    </div>
  );
}

/** /groupes/:slug/gestion: the group's id from its public page, then the leaders' own data. */
export function LeadersPageView({ slug, notFound }: { slug: string; notFound: React.ReactNode }) {
  const publicPage = useGroupPage(slug);
  const groupId = publicPage.data?.group.id;
  const leaders = useLeadersPage(groupId);
  if (publicPage.isPending) return <PageLoading label="Chargement du groupe…" />;
  if (publicPage.isError) {
    if (isNotFoundError(publicPage.error)) return <NotFound>{notFound}</NotFound>;
    return <PageLoadError error={publicPage.error} onRetry={() => publicPage.refetch()} />;
  }
  const group = publicPage.data.group;
  const header = (
    <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <p className="mb-2 text-sm font-semibold uppercase tracking-wide text-brand-100">Espace des responsables</p>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{group.name}</h1>
        <Button asChild variant="onDark" size="sm" className="mt-4">
          <Link to={`/groupes/${group.slug}`}>
            <ArrowLeft aria-hidden="true" />
            Page publique du groupe
          </Link>
        </Button>
      </div>
    </section>
  );
  if (leaders.isPending) {
    return (
      <>
        {header}
        <PageLoading label="Chargement de la page des responsables…" />
      </>
    );
  }
  if (leaders.isError) {
    const forbidden = leaders.error instanceof ApiRequestError && leaders.error.status === 403;
    return (
      <>
        {header}
        {forbidden ? (
          <div className="mx-auto max-w-3xl px-4 py-12">
            <EmptyState icon={Lock}>
              Cette page est réservée aux responsables du groupe (président, vice-président, secrétaire-trésorier).
            </EmptyState>
          </div>
        ) : (
          <PageLoadError error={leaders.error} onRetry={() => leaders.refetch()} />
        )}
      </>
    );
  }
  return (
    <>
      {header}
      <LeadersPageContent page={leaders.data} slug={group.slug} />
    </>
  );
}

type OpenDialog =
  | { kind: 'decision'; decision: Decision; application: Application }
  | { kind: 'remove'; member: LeaderPage['members'][number] }
  | null;

/** The open tab, from `?onglet=`: a link opens it, the back button returns to the previous one. */
function useLeaderTab(): [LeaderTab, (tab: string) => void] {
  const [params, setParams] = useSearchParams();
  const tab = leaderTabOf(params.get(LEADER_TAB_PARAM));
  const open = (value: string) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === DEFAULT_LEADER_TAB) next.delete(LEADER_TAB_PARAM);
        else next.set(LEADER_TAB_PARAM, value);
        return next;
      },
      { preventScrollReset: true },
    );
  };
  return [tab, open];
}

/**
 * The leaders' page in tabs (issue 29): `Vue d'ensemble` (the group's health), `Candidatures`
 * (applications and waiting lists), `Membres` (members, scores, leaders), `Réunions` (meetings and
 * attendance), `Visiteurs` (guests), `Historique` (the record and the monthly totals). Only the
 * open tab is mounted: each loads its data when opened.
 */
export function LeadersPageContent({ page, slug }: { page: LeaderPage; slug: string }) {
  const [tab, openTab] = useLeaderTab();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  const pending = page.applications.filter((a) => a.status === 'pending');
  const waitlistByTrade = new Map<string, LeaderPage['waitlist']>();
  for (const entry of [...page.waitlist].sort((a, b) => a.position - b.position)) {
    waitlistByTrade.set(entry.tradeLabel, [...(waitlistByTrade.get(entry.tradeLabel) ?? []), entry]);
  }
  const counts: Partial<Record<LeaderTab, number>> = { candidatures: pending.length, membres: page.members.length };
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <Tabs value={tab} onValueChange={openTab}>
        <TabsList aria-label="Rubriques de la page des responsables">
          {LEADER_TABS.map((t) => (
            <TabsTrigger key={t.slug} value={t.slug}>
              {t.label}
              {counts[t.slug] ? (
                <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                  {counts[t.slug]}
                </span>
              ) : null}
            </TabsTrigger>
          ))}
        </TabsList>

        <TabsContent value="vue-d-ensemble">
          <Suspense fallback={<div className="h-96 animate-pulse rounded-xl bg-slate-100" aria-hidden="true" />}>
            <GroupHealthOverview groupId={page.group.id} />
          </Suspense>
        </TabsContent>

        <TabsContent value="candidatures" className="flex flex-col gap-14">
          <section aria-labelledby="leaders-applications-title">
            <h2 id="leaders-applications-title" className={sectionTitle}>
              Candidatures en cours
            </h2>
            {pending.length === 0 ? (
              <p className="text-slate-600">Aucune candidature en attente.</p>
            ) : (
              <ul className="flex flex-col gap-4">
                {pending.map((application) => (
                  <li key={application.id}>
                    <PendingApplication
                      application={application}
                      onDecide={(decision) => setDialog({ kind: 'decision', decision, application })}
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="leaders-waitlist-title">
            <h2 id="leaders-waitlist-title" className={sectionTitle}>
              Listes d’attente
            </h2>
            {waitlistByTrade.size === 0 ? (
              <p className="text-slate-600">Personne n’attend un siège de ce groupe.</p>
            ) : (
              <div className="grid gap-4 md:grid-cols-2">
                {[...waitlistByTrade].map(([trade, entries]) => (
                  <div key={trade} className="rounded-xl border border-slate-200 bg-white p-4">
                    <h3 className="mb-2 font-semibold text-slate-900">{trade}</h3>
                    <ol className="flex flex-col gap-1">
                      {entries.map((entry) => (
                        <li key={entry.id} className="text-slate-700">
                          <span className="font-semibold">{entry.position}.</span> {entry.fullName}
                          {entry.status === 'offered' && entry.offerExpiresAt
                            ? `, siège proposé jusqu’au ${apiDateTime(entry.offerExpiresAt)}`
                            : `, inscrit le ${apiDate(entry.createdAt)}`}
                        </li>
                      ))}
                    </ol>
                  </div>
                ))}
              </div>
            )}
          </section>
        </TabsContent>

        <TabsContent value="membres" className="flex flex-col gap-14">
          <section aria-labelledby="leaders-members-title">
            <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
              <h2 id="leaders-members-title" className="text-2xl font-bold text-slate-900">
                Membres ({page.members.length})
              </h2>
              <Button asChild variant="outline" size="sm">
                <Link to={`/groupes/${slug}/import`}>Importer une liste de membres</Link>
              </Button>
            </div>
            <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
              {page.members.map((member) => (
                <li key={member.userId} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                  <div>
                    <p className="font-semibold text-slate-900">
                      <Link to={`/membres/${member.userId}`} className="hover:underline">
                        {member.fullName}
                      </Link>{' '}
                      {member.roleLabel ? <Badge>{member.roleLabel}</Badge> : null}
                    </p>
                    <p className="text-sm text-slate-600">
                      {member.tradeLabel}
                      {member.companyName ? `, ${member.companyName}` : ''}, membre depuis le {apiDate(member.joinedAt)}
                    </p>
                  </div>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    onClick={() => setDialog({ kind: 'remove', member })}
                  >
                    Retirer du groupe
                    <span className="sr-only">{`\u00a0: ${member.fullName}`}</span>
                  </Button>
                </li>
              ))}
            </ul>
          </section>

          <GroupScores groupId={page.group.id} />

          {page.canNameLeaders ? (
            <section aria-labelledby="leaders-roles-title">
              <h2 id="leaders-roles-title" className={sectionTitle}>
                Nommer les responsables
              </h2>
              <Suspense fallback={<div className="h-40" aria-hidden="true" />}>
                <NameLeaders groupId={page.group.id} members={page.members} />
              </Suspense>
            </section>
          ) : null}
        </TabsContent>

        <TabsContent value="reunions" className="flex flex-col gap-14">
          <LeaderMeetings groupId={page.group.id} />
          {/* network-core §4: each meeting's QR code and attendance list. */}
          <AttendanceMeetings groupId={page.group.id} slug={slug} />
          {/* issue 30: the rhythm's visio link and whether `À distance` counts as present. */}
          <GroupHybridSettings groupId={page.group.id} />
          {/* issue 31: the meeting place's photo, on the public page. */}
          <PlacePhotoSettings groupId={page.group.id} slug={slug} />
        </TabsContent>

        <TabsContent value="visiteurs" className="flex flex-col gap-14">
          {/* Issue 30: visitors by meeting and each member's conversion rate. */}
          <GroupVisitors groupId={page.group.id} />
          {/* network-core §5: the guests of the group's meetings and their pipeline. */}
          <GroupGuests groupId={page.group.id} />
        </TabsContent>

        <TabsContent value="historique" className="flex flex-col gap-14">
          <section aria-labelledby="leaders-history-title">
            <h2 id="leaders-history-title" className={sectionTitle}>
              Historique
            </h2>
            {page.history.length === 0 ? (
              <p className="text-slate-600">Rien pour le moment.</p>
            ) : (
              <ol className="flex flex-col gap-3">
                {page.history.map((entry) => (
                  <li key={entry.id} className="rounded-lg border border-slate-200 bg-white px-4 py-3">
                    <p className="text-sm text-slate-600">
                      <time dateTime={entry.createdAt}>{apiDateTime(entry.createdAt)}</time>
                    </p>
                    <p className="font-medium text-slate-900">
                      {HISTORY_KIND_LABELS[entry.kind]}
                      {entry.subjectName ? `\u00a0: ${entry.subjectName}` : ''}
                      {entry.tradeLabel ? ` (${entry.tradeLabel})` : ''}
                    </p>
                    {entry.actorName ? <p className="text-sm text-slate-700">Par {entry.actorName}</p> : null}
                    {entry.message ? (
                      <p className="whitespace-pre-line text-sm text-slate-700">{entry.message}</p>
                    ) : null}
                  </li>
                ))}
              </ol>
            )}
          </section>
          {/* network-core §3: the group's recommendations and closed business, month by month. */}
          <GroupRecommendationTotals groupId={page.group.id} />
        </TabsContent>
      </Tabs>

      <Suspense fallback={null}>
        {dialog?.kind === 'decision' ? (
          <DecisionDialog decision={dialog.decision} application={dialog.application} onClose={close} />
        ) : null}
        {dialog?.kind === 'remove' ? (
          <RemoveMemberDialog groupId={page.group.id} member={dialog.member} onClose={close} />
        ) : null}
      </Suspense>
    </div>
  );
}

function PendingApplication({
  application,
  onDecide,
}: {
  application: Application;
  onDecide: (decision: Decision) => void;
}) {
  const objections = application.objections ?? [];
  return (
    <article className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{groupMessages.application}</p>
      <h3 className="text-lg font-semibold text-slate-900">
        <Link to={`/membres/${application.userId}`} className="hover:underline">
          {application.fullName}
        </Link>
        <span className="font-normal text-slate-700">
          {' '}
          · {application.tradeLabel}
          {application.companyName ? ` · ${application.companyName}` : ''}
        </span>
      </h3>
      <p className="text-sm text-slate-600">
        Déposée le {apiDateTime(application.createdAt)}, période d’objection jusqu’au{' '}
        {apiDateTime(application.objectionPeriodEndsAt)}
      </p>
      {application.message ? (
        <blockquote className="whitespace-pre-line border-l-4 border-slate-200 pl-3 text-slate-700">
          {application.message}
        </blockquote>
      ) : null}
      <div>
        <h4 className="font-semibold text-slate-900">Objections</h4>
        {objections.length === 0 ? (
          <p className="text-sm text-slate-600">Aucune objection.</p>
        ) : (
          <ul className="mt-1 flex flex-col gap-2">
            {objections.map((objection) => (
              <li key={objection.id} className="rounded-md bg-orange-50 px-3 py-2 text-sm text-orange-950">
                <p className="font-semibold">
                  {objection.fullName}, le {apiDateTime(objection.createdAt)}
                </p>
                <p className="whitespace-pre-line">{objection.reason}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" onClick={() => onDecide('accept')}>
          Accepter
          <span className="sr-only">{` la candidature de ${application.fullName}`}</span>
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={() => onDecide('refuse')}>
          Refuser
          <span className="sr-only">{` la candidature de ${application.fullName}`}</span>
        </Button>
      </div>
    </article>
  );
}
