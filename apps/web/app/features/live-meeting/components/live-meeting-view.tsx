import { LIVE_PHASE_LABELS, LIVE_PHASES, liveMessages } from '@synergie/shared/live-meeting-constants';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ChevronRight, MonitorUp, Play, Radio, Square } from 'lucide-react';
import type * as React from 'react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Loading, QueryState } from '~/components/query-state';
import { Button } from '~/components/ui/button';
import { useSession } from '~/features/auth';
import { type MeetingDetail, useMeeting } from '~/features/meetings';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { cn } from '~/lib/utils';
import {
  type LiveView,
  liveViewQuery,
  type StreamStatus,
  useEndLiveMeeting,
  useLaunchLiveMeeting,
  useLiveMeeting,
  useNextLiveMeeting,
  useShowLiveRecommendations,
} from '../api/live-meeting';
import { LaunchLiveMeetingButton } from './launch-live-meeting-button';
import { LivePhaseContent, LiveRecommendations, TurnNotice } from './live-content';
import { LiveRecommendationDialog } from './live-recommendation-dialog';
import { StreamNotice } from './stream-notice';

/** The meeting's detail first (its group), then the live view: both screens start here. */
function WithMeeting({
  meetingId,
  notFound,
  children,
}: {
  meetingId: string;
  notFound: React.ReactNode;
  children: (meeting: MeetingDetail) => React.ReactNode;
}) {
  const query = useMeeting(meetingId);
  return (
    <QueryState
      query={query}
      loading={<Loading label="Chargement de la réunion…" className="mx-auto max-w-3xl px-4 py-12" />}
      errorMessage="Impossible de charger la réunion."
      errorClassName="mx-auto max-w-3xl px-4 py-12"
      notFound={notFound}
    >
      {children}
    </QueryState>
  );
}

/**
 * /reunions/:id/direct: the meeting on a member's phone, and the leaders' console (`Lancer la
 * réunion`, `Suivant`, `Terminer`, the projector's recommendations).
 */
export function LiveMeetingPhone({ meetingId, notFound }: { meetingId: string; notFound: React.ReactNode }) {
  return (
    <WithMeeting meetingId={meetingId} notFound={notFound}>
      {(meeting) => <PhoneContent meeting={meeting} />}
    </WithMeeting>
  );
}

function PhoneContent({ meeting }: { meeting: MeetingDetail }) {
  const ids = { groupId: meeting.groupId, meetingId: meeting.id };
  const { query, status } = useLiveMeeting(ids);
  const session = useSession();
  const viewerId = session.data?.user?.id;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6">
      <Link to={`/reunions/${meeting.id}`} className="inline-flex items-center gap-2 text-brand-700 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        La réunion
      </Link>
      <QueryState
        query={query}
        loading={<Loading label="Connexion à la réunion…" />}
        errorMessage="Impossible de suivre la réunion."
      >
        {(view) => (
          <PhoneLive
            view={view}
            status={status}
            viewerId={viewerId}
            members={meeting.agenda.round.filter((m) => m.id !== viewerId)}
          />
        )}
      </QueryState>
    </div>
  );
}

