import { Loading, QueryState } from '~/components/query-state';
import { useVisitorLiveMeeting } from '../api/live-meeting';
import { LivePhaseContent } from './live-content';
import { StreamNotice } from './stream-notice';

/** /invitation/direct?jeton=…: the meeting on a visitor's phone (no account, no members' contact details). */
export function LiveMeetingVisitor({ token }: { token: string }) {
  const { query, status } = useVisitorLiveMeeting(token);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6">
      <QueryState
        query={query}
        loading={<Loading label="Connexion à la réunion…" />}
        errorMessage="Impossible de suivre la réunion."
      >
        {(state) => (
          <>
            <header className="flex flex-col gap-1">
              <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{state.groupName}</p>
              <h1 className="text-3xl font-bold text-slate-900">
                {state.live ? state.phaseLabel : 'La réunion n’est pas encore lancée'}
              </h1>
              <StreamNotice status={status} />
              <p aria-live="polite" className="sr-only">
                {state.live ? `${state.phaseLabel}${state.speaker ? `\u00a0: ${state.speaker.name}` : ''}` : ''}
              </p>
            </header>
            {state.live ? (
              <section
                aria-label="Où en est la réunion"
                className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5"
              >
                <LivePhaseContent state={state} variant="phone" />
              </section>
            ) : (
              <p className="text-slate-700">{`Elle s’affichera ici dès qu’elle commencera, ${state.place}.`}</p>
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}
