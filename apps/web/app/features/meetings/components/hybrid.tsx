import { CHECKIN_OPENS_MINUTES_BEFORE, hybridMessages as H } from '@synergie/shared/meeting-constants';
import { CheckCircle2, Video, Wifi } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ExternalLink } from '~/components/external-link';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { ApiRequestError, apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { useConnected, useGroupHybrid, useSetGroupHybrid, useSetMeetingVisio } from '../api/hybrid';
import type { MeetingDetail } from '../api/meetings';
import { meetingWhen } from '../lib/paris';

/** Hybrid meetings (issue 30): the visio link, `Je suis connecté`, the leaders' settings. */

/** `Rejoindre la visio`: the link in a new tab (components/external-link.tsx), nothing without one. */
export function JoinVisio({ href, context }: { href: string | null; context?: string }) {
  if (!href) return null;
  return (
    <Button asChild variant="outline">
      <ExternalLink href={href} context={context}>
        <Video aria-hidden="true" />
        {H.joinVisio}
      </ExternalLink>
    </Button>
  );
}

/** The connect window: from CHECKIN_OPENS_MINUTES_BEFORE before the start to the end. */
export function connectOpen(meeting: Pick<MeetingDetail, 'startsAt' | 'endsAt' | 'status'>, now: number): boolean {
  const opens = Date.parse(meeting.startsAt) - CHECKIN_OPENS_MINUTES_BEFORE * 60_000;
  return meeting.status === 'scheduled' && now >= opens && now < Date.parse(meeting.endsAt);
}

/** The time now, again every 30 seconds: the button appears and goes with the window. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * `Je suis connecté` during the window, for the member who follows the meeting from afar (the QR
 * code's place in the room). The answer is read out and gets the focus.
 */
export function ConnectedButton({ meeting }: { meeting: MeetingDetail }) {
  const now = useNow();
  const connect = useConnected(meeting.id);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) messageRef.current?.focus();
  }, [message]);
  if (!message && !connectOpen(meeting, now)) return null;
  const press = () =>
    connect.mutate(crypto.randomUUID(), {
      onSuccess: (result) => setMessage({ text: result.recorded ? H.connectedDone : H.alreadyRecorded, ok: true }),
      onError: (error) =>
        setMessage({ text: apiErrorMessage(error, 'Impossible d’enregistrer votre présence.'), ok: false }),
    });
  return (
    <div className="flex flex-col gap-2">
      {message?.ok ? null : (
        <Button type="button" onClick={press} disabled={connect.isPending}>
          <Wifi aria-hidden="true" />
          {H.connected}
        </Button>
      )}
      {message ? (
        <p
          ref={messageRef}
          tabIndex={-1}
          role="status"
          className={
            message.ok
              ? 'flex items-center gap-2 font-medium text-green-800 outline-none'
              : 'font-medium text-red-700 outline-none'
          }
        >
          {message.ok ? <CheckCircle2 aria-hidden="true" className="size-5" /> : null}
          {message.text}
        </p>
      ) : (
        <p className="text-sm text-slate-600">{H.connectHint}</p>
      )}
    </div>
  );
}

/** The field's error from the server's 400 (shared/meetings.ts: the French message), else a toast. */
function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiRequestError ? error.fields?.[field] : undefined;
}

/** Leaders: this meeting's own visio link (empty: the group's applies). */
export function MeetingVisioForm({ meeting }: { meeting: MeetingDetail }) {
  const save = useSetMeetingVisio(meeting.groupId, meeting.id);
  const [value, setValue] = useState(meeting.ownVisioUrl ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { visioUrl: value.trim() === '' ? null : value },
      {
        onSuccess: (next) => {
          setValue(next.ownVisioUrl ?? '');
          notify.success(H.visioSaved);
        },
        onError: (error) => {
          if (!fieldError(error, 'visioUrl')) notify.error(apiErrorMessage(error, 'Impossible d’enregistrer le lien.'));
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4" noValidate>
      <FormField label={H.meetingVisio} hint={H.meetingVisioHint} error={fieldError(save.error, 'visioUrl')}>
        {(field) => (
          <Input
            {...field}
            type="url"
            inputMode="url"
            placeholder="https://"
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        )}
      </FormField>
      <div>
        <Button type="submit" variant="outline" disabled={save.isPending}>
          {H.save}
        </Button>
      </div>
    </form>
  );
}

/** The meeting page's hybrid part: the link, `Je suis connecté`, and the leaders' form. */
export function MeetingHybrid({ meeting }: { meeting: MeetingDetail }) {
  if (meeting.status !== 'scheduled') return null;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start gap-3">
        <JoinVisio href={meeting.visioUrl} context={`: réunion du ${meetingWhen(meeting.startsAt)}`} />
        <ConnectedButton meeting={meeting} />
      </div>
      {meeting.canManage ? <MeetingVisioForm key={meeting.ownVisioUrl ?? ''} meeting={meeting} /> : null}
    </div>
  );
}

/** The leaders' page (`Réunions` tab): the rhythm's visio link and the rule for `À distance`. */
export function GroupHybridSettings({ groupId }: { groupId: string }) {
  const query = useGroupHybrid(groupId);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <h2 id={titleId} className="text-2xl font-bold text-slate-900">
        {H.hybridTitle}
      </h2>
      {query.data ? (
        <GroupHybridForm
          key={`${query.data.visioUrl}-${query.data.remoteCountsAsPresent}`}
          groupId={groupId}
          initial={query.data}
        />
      ) : query.isError ? (
        <p className="text-red-700">Impossible de charger les réglages des réunions hybrides.</p>
      ) : (
        <p className="text-slate-600">Chargement…</p>
      )}
    </section>
  );
}

function GroupHybridForm({
  groupId,
  initial,
}: {
  groupId: string;
  initial: { visioUrl: string | null; remoteCountsAsPresent: boolean };
}) {
  const save = useSetGroupHybrid(groupId);
  const [visioUrl, setVisioUrl] = useState(initial.visioUrl ?? '');
  const [counts, setCounts] = useState(initial.remoteCountsAsPresent);
  const checkboxId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { visioUrl: visioUrl.trim() === '' ? null : visioUrl, remoteCountsAsPresent: counts },
      {
        onSuccess: () => notify.success(H.hybridSaved),
        onError: (error) => {
          if (!fieldError(error, 'visioUrl')) {
            notify.error(apiErrorMessage(error, 'Impossible d’enregistrer les réglages.'));
          }
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6" noValidate>
      <FormField label={H.groupVisio} hint={H.groupVisioHint} error={fieldError(save.error, 'visioUrl')}>
        {(field) => (
          <Input
            {...field}
            type="url"
            inputMode="url"
            placeholder="https://"
            value={visioUrl}
            onChange={(e) => setVisioUrl(e.target.value)}
          />
        )}
      </FormField>
      <div className="flex items-start gap-3">
        <input
          id={checkboxId}
          type="checkbox"
          className="mt-1 size-4"
          checked={counts}
          onChange={(e) => setCounts(e.target.checked)}
          aria-describedby={`${checkboxId}-hint`}
        />
        <div>
          <label htmlFor={checkboxId} className="font-medium text-slate-900">
            {H.remoteCounts}
          </label>
          <p id={`${checkboxId}-hint`} className="text-sm text-slate-600">
            {H.remoteCountsHint}
          </p>
        </div>
      </div>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {H.save}
        </Button>
      </div>
    </form>
  );
}
