import { attendanceMessages } from '@synergie/shared/attendance';
import { meetingMessages } from '@synergie/shared/meeting-constants';
import { CheckCircle2 } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { apiErrorMessage } from '~/lib/api-client';
import { useCheckIn } from '../api/attendance';

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
              onScan={(link) => (link.kind === 'meeting' ? checkIn.mutate(link.token) : navigate(link.path))}
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
          onClick={() => checkIn.mutate(token)}
          disabled={checkIn.isPending}
        >
          {meetingMessages.checkIn}
        </Button>
      </CardContent>
    </Card>
  );
}
