import {
  formatCalendarDate,
  formatClockTime,
  formatDate,
  formatDayTime,
  formatMoney,
  formatMonth,
  formatTime,
} from '@synergie/shared/format';
import { hybridMessages } from '@synergie/shared/meeting-constants';
import { RECOMMENDATION_STATUS_LABELS } from '@synergie/shared/recommendation-constants';
import { returnMessages as R, RETURN_PAGE_PATH } from '@synergie/shared/return-constants';
import {
  todayMessages as M,
  SCORE_ACTIONS,
  TODAY_STEP_STATES,
  TODAY_STEPS,
  type TodayStepKey,
} from '@synergie/shared/today-constants';
import {
  Bell,
  CalendarDays,
  CheckCircle2,
  Circle,
  Handshake,
  Hourglass,
  Mail,
  MapPin,
  Mic,
  QrCode,
  Radio,
  TrendingUp,
  UsersRound,
  Video,
} from 'lucide-react';
import type * as React from 'react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ExternalLink } from '~/components/external-link';
import { LoadError, Loading } from '~/components/query-state';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { useSendVerificationEmail, useSession } from '~/features/auth';
import { WaitlistPlace } from '~/features/groups';
import { LaunchLiveMeetingButton } from '~/features/live-meeting';
import { AnswerBusinessForm } from '~/features/recommendations';
import { ScoreBadge } from '~/features/score';
import { parseApiDateTime } from '~/lib/api-dates';
import { type Today, useToday } from '../api/get-today';

const DAY = 86_400_000;

/**
 * `Aujourd'hui` (/aujourdhui), the member's home (issue 28): what to do now, each part a card
 * with its action, the most pressing first. Parts with nothing to do are left out; a new member
 * sees their first steps until every one is done.
 */
export function TodayView() {
  const query = useToday();
  if (query.isPending) return <Loading label={M.loading} className="px-4 py-12" />;
  if (query.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <LoadError message={M.loadFailed} error={query.error} onRetry={() => query.refetch()} />
      </div>
    );
  }
  const today = query.data;
  const nothingPressing =
    today.nextMeeting === null &&
    today.businessToConfirmCount === 0 &&
    today.staleRecommendationsCount === 0 &&
    today.waitlist.length === 0 &&
    today.eventsToday.length === 0;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-6 sm:px-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{M.title}</h1>
        <p className="text-slate-700">
          {M.hello(today.firstName)}, nous sommes le {formatDate(Date.now(), 'full')}.
        </p>
      </header>
      <VerificationNotice today={today} />
      <FirstSteps today={today} />
      {today.nextMeeting ? <NextMeeting meeting={today.nextMeeting} /> : null}
      {today.businessToConfirmCount > 0 ? <BusinessToConfirm today={today} /> : null}
      {today.staleRecommendationsCount > 0 ? <StaleRecommendations today={today} /> : null}
      {today.waitlist.length > 0 ? <Waitlist entries={today.waitlist} /> : null}
      {today.eventsToday.length > 0 ? <EventsToday events={today.eventsToday} /> : null}
      {nothingPressing && today.steps.inGroup ? (
        <Part title={M.title} icon={Handshake} headingId="aujourdhui-rien">
          <p className="text-slate-700">{M.allClear}</p>
          <Button asChild className="self-start">
            <Link to="/recommandations/nouvelle">Recommander</Link>
          </Button>
        </Part>
      ) : null}
      <ReturnOnFee today={today} />
      <Score score={today.score} />
      <Notifications today={today} />
    </div>
  );
}

