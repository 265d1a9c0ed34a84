import { formatTime } from '@synergie/shared/format';
import { meetingMessages } from '@synergie/shared/meeting-constants';
import {
  RECOMMENDATION_STATUS_LABELS,
  type RecommendationStatus,
  recommendationMessages,
} from '@synergie/shared/recommendation-constants';
import { ArrowLeft, CalendarPlus, MapPin } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'react-router';
import { Loading, QueryState } from '~/components/query-state';
import { Button } from '~/components/ui/button';
import { MeetingMinutesSection } from '~/features/minutes';
import { parseApiDateTime } from '~/lib/api-dates';
import { type MeetingDetail, meetingIcsHref, useMeeting } from '../api/meetings';
import { meetingWhen } from '../lib/paris';
import { MeetingHybrid } from './hybrid';
import { MeetingBadges } from './meeting-badges';

const sectionTitle = 'mb-3 text-xl font-semibold text-slate-900';
const statusLabel = (status: string) => RECOMMENDATION_STATUS_LABELS[status as RecommendationStatus] ?? status;

/** /reunions/:id: the meeting, its agenda (`Ordre du jour`) and `Ajouter à mon agenda`. */
export function MeetingView({
  id,
  notFound,
  actions,
}: {
  id: string;
  notFound: React.ReactNode;
  /** More actions in the header (the live meeting's, given by the page). */
  actions?: (meeting: MeetingDetail) => React.ReactNode;
}) {
  const query = useMeeting(id);
  return (
    <QueryState
      query={query}
      loading={
        <Loading label="Chargement de la réunion…" className="mx-auto max-w-4xl px-4 py-12">
          <div className="h-64 animate-pulse rounded-xl bg-slate-200" aria-hidden="true" />
        </Loading>
      }
      errorMessage="Impossible de charger la réunion."
      errorClassName="mx-auto max-w-3xl px-4 py-12"
      notFound={notFound}
    >
      {(meeting) => <MeetingContent meeting={meeting} actions={actions} />}
    </QueryState>
  );
}

function MeetingContent({
  meeting,
  actions,
}: {
  meeting: MeetingDetail;
  actions?: (meeting: MeetingDetail) => React.ReactNode;
}) {
  const { agenda } = meeting;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-12">
      <Link to="/mon-groupe" className="inline-flex items-center gap-2 text-brand-700 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Mon groupe
      </Link>
      <header className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-6">
        <h1 className="flex flex-wrap items-center gap-3 text-3xl font-bold text-slate-900">
          Réunion du {meetingWhen(meeting.startsAt)} <MeetingBadges meeting={meeting} />
        </h1>
        <p className="text-slate-700">
          {meeting.groupName}, jusqu’à {formatTime(parseApiDateTime(meeting.endsAt))}
        </p>
        <p className="flex items-center gap-2 text-slate-700">
          <MapPin aria-hidden="true" className="size-4" />
          {meeting.place}
        </p>
        {meeting.changeMessage ? (
          <p className="rounded-lg bg-slate-50 p-3 text-slate-700">
            <span className="font-semibold">Message des responsables{'\u00a0'}: </span>
            {meeting.changeMessage}
          </p>
        ) : null}
        {meeting.status === 'scheduled' ? (
          <div className="flex flex-wrap gap-3">
            {actions?.(meeting)}
            <Button asChild variant="outline">
              <a href={meetingIcsHref(meeting.id)} download>
                <CalendarPlus aria-hidden="true" />
                {meetingMessages.addToCalendar}
              </a>
            </Button>
          </div>
        ) : null}
        <MeetingHybrid meeting={meeting} />
      </header>

      <MeetingMinutesSection meetingId={meeting.id} groupId={meeting.groupId} startsAt={meeting.startsAt} />

      <section aria-labelledby="agenda-title" className="flex flex-col gap-6">
        <h2 id="agenda-title" className="text-2xl font-bold text-slate-900">
          {meetingMessages.agenda}
        </h2>
        <div>
          <h3 className={sectionTitle}>{meetingMessages.round}</h3>
          {agenda.round.length === 0 ? (
            <p className="text-slate-600">Aucun membre actif.</p>
          ) : (
            <ol className="grid gap-2 sm:grid-cols-2">
              {agenda.round.map((m) => (
                <li key={m.id} className="rounded-lg border border-slate-200 bg-white px-4 py-2">
                  <span className="font-medium text-slate-900">{m.name}</span>
                  {m.trade ? <span className="text-slate-600"> — {m.trade}</span> : null}
                </li>
              ))}
            </ol>
          )}
        </div>
        <div>
          <h3 className={sectionTitle}>{meetingMessages.presentation}</h3>
          <p className="text-slate-700">{meeting.presenter ? meeting.presenter.name : 'Pas encore choisie.'}</p>
        </div>
        <div>
          <h3 className={sectionTitle}>
            {meetingMessages.recommendationsPassed} ({agenda.recommendations.count})
          </h3>
          {agenda.recommendations.items.length === 0 ? (
            <p className="text-slate-600">Aucune recommandation depuis la réunion précédente.</p>
          ) : (
            <ul className="flex flex-col gap-1 text-slate-700">
              {agenda.recommendations.items.map((r) => (
                <li key={r.id}>
                  {r.giverName ?? recommendationMessages.deletedMember} →{' '}
                  {r.receiverName ?? recommendationMessages.deletedMember} ({statusLabel(r.status)})
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h3 className={sectionTitle}>{meetingMessages.guestsExpected}</h3>
          <p className="text-slate-700">{agenda.guestsExpected}</p>
        </div>
      </section>
    </div>
  );
}
