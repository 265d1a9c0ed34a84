import { meetingMessages } from '@synergie/shared/meeting-constants';
import { CalendarDays, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { Loading } from '~/components/query-state';
import { apiErrorMessage } from '~/lib/api-client';
import { useGroupMeetings } from '../api/meetings';
import { meetingWhen } from '../lib/paris';
import { MeetingBadges } from './meeting-badges';

/** `Prochaines réunions`: the group's upcoming meetings, each a link to its agenda. */
export function GroupMeetings({ groupId, headingLevel = 3 }: { groupId: string; headingLevel?: 2 | 3 }) {
  const query = useGroupMeetings(groupId);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby="next-meetings-title" className="flex flex-col gap-4">
      <Heading id="next-meetings-title" className="text-xl font-semibold text-slate-900">
        {meetingMessages.nextMeetings}
      </Heading>
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
            <li key={meeting.id} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex flex-col gap-1">
                <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                  <CalendarDays aria-hidden="true" className="size-4 text-brand-700" />
                  <Link
                    to={`/reunions/${meeting.id}`}
                    className={
                      meeting.status === 'cancelled' ? 'line-through hover:underline' : 'text-brand-700 hover:underline'
                    }
                  >
                    {meetingWhen(meeting.startsAt)}
                  </Link>
                  <MeetingBadges meeting={meeting} />
                </p>
                <p className="flex items-center gap-2 text-sm text-slate-700">
                  <MapPin aria-hidden="true" className="size-4" />
                  {meeting.place}
                </p>
                {meeting.changeMessage ? <p className="text-sm text-slate-600">{meeting.changeMessage}</p> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