function PhoneLive({
  view,
  status,
  viewerId,
  members,
}: {
  view: LiveView;
  status: StreamStatus;
  viewerId: string | undefined;
  members: { id: string; name: string; trade: string | null }[];
}) {
  const { state } = view;
  const ids = { groupId: state.groupId, meetingId: state.meetingId };
  const running = state.live && state.phase !== 'ended';
  return (
    <>
      <header className="flex flex-col gap-1">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{state.groupName}</p>
        <h1 className="text-3xl font-bold text-slate-900">
          {state.live ? state.phaseLabel : 'La réunion n’est pas encore lancée'}
        </h1>
        <StreamNotice status={status} />
        {/* Read out at each move: the phase, and who speaks. */}
        <p aria-live="polite" className="sr-only">
          {state.live ? `${state.phaseLabel}${state.speaker ? `\u00a0: ${state.speaker.name}` : ''}` : ''}
        </p>
      </header>
      {state.live ? <PhaseSteps phase={state.phase} /> : null}
      {state.live ? (
        <section
          aria-label="Où en est la réunion"
          className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5"
        >
          <TurnNotice state={state} viewerId={viewerId} />
          <LivePhaseContent state={state} variant="phone" />
        </section>
      ) : (
        <p className="text-slate-700">Elle s’affichera ici dès que ses responsables la lanceront.</p>
      )}
      {view.viewerLeads ? <LeaderConsole view={view} /> : null}
      {running ? (
        <LiveRecommendationDialog
          groupId={ids.groupId}
          meetingId={ids.meetingId}
          members={members}
          speakerId={state.speaker?.id ?? null}
        />
      ) : null}
      {state.live && state.phase !== 'round' && state.round.length > 0 ? (
        <section aria-labelledby="live-round" className="flex flex-col gap-2">
          <h2 id="live-round" className="text-lg font-semibold text-slate-900">
            Présents ({state.round.length})
          </h2>
          <ol className="flex flex-col gap-1 text-slate-700">
            {state.round.map((m) => (
              <li key={m.id}>
                {m.name}
                {m.trade ? ` — ${m.trade}` : ''}
                {m.late ? (
                  <span className="ml-2 text-sm font-semibold text-orange-700">{liveMessages.late}</span>
                ) : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </>
  );
}

/** The phases, the current one marked: where the meeting is in its script. */
function PhaseSteps({ phase }: { phase: (typeof LIVE_PHASES)[number] }) {
  const at = LIVE_PHASES.indexOf(phase);
  const steps = LIVE_PHASES.length - 1;
  const next = LIVE_PHASES[at + 1];
  return (
    <>
      {/* On a phone, one line: the list would take half the screen. */}
      <p className="text-sm text-slate-700 sm:hidden" aria-hidden="true">
        {phase === 'ended'
          ? ''
          : `Étape ${at + 1} sur ${steps}${next && next !== 'ended' ? ` · ensuite\u00a0: ${LIVE_PHASE_LABELS[next]}` : ''}`}
      </p>
      <PhaseList phase={phase} at={at} />
    </>
  );
}

function PhaseList({ phase, at }: { phase: (typeof LIVE_PHASES)[number]; at: number }) {
  return (
    <ol aria-label="Déroulé de la réunion" className="sr-only flex-wrap gap-2 text-sm sm:not-sr-only sm:flex">
      {LIVE_PHASES.filter((p) => p !== 'ended').map((p, i) => (
        <li
          key={p}
          aria-current={p === phase ? 'step' : undefined}
          className={cn(
            'rounded-full px-3 py-1',
            p === phase
              ? 'bg-brand-700 font-semibold text-white'
              : i < at
                ? 'bg-slate-200 text-slate-700'
                : 'bg-slate-100 text-slate-600',
          )}
        >
          {LIVE_PHASE_LABELS[p]}
        </li>
      ))}
    </ol>
  );
}

/** The leaders' buttons; `Suivant` names the version on screen, so two presses move it once. */
function LeaderConsole({ view }: { view: LiveView }) {
  const { state } = view;
  const ids = { groupId: state.groupId, meetingId: state.meetingId };
  const launch = useLaunchLiveMeeting(ids);
  const next = useNextLiveMeeting(ids);
  const end = useEndLiveMeeting(ids);
  const show = useShowLiveRecommendations(ids);
  const projector = `/reunions/${state.meetingId}/projecteur`;
  const nextButton = useRef<HTMLButtonElement>(null);
  const launched = state.live;
  // Launched, the console's first button takes the focus: the secretary's next press is `Suivant`.
  useEffect(() => {
    if (launched) nextButton.current?.focus({ preventScroll: true });
  }, [launched]);
  if (state.phase === 'ended') return null;
  if (!state.live) {
    return (
      <div className="flex flex-col gap-2 rounded-xl border border-brand-200 bg-brand-50 p-5">
        <Button
          type="button"
          size="lg"
          className="h-14 text-lg"
          disabled={!view.canLaunch || launch.isPending}
          onClick={() =>
            launch.mutate(undefined, {
              onError: (error) => notify.error(apiErrorMessage(error, 'La réunion n’a pas pu être lancée.')),
            })
          }
        >
          <Play aria-hidden="true" />
          {liveMessages.launch}
        </Button>
        {!view.canLaunch ? (
          <p className="text-sm text-slate-700">La réunion se lance au plus tôt 30 minutes avant son début.</p>
        ) : null}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 p-5">
      <Button
        ref={nextButton}
        type="button"
        size="lg"
        className="h-16 text-xl"
        disabled={next.isPending}
        onClick={() =>
          next.mutate(state.version, {
            onError: (error) => notify.error(apiErrorMessage(error, 'La réunion n’a pas pu avancer.')),
          })
        }
      >
        {liveMessages.next}
        <ChevronRight aria-hidden="true" />
      </Button>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          aria-pressed={state.showRecommendations}
          disabled={show.isPending}
          onClick={() => show.mutate(!state.showRecommendations)}
        >
          {state.showRecommendations ? liveMessages.hideRecommendations : liveMessages.showRecommendations}
        </Button>
        <Button asChild variant="outline">
          <Link to={projector}>
            <MonitorUp aria-hidden="true" />
            Ouvrir le projecteur
          </Link>
        </Button>
        <Button
          type="button"
          variant="ghost"
          disabled={end.isPending}
          onClick={() => {
            if (window.confirm('Terminer la réunion pour tout le monde\u202f?')) end.mutate();
          }}
        >
          <Square aria-hidden="true" />
          {liveMessages.end}
        </Button>
      </div>
    </div>
  );
}

/**
 * On the meeting's page: `Lancer la réunion` for its leaders once it may start (then the console),
 * `Suivre la réunion en direct` for everyone while it runs.
 */
export function LiveMeetingEntry({ groupId, meetingId }: { groupId: string; meetingId: string }) {
  const ids = { groupId, meetingId };
  const query = useQuery(liveViewQuery(ids));
  const view = query.data;
  if (!view || view.state.phase === 'ended') return null;
  const direct = `/reunions/${meetingId}/direct`;
  if (!view.state.live && view.viewerLeads && view.canLaunch) return <LaunchLiveMeetingButton {...ids} />;
  if (!view.state.live) return null;
  return (
    <Button asChild size="lg">
      <Link to={direct}>
        <Radio aria-hidden="true" />
        Suivre la réunion en direct
      </Link>
    </Button>
  );
}

/** /reunions/:id/projecteur: the room's screen, large type on dark, no bars. */
export function LiveMeetingProjector({ meetingId, notFound }: { meetingId: string; notFound: React.ReactNode }) {
  return (
    <WithMeeting meetingId={meetingId} notFound={notFound}>
      {(meeting) => <ProjectorContent meeting={meeting} />}
    </WithMeeting>
  );
}

function ProjectorContent({ meeting }: { meeting: MeetingDetail }) {
  const { query, status } = useLiveMeeting({ groupId: meeting.groupId, meetingId: meeting.id });
  const state = query.data?.state;
  return (
    <div className="flex min-h-screen flex-col gap-10 bg-slate-950 px-12 py-10 text-white">
      <header className="flex items-start justify-between gap-6">
        <div>
          <p className="text-3xl font-semibold text-brand-200">{meeting.groupName}</p>
          <h1 className="text-6xl font-bold">{state?.live ? state.phaseLabel : 'La réunion va commencer'}</h1>
        </div>
        <StreamNotice status={status} dark />
      </header>
      {state?.live ? (
        <div className="flex flex-1 gap-12">
          <div className="flex flex-1 flex-col gap-8">
            <LivePhaseContent state={state} variant="projector" />
          </div>
          {/* Allowed by the leaders: the recommendations passed during the meeting, whatever the phase. */}
          {state.showRecommendations && state.phase !== 'recommendations' && state.phase !== 'ended' ? (
            <aside aria-label="Recommandations passées" className="w-2/5 border-l border-slate-700 pl-10">
              <LiveRecommendations state={state} variant="projector" />
            </aside>
          ) : null}
        </div>
      ) : (
        <p className="text-4xl text-slate-300">{meeting.place}</p>
      )}
    </div>
  );
}
