import { APPLICATION_STATUS_LABELS, formatMeetingRhythm, groupMessages } from '@synergie/shared/group-constants';
import { ArrowRight, LogOut, Search, Settings, UsersRound } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '~/components/empty-state';
import { LoadError, Loading } from '~/components/query-state';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { useSession } from '~/features/auth';
import { CalendarFeed, GroupMeetings } from '~/features/meetings';
import { MissingTrades } from '~/features/suggestions';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { useWithdrawApplication } from '../api/applications';
import { type Application, type MyGroup, useMyGroup, type WaitlistEntry } from '../api/get-my-group';
import { useAnswerSeatOffer, useLeaveWaitlist } from '../api/waitlist';
import { apiDate, apiDateTime } from '../lib/dates';
import { GroupStatusBadge } from './group-status-badge';
import { MemberCards } from './member-cards';

const ObjectionDialog = lazy(() => import('./objection-dialog'));
const LeaveGroupDialog = lazy(() => import('./leave-group-dialog'));

const sectionTitle = 'text-2xl font-bold text-slate-900';

/** /mon-groupe: the member's home group, its applications, their own applications and waiting lists. */
export function MyGroupView() {
  const query = useMyGroup();
  if (query.isPending) {
    return (
      <Loading label="Chargement de votre groupe…" className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="flex animate-pulse flex-col gap-6" aria-hidden="true">
          <div className="h-40 rounded-xl bg-slate-200" />
          <div className="h-64 rounded-xl bg-slate-200" />
        </div>
      </Loading>
    );
  }
  if (query.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <LoadError message="Impossible de charger votre groupe." error={query.error} onRetry={() => query.refetch()} />
      </div>
    );
  }
  const data = query.data;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-12 px-4 py-12 sm:px-6 lg:px-8">
      {data.mustPickTrade || !data.trade ? (
        <Alert variant="warning">
          <AlertTitle>Votre métier</AlertTitle>
          <AlertDescription className="flex flex-col items-start gap-3">
            <p>{groupMessages.pickYourTrade}</p>
            <Button asChild size="sm">
              <Link to="/profile">
                Choisir mon métier
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </AlertDescription>
        </Alert>
      ) : null}
      <HomeGroup data={data} />
      {data.group && data.membership ? <MissingTrades /> : null}
      {data.groupApplications.length > 0 ? <GroupApplications applications={data.groupApplications} /> : null}
      {data.myApplications.length > 0 ? <MyApplications applications={data.myApplications} /> : null}
      {data.myWaitlist.length > 0 ? <MyWaitlist entries={data.myWaitlist} /> : null}
    </div>
  );
}

