import { formatDateTime } from '@synergie/shared/format';
import { meetingMessages } from '@synergie/shared/meeting-constants';
import { Link } from 'react-router';
import { parseApiDateTime } from '~/lib/api-dates';
import { useAttendanceMeetings } from '../api/attendance';

/**
 * The leaders' page's section: the group's recent and coming meetings, each linking to its
 * attendance page (the QR code and the list to tick).
 */
export function AttendanceMeetings({ groupId, slug }: { groupId: string; slug: string }) {
  const meetings = useAttendanceMeetings(groupId);
  return (
    <section aria-labelledby="leaders-attendance-title">
      <h2 id="leaders-attendance-title" className="mb-4 text-2xl font-bold text-slate-900">
        {meetingMessages.attendance}
      </h2>
      {meetings.isPending ? (
        <p role="status">Chargement...</p>
      ) : meetings.isError ? (
        <p role="alert" className="text-red-700">
          Impossible de charger les réunions.
        </p>
      ) : meetings.data.meetings.length === 0 ? (
        <p className="text-slate-600">Aucune réunion récente ou à venir cette semaine.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {meetings.data.meetings.map((m) => (
            <li key={m.id} className="flex flex-wrap items-baseline gap-x-3">
              <Link
                to={`/groupes/${slug}/reunions/${m.id}/presence`}
                className="font-semibold text-brand-800 underline"
              >
                Réunion du {formatDateTime(parseApiDateTime(m.startsAt))}
              </Link>
              <span className="text-sm text-slate-600">
                {m.status === 'cancelled'
                  ? 'Annulée'
                  : `${m.present} présent${m.present > 1 ? 's' : ''}, ${m.recorded} noté${m.recorded > 1 ? 's' : ''}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
