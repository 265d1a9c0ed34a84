import { eventMessages } from '@synergie/shared/event-messages';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, useNavigate } from 'react-router';
import { Loading } from '~/components/query-state';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { useSession } from '~/features/auth';
import { apiErrorMessage } from '~/lib/api-client';
import { checkInToEvent } from '../api/event-registration';

// Loaded when the page needs it: the route's static imports (and the manifest) stay as they were.
const QrScanner = lazy(() => import('~/components/qr-scanner'));

/**
 * /events/pointage?jeton=…: the page the organizer's QR code opens. A signed-in, registered
 * member checks in with one click (the event day only; once). Without a token, the member scans
 * the organizer's code in the page, which checks in at once (a meeting's code opens /pointage).
 */
export function CheckinView({ token }: { token: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const checkin = useMutation({ mutationFn: checkInToEvent });

  if (session.isPending) return <Loading variant="text" />;
  if (!session.data) {
    return (
      <Card>
        <CardContent className="flex flex-col items-start gap-4 pt-6">
          <p>
            Connectez-vous pour pointer votre présence à l’événement, puis scannez à nouveau le QR code de
            l’organisateur.
          </p>
          <Button asChild>
            <Link to="/auth">Se connecter</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }
  if (checkin.data) {
    return (
      <Alert variant="info" role="status">
        <AlertTitle>«&nbsp;{checkin.data.title}&nbsp;»</AlertTitle>
        <AlertDescription>{eventMessages.checkedIn}</AlertDescription>
      </Alert>
    );
  }
  if (token === '') {
    return (
      <Card>
        <CardContent className="flex flex-col items-start gap-4 pt-6">
          <p>{eventMessages.checkinScanIntro}</p>
          {checkin.isPending ? <p role="status">{eventMessages.checkinScanRead}</p> : null}
          {checkin.isError ? (
            <p role="alert" className="text-red-700">
              {apiErrorMessage(checkin.error, eventMessages.checkinFailed)}
            </p>
          ) : null}
          <Suspense fallback={null}>
            <QrScanner
              disabled={checkin.isPending}
              onScan={(link) => (link.kind === 'event' ? checkin.mutate(link.token) : navigate(link.path))}
            />
          </Suspense>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardContent className="flex flex-col items-start gap-4 pt-6">
        <p>Vous êtes sur le lieu de l’événement&#8239;? Pointez votre présence auprès de l’organisateur.</p>
        {checkin.isError ? (
          <p role="alert" className="text-red-700">
            {apiErrorMessage(checkin.error, eventMessages.checkinFailed)}
          </p>
        ) : null}
        <Button type="button" onClick={() => checkin.mutate(token)} disabled={checkin.isPending}>
          {checkin.isPending ? 'Pointage…' : 'Pointer ma présence'}
        </Button>
      </CardContent>
    </Card>
  );
}
