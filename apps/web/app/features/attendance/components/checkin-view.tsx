import { attendanceMessages } from '@synergie/shared/attendance';
import { meetingMessages } from '@synergie/shared/meeting-constants';
import { CheckCircle2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { useSession } from '~/features/auth';
import { QueuedWriteItem, queueOfflineWrite, useQueuedWrite } from '~/features/offline';
import { apiErrorMessage, isNetworkError } from '~/lib/api-client';
import { checkInUrl, useCheckIn } from '../api/attendance';

// Loaded when the page needs it: the route's static imports (and the manifest) stay as they were.
const QrScanner = lazy(() => import('~/components/qr-scanner'));

/**
 * /pointage?jeton=…: the page the meeting's QR code opens. The member (signed in: the route's
 * guard sends a visitor to sign in and back here) confirms with a click; the answer in French.
 * Without a token (/pointage from /mon-groupe), the member scans the code in the page: reading it
 * is the member's confirmation, so it checks in at once (an event's code opens its own page).
 */
export function CheckinView({ token }: { token: string }) {
  const checkIn = useCheckIn();
  const navigate = useNavigate();
  const session = useSession();
  const userId = session.data?.user.id;
  const [queuedId, setQueuedId] = useState<string | null>(null);
  // Without a network (issue 28, offline) the scan is kept on the device, with its time, and
  // sent when the network is back, with the same Idempotency-Key as the attempt that failed.
  const send = (scanned: string) => {
    const body = { token: scanned, scannedAt: new Date().toISOString() };
    const idempotencyKey = crypto.randomUUID();
    const keepOffline = () => {
      if (!userId) return false;
      void queueOfflineWrite({
        id: idempotencyKey,
        userId,
        kind: 'checkin',
        method: 'POST',
        url: checkInUrl(),
        body,
        label: attendanceMessages.checkInTitle,
      }).then(() => setQueuedId(idempotencyKey));
      return true;
    };
    if (navigator.onLine === false && keepOffline()) return;
    checkIn.mutate(
      { body, idempotencyKey },
      {
        onError: (error) => {
          if (isNetworkError(error)) keepOffline();
        },
      },
    );
  };
  if (queuedId) return <QueuedCheckin id={queuedId} />;
  if (token === '' && !checkIn.data) {
    return (
      <Card>
        <CardContent className="flex flex-col items-start gap-4 pt-6">
          <p className="text-slate-800">{attendanceMessages.scanIntro}</p>
          {checkIn.isPending ? <p role="status">{attendanceMessages.scanRead}</p> : null}
          {checkIn.isError ? (
            <p role="alert" className="text-red-700">
              {apiErrorMessage(checkIn.error, 'Le pointage a échoué. Réessayez.')}
            </p>
          ) : null}
          <Suspense fallback={null}>
            <QrScanner
              disabled={checkIn.isPending}
              onScan={(link) => (link.kind === 'meeting' ? send(link.token) : navigate(link.path))}
            />
          </Suspense>
        </CardContent>
      </Card>
    );
  }
  if (checkIn.data) {
    return (
      <Alert variant="info" role="status">
        <CheckCircle2 aria-hidden="true" />
        <AlertTitle>{checkIn.data.groupName}</AlertTitle>
        <AlertDescription>
          {checkIn.data.status === 'late' ? attendanceMessages.checkedInLate : attendanceMessages.checkedIn}
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <Card>
      <CardContent className="flex flex-col items-start gap-4 pt-6">
        <p className="text-slate-800">{attendanceMessages.checkInIntro}</p>
        {checkIn.isError ? (
          <p role="alert" className="text-red-700">
            {apiErrorMessage(checkIn.error, 'Le pointage a échoué. Réessayez.')}
          </p>
        ) : null}
        <Button
          type="button"
          size="lg"
          className="w-full sm:w-auto"
          onClick={() => send(token)}
          disabled={checkIn.isPending}
        >
          {meetingMessages.checkIn}
        </Button>
      </CardContent>
    </Card>
  );
}

/** A check-in scanned without a network: `En attente d’envoi`, then the server's answer. */
function QueuedCheckin({ id }: { id: string }) {
  const write = useQueuedWrite(id);
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-6">
        <p className="text-slate-800">
          Pas de réseau pour l’instant&#160;: votre pointage est gardé sur cet appareil, à l’heure du scan, et sera
          envoyé dès le retour du réseau.
        </p>
        {write ? <QueuedWriteItem write={write} /> : null}
      </CardContent>
    </Card>
  );
}
