import { guestMessages } from '@synergie/shared/guests';
import { GUEST_STATUS_LABELS, type GuestStatus, meetingMessages } from '@synergie/shared/meeting-constants';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Loading } from '~/components/query-state';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { useSession } from '~/features/auth';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { type GuestSummary, useInvitableMeetings, useMoveGuest, useMyGuests } from '../api/guests';
import { GroupMeetingPicker } from './group-meeting-picker';
import { InviteGuestDialog } from './invite-guest-dialog';
import { meetingWhen } from './meeting-when';
import { VisitQrCode } from './visit-qr-code';

/**
 * /visiteurs: my guests, their step in the pipeline, and `Inviter un visiteur` to my group's next
 * meetings, or to any group's (national access): the search is open when my group has none to
 * offer (no home group), behind `Inviter à la réunion d’un autre groupe` otherwise.
 */
export function MyGuestsView() {
  const id = useId();
  const guests = useMyGuests();
  const meetings = useInvitableMeetings();
  const [otherGroup, setOtherGroup] = useState(false);
  const noOwnMeeting = meetings.data !== undefined && meetings.data.items.length === 0;
  const session = useSession();
  const userId = session.data?.user.id ?? null;
  // My group's visitors' page with me as the inviter (issue 30): the QR code I show a visitor.
  const homeSlug = meetings.data?.items[0]?.groupSlug ?? null;
  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">{meetingMessages.guests}</h2>
        <InviteGuestDialog meetings={meetings.data?.items ?? []} />
      </div>
      {noOwnMeeting ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-slate-600">{guestMessages.noMeetings}</p>
          <GroupMeetingPicker />
        </div>
      ) : null}
      {meetings.data && !noOwnMeeting ? (
        <div className="flex flex-col gap-3">
          <Button
            type="button"
            variant="outline"
            className="h-auto min-h-10 self-start whitespace-normal text-left"
            aria-expanded={otherGroup}
            aria-controls={`${id}-other-group`}
            onClick={() => setOtherGroup(!otherGroup)}
          >
            <ChevronDown aria-hidden="true" className={otherGroup ? 'rotate-180' : undefined} />
            {guestMessages.otherGroup}
          </Button>
          <div id={`${id}-other-group`} hidden={!otherGroup}>
            {otherGroup ? <GroupMeetingPicker /> : null}
          </div>
        </div>
      ) : null}
      {homeSlug && userId ? <VisitQrCode slug={homeSlug} memberId={userId} /> : null}
      {guests.isPending ? <Loading variant="text" /> : null}
      {guests.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Erreur</AlertTitle>
          <AlertDescription>{apiErrorMessage(guests.error, 'Erreur lors du chargement')}</AlertDescription>
        </Alert>
      ) : null}
      {guests.data && guests.data.items.length === 0 ? (
        <p className="text-slate-700">{guestMessages.noGuests}</p>
      ) : null}
      {guests.data && guests.data.items.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {guests.data.items.map((guest) => (
            <li key={guest.id}>
              <GuestCard guest={guest} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** One guest, their step, and the select that moves them forward. */
export function GuestCard({ guest, showInviter = false }: { guest: GuestSummary; showInviter?: boolean }) {
  const id = useId();
  const move = useMoveGuest();
  const onChange = (status: GuestStatus) =>
    move.mutate(
      { guestId: guest.id, status },
      {
        onSuccess: () => notify.success(`Statut mis à jour\u00a0: ${GUEST_STATUS_LABELS[status]}`),
        onError: (error) => notify.error(apiErrorMessage(error, 'Le statut n’a pas pu être changé.')),
      },
    );
  return (
    <Card>
      <CardContent className="flex flex-wrap items-start justify-between gap-4 pt-6">
        <div className="flex flex-col gap-1">
          <p className="font-semibold text-slate-900">{guest.name ?? 'Données effacées'}</p>
          {guest.company || guest.tradeLabel ? (
            <p className="text-sm text-slate-700">{[guest.tradeLabel, guest.company].filter(Boolean).join(' - ')}</p>
          ) : null}
          {guest.email ? <p className="text-sm text-slate-600">{guest.email}</p> : null}
          <p className="text-sm text-slate-600">
            {`${guest.meeting.groupName}, ${meetingWhen(guest.meeting.startsAt)}`}
            {guest.meeting.cancelled ? ' (annulée)' : ''}
          </p>
          {showInviter ? (
            <p className="text-sm text-slate-600">{`Invité par ${guest.inviterName ?? 'un ancien membre'}`}</p>
          ) : null}
        </div>
        <div className="flex flex-col items-end gap-2">
          <Badge variant="secondary">{GUEST_STATUS_LABELS[guest.status]}</Badge>
          {guest.nextStatuses.length > 0 ? (
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-status`} className="text-sm font-medium text-slate-800">
                Faire avancer
              </label>
              <select
                id={`${id}-status`}
                className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                value=""
                disabled={move.isPending}
                onChange={(e) => e.target.value && onChange(e.target.value as GuestStatus)}
              >
                <option value="">Choisir…</option>
                {guest.nextStatuses.map((s) => (
                  <option key={s} value={s}>
                    {GUEST_STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
