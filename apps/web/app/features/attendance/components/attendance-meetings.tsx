import { attendanceMessages } from '@synergie/shared/attendance';
import { formatDateTime } from '@synergie/shared/format';
import { ABSENCE_WINDOW_MONTHS, meetingMessages } from '@synergie/shared/meeting-constants';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Loading } from '~/components/query-state';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { apiErrorMessage } from '~/lib/api-client';
import { parseApiDateTime } from '~/lib/api-dates';
import { useAttendanceMeetings, useSetAbsenceThreshold } from '../api/attendance';

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
        <Loading variant="text" />
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
      {meetings.data ? (
        <ThresholdForm
          key={meetings.data.absenceThreshold}
          groupId={groupId}
          current={meetings.data.absenceThreshold}
        />
      ) : null}
    </section>
  );
}

/** The group's absence threshold: more `Absent` than this over the rolling months alerts the leaders. */
function ThresholdForm({ groupId, current }: { groupId: string; current: number }) {
  const id = useId();
  const [value, setValue] = useState(String(current));
  const save = useSetAbsenceThreshold(groupId);
  const number = Number(value);
  const valid = Number.isInteger(number) && number >= 1 && number <= 26;
  return (
    <form
      className="mt-6 flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) save.mutate(number);
      }}
      noValidate
    >
      <label htmlFor={id} className="font-semibold text-slate-900">
        {attendanceMessages.absenceThreshold}
      </label>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        Les responsables sont alertés au-delà de ce nombre d’absences sur {ABSENCE_WINDOW_MONTHS} mois glissants (1 à
        26).
      </p>
      <div className="flex items-center gap-2">
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={26}
          className="w-24"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-describedby={`${id}-hint`}
          aria-invalid={!valid || undefined}
        />
        <Button type="submit" size="sm" disabled={!valid || save.isPending}>
          {attendanceMessages.save}
        </Button>
      </div>
      {!valid ? (
        <p role="alert" className="text-sm text-red-700">
          Indiquez un nombre entier de 1 à 26.
        </p>
      ) : null}
      {save.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {apiErrorMessage(save.error, 'L’enregistrement a échoué. Réessayez.')}
        </p>
      ) : null}
      {save.isSuccess ? (
        <p role="status" className="text-sm text-green-800">
          Seuil enregistré.
        </p>
      ) : null}
    </form>
  );
}