function Part({
  title,
  icon: Icon,
  headingId,
  children,
  tone = 'plain',
}: {
  title: string;
  icon: React.ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  headingId: string;
  children: React.ReactNode;
  tone?: 'plain' | 'strong';
}) {
  return (
    <section
      aria-labelledby={headingId}
      className={`flex flex-col gap-3 rounded-xl border bg-white p-4 shadow-sm sm:p-5 ${
        tone === 'strong' ? 'border-brand-500 ring-1 ring-brand-100' : 'border-slate-200'
      }`}
    >
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Icon aria-hidden="true" className="size-5 text-brand-700" />
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The landing of the verification link: `Adresse confirmée` and the next first step, or why the
 * link failed. Focused, so a screen reader says it first.
 */
function VerificationNotice({ today }: { today: Today }) {
  const [params] = useSearchParams();
  const ref = useRef<HTMLDivElement>(null);
  const landed = params.get('adresse') === 'confirmee';
  useEffect(() => {
    if (landed) ref.current?.focus();
  }, [landed]);
  if (!landed) return null;
  // The server's fact decides: a spent or dead link (`?error=`) of an address already confirmed
  // still says `Adresse confirmée`; an address not confirmed says the link failed.
  const verified = today.steps.emailVerified;
  const next = TODAY_STEPS.find((s) => !today.steps[s.key]);
  return (
    <div ref={ref} tabIndex={-1} className="outline-none">
      <Alert variant={verified ? 'info' : 'destructive'}>
        {verified ? M.emailVerified : M.verifyLinkFailed}
        {verified && next?.to ? (
          <>
            {' '}
            {M.nextStep}{' '}
            <Link to={next.to} className="font-semibold underline underline-offset-4">
              {next.label}
            </Link>
          </>
        ) : null}
      </Alert>
    </div>
  );
}

type StepState = keyof typeof TODAY_STEP_STATES;

/** A step's state from the server's facts: the seat step is under way while an application is open. */
function stepState(today: Today, key: TodayStepKey): StepState {
  if (today.steps[key]) return 'done';
  if (key === 'inGroup' && today.seatSearch.application) return 'pending';
  return 'todo';
}

const stepMarks: Record<StepState, React.ReactNode> = {
  done: <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-green-700" />,
  pending: <Hourglass aria-hidden="true" className="size-5 shrink-0 text-amber-700" />,
  todo: <Circle aria-hidden="true" className="size-5 shrink-0 text-slate-400" />,
};

const stateWords: Record<StepState, string> = {
  done: 'text-green-800',
  pending: 'text-amber-800',
  todo: 'text-slate-600',
};

/**
 * `Vos premiers pas` (issues 28 and 31): the six steps in their order, each with its state in words
 * and a link to where it is done, the next one first in weight; gone once every step is done.
 */
export function FirstSteps({ today }: { today: Today }) {
  const done = TODAY_STEPS.filter((s) => today.steps[s.key]).length;
  if (done === TODAY_STEPS.length) return null;
  const next = TODAY_STEPS.find((s) => !today.steps[s.key]);
  return (
    <Part title={M.stepsTitle} icon={CheckCircle2} headingId="aujourdhui-etapes" tone="strong">
      <p className="text-sm text-slate-600">{M.stepsProgress(done, TODAY_STEPS.length)}</p>
      <ol aria-label={M.stepsList} className="flex flex-col gap-3">
        {TODAY_STEPS.map((step) => {
          const state = stepState(today, step.key);
          const isNext = step === next;
          return (
            <li key={step.key} className="flex items-start gap-3">
              <span className="mt-0.5">{stepMarks[state]}</span>
              <div className="flex min-w-0 flex-col gap-1">
                <p className="flex flex-wrap items-baseline gap-x-2">
                  {state === 'done' || !step.to ? (
                    <span className={state === 'done' ? 'text-slate-600' : 'font-semibold text-slate-900'}>
                      {step.label}
                    </span>
                  ) : (
                    <Link
                      to={step.to}
                      className={`underline underline-offset-4 ${
                        isNext ? 'font-semibold text-brand-800' : 'text-slate-800'
                      }`}
                    >
                      {step.label}
                    </Link>
                  )}
                  <span className={`text-sm font-medium ${stateWords[state]}`}>
                    <span className="sr-only">{'\u00a0: '}</span>
                    {TODAY_STEP_STATES[state]}
                  </span>
                </p>
                {state !== 'done' && step.key === 'emailVerified' ? <ResendVerification /> : null}
                {state !== 'done' && step.key === 'inGroup' ? <SeatSearch today={today} /> : null}
              </div>
            </li>
          );
        })}
      </ol>
    </Part>
  );
}

/** The verification step: where the link was sent, and `Renvoyer le lien`. */
function ResendVerification() {
  const session = useSession();
  const send = useSendVerificationEmail();
  const email = session.data?.user.email ?? '';
  if (!email) return null;
  return (
    <div className="flex flex-col items-start gap-2">
      <p className="text-sm text-slate-700">{M.verifyHint(email)}</p>
      <Button type="button" size="sm" variant="outline" disabled={send.isPending} onClick={() => send.mutate(email)}>
        <Mail aria-hidden="true" />
        {M.resendLink}
      </Button>
      <p role="status" className="text-sm text-slate-700">
        {send.isSuccess ? M.resent(email) : send.isError ? send.error.message : ''}
      </p>
    </div>
  );
}

/** The seat step: the open application, else the groups where the trade's seat is free. */
function SeatSearch({ today }: { today: Today }) {
  const { application, freeSeats } = today.seatSearch;
  if (application) {
    return (
      <p className="text-sm text-slate-700">
        <Link to={`/groupes/${application.groupSlug}`} className="underline underline-offset-4">
          {M.applicationPending(application.groupName)}
        </Link>
      </p>
    );
  }
  if (!today.steps.tradePicked) return <p className="text-sm text-slate-700">{M.pickTradeFirst}</p>;
  if (freeSeats.length === 0) return <p className="text-sm text-slate-700">{M.noFreeSeat}</p>;
  return (
    <div className="text-sm text-slate-700">
      <p>{M.freeSeatsIntro}</p>
      <ul className="mt-1 flex flex-col gap-1">
        {freeSeats.map((group) => (
          <li key={group.slug}>
            <Link
              to={`/groupes/${group.slug}#candidature`}
              className="font-medium text-brand-800 underline underline-offset-4"
            >
              {group.name}
            </Link>{' '}
            ({group.city})
          </li>
        ))}
      </ul>
    </div>
  );
}

function NextMeeting({ meeting }: { meeting: NonNullable<Today['nextMeeting']> }) {
  const startsAt = parseApiDateTime(meeting.startsAt);
  const checkedIn = meeting.myAttendance !== null && meeting.myAttendance !== 'absent';
  return (
    <Part
      title={M.nextMeeting}
      icon={UsersRound}
      headingId="aujourdhui-reunion"
      tone={meeting.checkinOpen ? 'strong' : 'plain'}
    >
      <div className="flex flex-col gap-1 text-slate-800">
        <p className="font-semibold">{formatDayTime(startsAt)}</p>
        <p className="flex items-start gap-2 text-slate-700">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {meeting.place} · {meeting.groupName}
          </span>
        </p>
        <p className="flex items-start gap-2 text-slate-700">
          <Mic aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {meeting.presenterIsMe
              ? M.presenterMe
              : meeting.presenterName
                ? `${M.presenter} ${meeting.presenterName}`
                : M.noPresenter}
          </span>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {meeting.live === 'live' ? (
          <Button asChild size="lg">
            <Link to={`/reunions/${meeting.id}/direct`}>
              <Radio aria-hidden="true" />
              {M.followLive}
            </Link>
          </Button>
        ) : meeting.canLaunch ? (
          <LaunchLiveMeetingButton groupId={meeting.groupId} meetingId={meeting.id} />
        ) : null}
        {checkedIn ? (
          <p className="flex items-center gap-2 font-medium text-green-800">
            <CheckCircle2 aria-hidden="true" className="size-5" />
            {M.checkedIn}
          </p>
        ) : meeting.checkinOpen ? (
          <Button asChild size="lg">
            <Link to="/pointage">
              <QrCode aria-hidden="true" />
              {M.checkin}
            </Link>
          </Button>
        ) : (
          <p className="text-sm text-slate-600">
            {M.checkinOpensAt(formatTime(parseApiDateTime(meeting.checkinOpensAt)))}
          </p>
        )}
        {meeting.visioUrl ? (
          <Button asChild variant="outline">
            <ExternalLink href={meeting.visioUrl} context={`: ${meeting.groupName}`}>
              <Video aria-hidden="true" />
              {hybridMessages.joinVisio}
            </ExternalLink>
          </Button>
        ) : null}
        <Button asChild variant="outline">
          <Link to={`/reunions/${meeting.id}`}>{M.meetingDetail}</Link>
        </Button>
      </div>
    </Part>
  );
}

function BusinessToConfirm({ today }: { today: Today }) {
  const more = today.businessToConfirmCount - today.businessToConfirm.length;
  return (
    <Part title={M.businessTitle} icon={Handshake} headingId="aujourdhui-affaires" tone="strong">
      <ul className="flex flex-col gap-4">
        {today.businessToConfirm.map((b) => (
          <li
            key={b.recommendationId}
            className="flex flex-col gap-2 border-t border-slate-100 pt-3 first:border-0 first:pt-0"
          >
            <p className="text-slate-800">
              <Link to={`/recommandations/${b.recommendationId}`} className="underline-offset-4 hover:underline">
                {M.businessLine(b.receiverName, formatMoney(b.amountCents))}
              </Link>
            </p>
            <AnswerBusinessForm recommendation={{ id: b.recommendationId, amountCents: b.amountCents }} />
          </li>
        ))}
      </ul>
      {more > 0 ? (
        <Link to="/recommandations" className="text-sm text-brand-800 underline underline-offset-4">
          {M.more(more)}
        </Link>
      ) : null}
    </Part>
  );
}

function StaleRecommendations({ today }: { today: Today }) {
  const more = today.staleRecommendationsCount - today.staleRecommendations.length;
  const now = Date.now();
  return (
    <Part title={M.staleTitle} icon={Hourglass} headingId="aujourdhui-recommandations">
      <ul className="flex flex-col gap-3">
        {today.staleRecommendations.map((r) => {
          const days = Math.floor((now - parseApiDateTime(r.statusChangedAt).getTime()) / DAY);
          return (
            <li key={r.recommendationId} className="flex flex-wrap items-center justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium text-slate-800">
                  {r.need ?? 'Recommandation'}
                  {r.giverName ? <span className="font-normal text-slate-600"> · de {r.giverName}</span> : null}
                </p>
                <p className="text-sm text-slate-600">
                  {RECOMMENDATION_STATUS_LABELS[r.status]} · {M.staleLine(days)}
                </p>
              </div>
              <Button asChild size="sm" variant="outline">
                <Link to={`/recommandations/${r.recommendationId}`}>{M.staleAction}</Link>
              </Button>
            </li>
          );
        })}
      </ul>
      {more > 0 ? (
        <Link to="/recommandations" className="text-sm text-brand-800 underline underline-offset-4">
          {M.more(more)}
        </Link>
      ) : null}
    </Part>
  );
}

function Waitlist({ entries }: { entries: Today['waitlist'] }) {
  return (
    <Part title={M.waitlistTitle} icon={Hourglass} headingId="aujourdhui-attente">
      <ul className="flex flex-col gap-3">
        {entries.map((entry) => (
          <li key={entry.id}>
            <WaitlistPlace entry={entry} />
          </li>
        ))}
      </ul>
    </Part>
  );
}

function EventsToday({ events }: { events: Today['eventsToday'] }) {
  return (
    <Part title={M.eventsTitle} icon={CalendarDays} headingId="aujourdhui-evenements">
      <ul className="flex flex-col gap-2">
        {events.map((e) => (
          <li key={e.id}>
            <Link to="/events" className="font-medium text-slate-800 underline-offset-4 hover:underline">
              {e.title}
            </Link>
            <span className="block text-sm text-slate-600">
              {formatCalendarDate(e.date, 'full')} à {formatClockTime(e.time)} · {e.location}
            </span>
          </li>
        ))}
      </ul>
    </Part>
  );
}

function ReturnOnFee({ today }: { today: Today }) {
  const { receivedCents, paidExclVatCents, breakEvenMonth } = today.returnOnFee;
  return (
    <Part title={R.card} icon={TrendingUp} headingId="aujourdhui-retour">
      <p className="text-slate-800">{R.cardLine(formatMoney(receivedCents), formatMoney(paidExclVatCents))}</p>
      <p className="text-sm text-slate-600">
        {breakEvenMonth ? R.breakEvenReached(formatMonth(breakEvenMonth)) : R.breakEvenNotYet}
      </p>
      <Link to={RETURN_PAGE_PATH} className="self-start text-sm text-brand-800 underline underline-offset-4">
        {R.cardLink}
      </Link>
    </Part>
  );
}

function Score({ score }: { score: Today['score'] }) {
  const action = score?.nextAction ? SCORE_ACTIONS[score.nextAction] : null;
  return (
    <Part title={M.scoreTitle} icon={TrendingUp} headingId="aujourdhui-score">
      {score ? (
        <>
          <Link to="/score" className="self-start">
            <ScoreBadge score={score.score} colour={score.colour} computedOn={score.computedOn} />
          </Link>
          {action ? (
            <p className="text-slate-800">
              {M.scoreNext}{' '}
              <Link to={action.to} className="font-medium text-brand-800 underline underline-offset-4">
                {action.label}
              </Link>
            </p>
          ) : (
            <p className="text-slate-700">{M.scoreFull}</p>
          )}
        </>
      ) : (
        <p className="text-slate-700">{M.noScore}</p>
      )}
    </Part>
  );
}

function Notifications({ today }: { today: Today }) {
  return (
    <Part title={M.notificationsTitle} icon={Bell} headingId="aujourdhui-notifications">
      {today.unreadCount === 0 ? (
        <p className="text-slate-700">{M.noUnread}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {today.latestUnread.map((n) => (
            <li key={n.id}>
              <Link to={n.link ?? '/notifications'} className="text-slate-800 underline-offset-4 hover:underline">
                {n.title}
              </Link>
              <span className="block text-xs text-slate-600">
                {formatDate(parseApiDateTime(n.createdAt), 'medium')}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link to="/notifications" className="self-start text-sm text-brand-800 underline underline-offset-4">
        {M.allNotifications}
        {today.unreadCount > 0 ? ` (${today.unreadCount} non lue${today.unreadCount > 1 ? 's' : ''})` : ''}
      </Link>
    </Part>
  );
}
