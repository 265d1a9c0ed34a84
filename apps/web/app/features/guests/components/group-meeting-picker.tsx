import { formatCount } from '@synergie/shared/format';
import { guestMessages } from '@synergie/shared/guests';
import { ChevronRight } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { apiErrorMessage } from '~/lib/api-client';
import { type GuestMeeting, useSearchInvitableMeetings } from '../api/guests';
import { InviteGuestDialog } from './invite-guest-dialog';
import { meetingWhen } from './meeting-when';

/** The search's meetings, one entry per group in the server's order, its next meetings first. */
function byGroup(meetings: GuestMeeting[]): GuestMeeting[][] {
  const groups = new Map<string, GuestMeeting[]>();
  for (const meeting of meetings) {
    const list = groups.get(meeting.groupId);
    if (list) list.push(meeting);
    else groups.set(meeting.groupId, [meeting]);
  }
  return [...groups.values()];
}

/** What the live region reads: nothing before 2 letters, then the search's state or its count. */
function statusOf(search: ReturnType<typeof useSearchInvitableMeetings>, groupCount: number): string {
  if (search.tooShort) return '';
  if (search.searching) return guestMessages.searching;
  if (search.failed) return apiErrorMessage(search.error, 'La recherche n’a pas abouti.');
  if (!search.answered) return '';
  if (groupCount === 0) return guestMessages.noGroupFound;
  return formatCount(groupCount, { one: 'groupe trouvé', other: 'groupes trouvés' });
}

/**
 * National access (network-core §5), on /visiteurs: any group found by name or city with its
 * next meeting; choosing one opens `Inviter un visiteur` for that group's meetings (the next one
 * chosen). The count of groups found is read out as it changes.
 */
export function GroupMeetingPicker() {
  const id = useId();
  const [text, setText] = useState('');
  const search = useSearchInvitableMeetings(text);
  const groups = byGroup(search.meetings);
  const [chosen, setChosen] = useState<GuestMeeting[] | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);

  return (
    <div className="flex flex-col gap-3">
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {guestMessages.searchHint}
      </p>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-q`}>{guestMessages.searchGroup}</Label>
        <Input
          id={`${id}-q`}
          type="search"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
          aria-describedby={`${id}-hint`}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <p className={search.failed ? 'text-sm font-medium text-red-700' : 'text-sm text-slate-700'} aria-live="polite">
        {statusOf(search, groups.length)}
      </p>
      {groups.length > 0 ? (
        <ul aria-label={guestMessages.chooseGroup} className="flex flex-col gap-2">
          {groups.map((meetings) => {
            const next = meetings[0] as GuestMeeting;
            return (
              <li key={next.groupId}>
                <button
                  type="button"
                  className="flex w-full items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4 text-left hover:border-brand-600 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                  onClick={(event) => {
                    opener.current = event.currentTarget;
                    setChosen(meetings);
                  }}
                >
                  <span className="flex min-w-0 flex-col gap-0.5">
                    <span className="font-semibold break-words text-slate-900">{next.groupName}</span>
                    <span className="text-sm text-slate-700">{meetingWhen(next.startsAt)}</span>
                    {next.place ? <span className="text-sm break-words text-slate-600">{next.place}</span> : null}
                  </span>
                  <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <InviteGuestDialog
        meetings={chosen ?? []}
        open={chosen !== null}
        onOpenChange={(open) => {
          if (!open) setChosen(null);
        }}
        returnFocus={opener}
      />
    </div>
  );
}