function HomeGroup({ data }: { data: MyGroup }) {
  const [leaving, setLeaving] = useState(false);
  if (!data.group || !data.membership) {
    return (
      <section aria-labelledby="home-group-title">
        <h2 id="home-group-title" className={`${sectionTitle} mb-4`}>
          Mon groupe
        </h2>
        <EmptyState
          icon={UsersRound}
          action={
            <Button asChild>
              <Link to="/groupes">
                <Search aria-hidden="true" />
                Trouver un groupe
              </Link>
            </Button>
          }
        >
          Vous n’avez pas encore de groupe d’attache. Trouvez un groupe près de chez vous où le siège de votre métier
          est libre.
        </EmptyState>
      </section>
    );
  }
  const { group, members } = data.group;
  const { role, roleLabel } = data.membership;
  return (
    <section aria-labelledby="home-group-title" className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-2">
          <h2 id="home-group-title" className={sectionTitle}>
            <Link to={`/groupes/${group.slug}`} className="hover:underline">
              {group.name}
            </Link>
          </h2>
          <p className="flex flex-wrap items-center gap-2 text-slate-700">
            {group.city} ({group.departmentCode}) <GroupStatusBadge status={group.status} />
            {roleLabel ? <Badge>{roleLabel}</Badge> : null}
          </p>
          <p className="text-slate-700">
            {formatMeetingRhythm(group.meetingRhythm, group.meetingWeekday, group.meetingTime)}, {group.meetingPlace}
          </p>
          <p className="text-sm text-slate-600">Membre depuis le {apiDate(data.membership.joinedAt)}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {role ? (
            <Button asChild>
              <Link to={`/groupes/${group.slug}/gestion`}>
                <Settings aria-hidden="true" />
                Page des responsables
              </Link>
            </Button>
          ) : null}
          {/* At the meeting: scan the secretary's code in the app (issue 17). */}
          <Button asChild variant="outline">
            <Link to="/pointage">Pointer ma présence</Link>
          </Button>
          <Button type="button" variant="outline" onClick={() => setLeaving(true)}>
            <LogOut aria-hidden="true" />
            Quitter le groupe
          </Button>
        </div>
      </div>
      <GroupMeetings groupId={group.id} />
      <CalendarFeed />
      <div>
        <h3 className="mb-4 text-xl font-semibold text-slate-900">Les membres</h3>
        <MemberCards members={members} headingLevel={4} />
      </div>
      <Suspense fallback={null}>
        {leaving ? <LeaveGroupDialog groupName={group.name} onClose={() => setLeaving(false)} /> : null}
      </Suspense>
    </section>
  );
}

/** The group's pending applications, open to objections for 7 days (network-core §2). */
export function GroupApplications({ applications }: { applications: Application[] }) {
  const session = useSession();
  const [objecting, setObjecting] = useState<Application | null>(null);
  return (
    <section aria-labelledby="group-applications-title">
      <h2 id="group-applications-title" className={`${sectionTitle} mb-2`}>
        Candidatures dans mon groupe
      </h2>
      <p className="mb-4 text-slate-700">
        Chaque candidature est présentée aux membres pendant 7 jours. Si vous avez une réserve, faites objection
        {'\u00a0'}: seuls les responsables du groupe la liront.
      </p>
      <ul className="flex flex-col gap-4">
        {applications.map((application) => (
          <li key={application.id}>
            <article className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-5">
              <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
                {groupMessages.application}
              </p>
              <h3 className="text-lg font-semibold text-slate-900">
                {application.fullName}
                <span className="font-normal text-slate-700">
                  {' '}
                  · {application.tradeLabel}
                  {application.companyName ? ` · ${application.companyName}` : ''}
                </span>
              </h3>
              {application.message ? (
                <blockquote className="whitespace-pre-line border-l-4 border-slate-200 pl-3 text-slate-700">
                  {application.message}
                </blockquote>
              ) : null}
              <p className="text-sm text-slate-600">
                Période d’objection jusqu’au {apiDateTime(application.objectionPeriodEndsAt)}
              </p>
              {application.objectedByViewer ? (
                <p className="font-medium text-slate-900">Vous avez fait objection à cette candidature.</p>
              ) : application.userId !== session.data?.user.id ? (
                <div>
                  <Button type="button" variant="outline" size="sm" onClick={() => setObjecting(application)}>
                    {groupMessages.objection}
                    <span className="sr-only">{` à la candidature de ${application.fullName}`}</span>
                  </Button>
                </div>
              ) : null}
            </article>
          </li>
        ))}
      </ul>
      <Suspense fallback={null}>
        {objecting ? <ObjectionDialog application={objecting} onClose={() => setObjecting(null)} /> : null}
      </Suspense>
    </section>
  );
}

