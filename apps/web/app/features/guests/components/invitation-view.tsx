import { guestMessages } from '@synergie/shared/guests';
import { liveWindowOpen } from '@synergie/shared/live-meeting-constants';
import { meetingMessages } from '@synergie/shared/meeting-constants';
import { CalendarPlus } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Loading } from '~/components/query-state';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { ApiRequestError, apiErrorMessage } from '~/lib/api-client';
import { useConfirmInvitation, useGuestCheckIn, useInvitation } from '../api/guests';
import { rememberGuestInvitation } from '../lib/guest-device';
import { meetingWhen } from './meeting-when';
import { TradeNotice } from './trade-notice';

/**
 * /invitation?jeton=…: a guest's invitation, without an account: the meeting, the `.ics`, the
 * button that confirms, and the notice when the guest's trade is held in the group. With the
 * meeting's QR code (`&code=`, the members' check-in token), the guest checks in: `Venu`, once.
 */
export function InvitationView({ token, checkinToken = '' }: { token: string; checkinToken?: string }) {
  const invitation = useInvitation(token);
  const confirm = useConfirmInvitation(token);
  const checkIn = useGuestCheckIn(token);
  // This device is the guest's: the meeting's QR code, scanned later, brings them back here.
  useEffect(() => {
    if (invitation.isSuccess) rememberGuestInvitation(token);
  }, [invitation.isSuccess, token]);

  if (token === '' || (invitation.error instanceof ApiRequestError && invitation.error.code === 'INVITATION_INVALID')) {
    return (
      <Alert variant="destructive">
        <AlertTitle>{guestMessages.linkInvalid}</AlertTitle>
        <AlertDescription>
          Demandez au membre qui vous a invité de vous envoyer une nouvelle invitation.
        </AlertDescription>
      </Alert>
    );
  }
  if (invitation.isPending) return <Loading variant="text" />;
  if (invitation.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>Erreur</AlertTitle>
        <AlertDescription>{apiErrorMessage(invitation.error, 'Erreur lors du chargement')}</AlertDescription>
      </Alert>
    );
  }
  const data = invitation.data;
  const { meeting } = data;
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardContent className="flex flex-col items-start gap-3 pt-6">
          <p className="text-slate-800">
            {`Bonjour ${data.guestName}, ${data.inviterName ?? 'un membre du réseau'} vous invite à la réunion du groupe «\u00a0${meeting.groupName}\u00a0».`}
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-900">
            <dt className="font-semibold">Date</dt>
            <dd>{meetingWhen(meeting.startsAt)}</dd>
            <dt className="font-semibold">Lieu</dt>
            <dd>{meeting.place}</dd>
          </dl>
          <a
            href={data.icsUrl}
            className="inline-flex items-center gap-2 text-brand-800 underline"
            download="reunion.ics"
          >
            <CalendarPlus aria-hidden="true" className="size-4" />
            Ajouter à mon agenda (.ics)
          </a>
          {meeting.cancelled ? (
            <p role="status" className="font-medium text-red-800">
              Cette réunion est annulée.
            </p>
          ) : data.status === 'invited' ? (
            <>
              {confirm.isError ? (
                <p role="alert" className="text-red-700">
                  {apiErrorMessage(confirm.error, 'La confirmation n’a pas pu être enregistrée. Réessayez.')}
                </p>
              ) : null}
              <Button type="button" onClick={() => confirm.mutate()} disabled={confirm.isPending}>
                {guestMessages.confirm}
              </Button>
            </>
          ) : (
            <p role="status" className="font-medium text-green-800">
              {guestMessages.confirmed}
            </p>
          )}
        </CardContent>
      </Card>
      {checkinToken !== '' && !meeting.cancelled ? (
        <Card>
          <CardContent className="flex flex-col items-start gap-3 pt-6">
            <p className="text-slate-800">
              {'Vous êtes à la réunion\u202f? Enregistrez votre présence avec le QR code scanné.'}
            </p>
            {checkIn.isSuccess ? (
              <p role="status" className="font-medium text-green-800">
                {'Votre présence est enregistrée. Bonne réunion\u202f!'}
              </p>
            ) : (
              <>
                {checkIn.isError ? (
                  <p role="alert" className="text-red-700">
                    {apiErrorMessage(checkIn.error, 'Votre présence n’a pas pu être enregistrée.')}
                  </p>
                ) : null}
                <Button type="button" onClick={() => checkIn.mutate(checkinToken)} disabled={checkIn.isPending}>
                  {meetingMessages.checkIn}
                </Button>
              </>
            )}
          </CardContent>
        </Card>
      ) : null}
      {!meeting.cancelled && liveWindowOpen(meeting.startsAt, meeting.endsAt) ? (
        <Button asChild size="lg">
          <Link to={`/invitation/direct?jeton=${encodeURIComponent(token)}`}>{guestMessages.followLive}</Link>
        </Button>
      ) : null}
      {data.tradeNotice ? <TradeNotice notice={data.tradeNotice} groupSlug={meeting.groupSlug} /> : null}
    </div>
  );
}
