import { type AttendanceEntry, attendanceMessages } from '@synergie/shared/attendance';
import { formatDateTime, formatTime } from '@synergie/shared/format';
import {
  ATTENDANCE_STATUS_LABELS,
  ATTENDANCE_STATUSES,
  type AttendanceStatus,
  meetingMessages,
} from '@synergie/shared/meeting-constants';
import { ArrowLeft } from 'lucide-react';
import type * as React from 'react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Loading, NotFound } from '~/components/query-state';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { ApiRequestError, apiErrorMessage, isNotFoundError } from '~/lib/api-client';
import { parseApiDateTime } from '~/lib/api-dates';
import { useCheckinCode, useGroupBySlug, useMeetingAttendance, useRecordAttendance } from '../api/attendance';

const selectClass =
  'h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700 sm:w-48';

/**
 * /groupes/:slug/reunions/:meetingId/presence: the secretary's page, for the group's leaders. The
 * meeting's QR code, large and renewed every minute, and the list of members to tick on a phone.
 */
export function AttendancePageView({
  slug,
  meetingId,
  notFound,
}: {
  slug: string;
  meetingId: string;
  notFound: React.ReactNode;
}) {
  const group = useGroupBySlug(slug);
  const groupId = group.data?.group.id;
  const list = useMeetingAttendance(groupId, meetingId);
  if (group.isError || list.isError) {
    const error = group.error ?? list.error;
    if (isNotFoundError(error)) return <NotFound>{notFound}</NotFound>;
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <Alert variant="destructive">
          <AlertTitle>Erreur</AlertTitle>
          <AlertDescription>
            {error instanceof ApiRequestError && error.status === 403
              ? 'Cette page est réservée aux responsables du groupe (président, vice-président, secrétaire-trésorier).'
              : apiErrorMessage(error, 'Impossible de charger la liste de présence.')}
          </AlertDescription>
        </Alert>
      </div>
    );
  }
  if (group.isPending || list.isPending || !groupId) {
    return <Loading variant="text" className="mx-auto max-w-3xl px-4 py-12" />;
  }
  const { meeting, members } = list.data;
  // The server's rule (domain/attended.ts): `À distance` counts when the group says so.
  const counted = members.filter(
    (m) =>
      m.status === 'present' ||
      m.status === 'late' ||
      m.status === 'substituted' ||
      (m.status === 'remote' && list.data.remoteCountsAsPresent),
  );
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-10 px-4 py-10 sm:px-6">
      <header className="flex flex-col gap-2">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">{group.data.group.name}</p>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">
          {meetingMessages.attendance}, réunion du {formatDateTime(parseApiDateTime(meeting.startsAt))}
        </h1>
        <p className="text-slate-700">{meeting.place}</p>
        <Button asChild variant="outline" size="sm" className="self-start">
          <Link to={`/groupes/${slug}/gestion`}>
            <ArrowLeft aria-hidden="true" />
            Gestion du groupe
          </Link>
        </Button>
      </header>
      {meeting.status === 'cancelled' ? (
        <Alert variant="warning">
          <AlertTitle>Réunion annulée</AlertTitle>
          <AlertDescription>Cette réunion est annulée&nbsp;: il n’y a pas de pointage.</AlertDescription>
        </Alert>
      ) : (
        <QrPanel groupId={groupId} meetingId={meetingId} />
      )}
      <section aria-labelledby="attendance-list-title" className="flex flex-col gap-4">
        <h2 id="attendance-list-title" className="text-2xl font-bold text-slate-900">
          {attendanceMessages.attendanceList}
        </h2>
        <p className="text-slate-700" aria-live="polite">
          {counted.length} présent{counted.length > 1 ? 's' : ''} sur {members.length} membre
          {members.length > 1 ? 's' : ''}
        </p>
        <ul className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {members.map((member) => (
            <MemberRow
              key={`${member.userId}:${member.status}:${member.substituteName}`}
              member={member}
              groupId={groupId}
              meetingId={meetingId}
              disabled={meeting.status === 'cancelled'}
            />
          ))}
        </ul>
      </section>
    </div>
  );
}

