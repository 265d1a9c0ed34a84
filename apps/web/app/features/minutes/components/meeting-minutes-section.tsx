import { formatDateInWords, formatDateTime, formatMoney } from '@synergie/shared/format';
import { LIVE_LAUNCH_BEFORE_MS } from '@synergie/shared/live-meeting-constants';
import { minutesLabels, minutesMessages } from '@synergie/shared/minutes-constants';
import { Download } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '~/components/ui/button';
import { type MeetingMinutes, minutesPdfHref, useMeetingMinutes } from '../api/minutes';

const MinutesCorrectionForm = lazy(() => import('./minutes-correction-form'));

const sectionTitle = 'mb-2 text-lg font-semibold text-slate-900';
const who = (name: string | null) => name ?? minutesLabels.deletedMember;

/**
 * The meeting's `Compte rendu` (issue 30), once it exists: attendance, recommendations passed,
 * visitors, business thanked, next week's presenter, the leaders' notes; `Télécharger le PDF`;
 * for the leaders, within the 48 hours, the correction form (loaded on use).
 */
export function MeetingMinutesSection({
  meetingId,
  groupId,
  startsAt,
}: {
  meetingId: string;
  groupId: string;
  /** The meeting's start: before its live window opens, there are no minutes to ask for. */
  startsAt?: string;
}) {
  // A meeting launched early (30 minutes before) may end, and have its minutes, before its start.
  const query = useMeetingMinutes(
    meetingId,
    startsAt === undefined || Date.parse(startsAt) - LIVE_LAUNCH_BEFORE_MS <= Date.now(),
  );
  const minutes = query.data;
  if (!minutes) return null;
  return (
    <section
      id="compte-rendu"
      aria-labelledby="minutes-title"
      className="flex flex-col gap-6 rounded-xl border border-slate-200 bg-white p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="minutes-title" className="text-2xl font-bold text-slate-900">
          {minutesMessages.title}
        </h2>
        <Button asChild variant="outline">
          <a href={minutesPdfHref(meetingId)} download>
            <Download aria-hidden="true" />
            {minutesMessages.download}
          </a>
        </Button>
      </div>
      <MinutesBody minutes={minutes} />
      <p className="text-sm text-slate-600">
        {minutesMessages.version(minutes.version)}.{' '}
        {minutesLabels.generatedOn(formatDateTime(new Date(minutes.generatedAt)))}{' '}
        {minutes.correctedAt
          ? minutes.correctedBy
            ? minutesLabels.correctedBy(minutes.correctedBy, formatDateTime(new Date(minutes.correctedAt)))
            : minutesLabels.correctedOn(formatDateTime(new Date(minutes.correctedAt)))
          : null}
      </p>
      {minutes.canCorrect ? (
        <Suspense fallback={null}>
          <MinutesCorrectionForm groupId={groupId} minutes={minutes} onStale={() => query.refetch()} />
        </Suspense>
      ) : Date.parse(minutes.lockedAt) <= Date.now() ? (
        <p className="text-sm text-slate-600">{minutesMessages.locked}</p>
      ) : null}
    </section>
  );
}

function People({ label, people }: { label: string; people: string[] }) {
  return (
    <div>
      <dt className="font-medium text-slate-900">
        {label} ({people.length})
      </dt>
      <dd className="text-slate-700">{people.length ? people.join(', ') : minutesMessages.none}</dd>
    </div>
  );
}

function MinutesBody({ minutes }: { minutes: MeetingMinutes }) {
  const { content } = minutes;
  const a = content.attendance;
  const names = (people: { name: string }[]) => people.map((p) => p.name);
  return (
    <>
      <div>
        <h3 className={sectionTitle}>{minutesMessages.attendance}</h3>
        <dl className="grid gap-3 sm:grid-cols-2">
          <People label={minutesMessages.present} people={names(a.present)} />
          <People label={minutesMessages.late} people={names(a.late)} />
          <People label={minutesMessages.remote} people={names(a.remote)} />
          <People label={minutesMessages.excused} people={names(a.excused)} />
          <People
            label={minutesMessages.substituted}
            people={a.substituted.map((p) =>
              p.substituteName ? `${p.name} (${minutesLabels.substitutedBy(p.substituteName)})` : p.name,
            )}
          />
          <People label={minutesMessages.absent} people={names(a.absent)} />
        </dl>
        <p className="mt-2 text-sm text-slate-600">
          {a.remoteCountsAsPresent ? minutesMessages.remoteCounted : minutesMessages.remoteNotCounted}
        </p>
      </div>
      <div>
        <h3 className={sectionTitle}>
          {minutesMessages.recommendations} ({content.recommendations.length})
        </h3>
        {content.recommendations.length === 0 ? (
          <p className="text-slate-600">{minutesMessages.noneFeminine}</p>
        ) : (
          <ul className="flex flex-col gap-1 text-slate-700">
            {content.recommendations.map((r) => (
              <li key={r.id}>
                {who(r.giverName)} → {who(r.receiverName)}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3 className={sectionTitle}>
          {minutesMessages.visitors} ({content.visitors.length})
        </h3>
        {content.visitors.length === 0 ? (
          <p className="text-slate-600">{minutesMessages.none}</p>
        ) : (
          <ul className="flex flex-col gap-1 text-slate-700">
            {content.visitors.map((v, i) => (
              // Visitors have no id in the minutes: their order is fixed.
              // biome-ignore lint/suspicious/noArrayIndexKey: a snapshot's list never reorders
              <li key={i}>{[v.name ?? minutesLabels.visitor, v.company].filter(Boolean).join(', ')}</li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3 className={sectionTitle}>{minutesMessages.business}</h3>
        {content.businessThanked.length === 0 ? (
          <p className="text-slate-600">{minutesMessages.none}</p>
        ) : (
          <ul className="flex flex-col gap-1 text-slate-700">
            {content.businessThanked.map((b) => (
              <li key={b.id}>
                {`${minutesLabels.thanks(who(b.receiverName), who(b.giverName))}${b.amountCents === null ? '' : `\u00a0: ${formatMoney(b.amountCents)}`}`}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3 className={sectionTitle}>{minutesMessages.nextPresenter}</h3>
        <p className="text-slate-700">
          {content.nextPresenter
            ? content.nextPresenter.meetingStartsAt
              ? `${content.nextPresenter.name}, ${formatDateInWords(new Date(content.nextPresenter.meetingStartsAt))}`
              : content.nextPresenter.name
            : minutesMessages.none}
        </p>
      </div>
      {content.notes ? (
        <div>
          <h3 className={sectionTitle}>{minutesMessages.notes}</h3>
          <p className="whitespace-pre-line text-slate-700">{content.notes}</p>
        </div>
      ) : null}
    </>
  );
}
