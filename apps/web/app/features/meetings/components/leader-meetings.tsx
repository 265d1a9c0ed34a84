import { meetingMessages } from '@synergie/shared/meeting-constants';
import { CalendarCog } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Loading } from '~/components/query-state';
import { Button } from '~/components/ui/button';
import { apiErrorMessage } from '~/lib/api-client';
import { type MeetingSummary, useGroupMeetings } from '../api/meetings';
import { meetingWhen } from '../lib/paris';
import { MeetingBadges } from './meeting-badges';

const ManageMeetingDialog = lazy(() => import('./manage-meeting-dialog'));

/** The leaders' page: the upcoming meetings, each moved, cancelled or given its presenter. */
export function LeaderMeetings({ groupId }: { groupId: string }) {
  const query = useGroupMeetings(groupId);
  const [managing, setManaging] = useState<MeetingSummary | null>(null);
  return (
    <section aria-labelledby="leader-meetings-title" className="flex flex-col gap-4">
      <h2 id="leader-meetings-title" className="text-2xl font-bold text-slate-900">
        {meetingMessages.meetings}
      </h2>
      {query.isPending ? (
        <Loading variant="text" label="Chargement des réunions…" />
      ) : query.isError ? (
        <p role="alert" className="text-red-700">
          {apiErrorMessage(query.error, 'Impossible de charger les réunions.')}
        </p>
      ) : query.data.meetings.length === 0 ? (
        <p className="text-slate-600">Aucune réunion prévue pour le moment.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {query.data.meetings.map((meeting) => (
            <li key={meeting.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex flex-col gap-1">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <Link to={`/reunions/${meeting.id}`} className="text-brand-700 hover:underline">
                    {meetingWhen(meeting.startsAt)}
                  </Link>
                  <MeetingBadges meeting={meeting} />
                </p>
                <p className="text-sm text-slate-700">{meeting.place}</p>
                <p className="text-sm text-slate-600">
                  {meetingMessages.presentation}
                  {'\u00a0'}: {meeting.presenter?.name ?? 'pas encore choisie'}
                </p>
              </div>
              <Button type="button" variant="outline" size="sm" onClick={() => setManaging(meeting)}>
                <CalendarCog aria-hidden="true" />
                Gérer
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Suspense fallback={null}>
        {managing ? (
          <ManageMeetingDialog groupId={groupId} meeting={managing} onClose={() => setManaging(null)} />
        ) : null}
      </Suspense>
    </section>
  );
}