function MyApplications({ applications }: { applications: Application[] }) {
  const withdraw = useWithdrawApplication();
  return (
    <section aria-labelledby="my-applications-title">
      <h2 id="my-applications-title" className={`${sectionTitle} mb-4`}>
        Mes candidatures
      </h2>
      <ul className="flex flex-col gap-4">
        {applications.map((application) => (
          <li key={application.id}>
            <article className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-5">
              <h3 className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900">
                <Link to={`/groupes/${application.groupSlug}`} className="hover:underline">
                  {application.groupName}
                </Link>
                <Badge variant={application.status === 'accepted' ? 'success' : 'secondary'}>
                  {APPLICATION_STATUS_LABELS[application.status]}
                </Badge>
              </h3>
              <p className="text-sm text-slate-700">
                Siège {application.tradeLabel}, candidature du {apiDateTime(application.createdAt)}
              </p>
              {application.status === 'pending' ? (
                <p className="text-sm text-slate-600">
                  Période d’objection jusqu’au {apiDateTime(application.objectionPeriodEndsAt)}
                </p>
              ) : null}
              {application.decisionMessage ? (
                <p className="text-slate-700">
                  Message des responsables{'\u00a0'}: {application.decisionMessage}
                </p>
              ) : null}
              {application.status === 'pending' ? (
                <div>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    disabled={withdraw.isPending}
                    onClick={() =>
                      withdraw.mutate(application.id, {
                        onSuccess: () => notify.success('Votre candidature a été retirée.'),
                        onError: (error) =>
                          notify.error(apiErrorMessage(error, 'La candidature n’a pas pu être retirée.')),
                      })
                    }
                  >
                    Retirer ma candidature
                  </Button>
                </div>
              ) : null}
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}

function MyWaitlist({ entries }: { entries: WaitlistEntry[] }) {
  return (
    <section aria-labelledby="my-waitlist-title">
      <h2 id="my-waitlist-title" className={`${sectionTitle} mb-4`}>
        Mes listes d’attente
      </h2>
      <ul className="flex flex-col gap-4">
        {entries.map((entry) => (
          <li key={entry.id}>
            <WaitlistPlace entry={entry} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One waiting-list place: the position, or the open offer with its expiry and the answers. */
export function WaitlistPlace({ entry }: { entry: WaitlistEntry }) {
  const leave = useLeaveWaitlist();
  const answer = useAnswerSeatOffer();
  const offered = entry.status === 'offered';
  const error = leave.error ?? answer.error;
  return (
    <article className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-5">
      <h3 className="text-lg font-semibold text-slate-900">
        <Link to={`/groupes/${entry.groupSlug}`} className="hover:underline">
          {entry.groupName}
        </Link>
        <span className="font-normal text-slate-700"> · siège {entry.tradeLabel}</span>
      </h3>
      {offered && entry.offerExpiresAt ? (
        <p className="font-medium text-slate-900">
          Le siège vous est proposé jusqu’au {apiDateTime(entry.offerExpiresAt)}.
        </p>
      ) : (
        <p className="font-medium text-slate-900">{groupMessages.waitlistPosition(entry.position)}</p>
      )}
      <div className="flex flex-wrap gap-2">
        {offered ? (
          <>
            <Button
              type="button"
              size="sm"
              disabled={answer.isPending}
              onClick={() =>
                answer.mutate(
                  { entryId: entry.id, answer: 'accept' },
                  { onSuccess: () => notify.success(`Bienvenue dans ${entry.groupName}\u202f!`) },
                )
              }
            >
              Accepter le siège
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={answer.isPending}
              onClick={() =>
                answer.mutate(
                  { entryId: entry.id, answer: 'decline' },
                  { onSuccess: () => notify.success('Vous avez refusé le siège proposé.') },
                )
              }
            >
              Refuser
            </Button>
          </>
        ) : null}
        <Button
          type="button"
          size="sm"
          variant="ghost"
          disabled={leave.isPending}
          onClick={() =>
            leave.mutate(entry.id, { onSuccess: () => notify.success('Vous avez quitté la liste d’attente.') })
          }
        >
          {groupMessages.leaveWaitlist}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {apiErrorMessage(error, 'L’opération n’a pas pu aboutir. Veuillez réessayer.')}
        </p>
      ) : null}
    </article>
  );
}