function QrPanel({ groupId, meetingId }: { groupId: string; meetingId: string }) {
  const code = useCheckinCode(groupId, meetingId);
  return (
    <section aria-labelledby="attendance-qr-title" className="flex flex-col items-center gap-4 text-center">
      <h2 id="attendance-qr-title" className="text-2xl font-bold text-slate-900">
        {meetingMessages.qrCode}
      </h2>
      {code.data ? (
        <>
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(code.data.svg)}`}
            alt={`${meetingMessages.qrCode}\u00a0: ${attendanceMessages.scanHint}`}
            className="aspect-square w-full max-w-md rounded-xl border border-slate-200 bg-white p-2"
          />
          <p className="max-w-md text-slate-700">{attendanceMessages.scanHint}</p>
        </>
      ) : code.isError ? (
        <p className="max-w-md text-slate-700" role="status">
          {code.error instanceof ApiRequestError ? code.error.message : attendanceMessages.codeClosed}
        </p>
      ) : (
        <Loading variant="text" />
      )}
    </section>
  );
}

function MemberRow({
  member,
  groupId,
  meetingId,
  disabled,
}: {
  member: AttendanceEntry;
  groupId: string;
  meetingId: string;
  disabled: boolean;
}) {
  const id = useId();
  const record = useRecordAttendance(groupId, meetingId);
  const [status, setStatus] = useState<AttendanceStatus | ''>(member.status ?? '');
  const [substitute, setSubstitute] = useState(member.substituteName ?? '');
  const [missingName, setMissingName] = useState(false);

  const save = (next: AttendanceStatus, name: string) => {
    if (next === 'substituted' && name.trim() === '') {
      setMissingName(true);
      return;
    }
    setMissingName(false);
    record.mutate({
      userId: member.userId,
      form: { status: next, substituteName: next === 'substituted' ? name.trim() : null },
    });
  };

  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex flex-col">
        <label htmlFor={`${id}-status`} className="font-semibold text-slate-900">
          {member.name}
        </label>
        {member.trade ? <span className="text-sm text-slate-600">{member.trade}</span> : null}
        {(member.source === 'qr' || member.source === 'connected') && member.checkedInAt ? (
          <span className="text-sm text-slate-600">
            {member.source === 'qr' ? 'Pointé par QR code à' : 'Connecté à distance à'}{' '}
            {formatTime(parseApiDateTime(member.checkedInAt))}
          </span>
        ) : null}
      </div>
      <div className="flex flex-col gap-2 sm:items-end">
        <select
          id={`${id}-status`}
          className={selectClass}
          value={status}
          disabled={disabled || record.isPending}
          onChange={(event) => {
            const next = event.target.value as AttendanceStatus | '';
            setStatus(next);
            if (next !== '' && next !== 'substituted') save(next, substitute);
          }}
        >
          <option value="" disabled>
            {attendanceMessages.noStatus}
          </option>
          {ATTENDANCE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {ATTENDANCE_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
        {status === 'substituted' ? (
          <form
            className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row"
            onSubmit={(event) => {
              event.preventDefault();
              save('substituted', substitute);
            }}
          >
            <label htmlFor={`${id}-substitute`} className="sr-only">
              {attendanceMessages.substituteName} ({member.name})
            </label>
            <Input
              id={`${id}-substitute`}
              placeholder={attendanceMessages.substituteName}
              value={substitute}
              maxLength={120}
              onChange={(event) => setSubstitute(event.target.value)}
              aria-invalid={missingName || undefined}
              aria-describedby={missingName ? `${id}-substitute-error` : undefined}
            />
            <Button type="submit" size="sm" disabled={record.isPending}>
              {attendanceMessages.save}
            </Button>
          </form>
        ) : null}
        {missingName ? (
          <p id={`${id}-substitute-error`} role="alert" className="text-sm text-red-700">
            {attendanceMessages.substituteRequired}
          </p>
        ) : null}
        {record.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {apiErrorMessage(record.error, 'L’enregistrement a échoué. Réessayez.')}
          </p>
        ) : null}
        {record.isSuccess && !record.isPending ? (
          <p role="status" className="text-sm text-green-800">
            {attendanceMessages.saved}
          </p>
        ) : null}
      </div>
    </li>
  );
}
