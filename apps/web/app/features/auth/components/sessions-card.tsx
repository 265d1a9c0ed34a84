import { formatDateTime } from '@synergie/shared/format';
import { LogOut, MonitorSmartphone } from 'lucide-react';
import { LoadError, Loading } from '~/components/query-state';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '~/components/ui/card';
import { parseApiDateTime } from '~/lib/api-dates';
import { type ActiveSession, useActiveSessions } from '../api/list-sessions';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';
import { useRevokeSession } from '../api/revoke-session';
import { useSignOut } from '../api/sign-out';
import { describeDevice } from '../lib/user-agent';

/** Active sessions: sign out this device, another one, every other one, or all of them. */
export function SessionsCard() {
  const sessions = useActiveSessions();
  const signOut = useSignOut();
  const revokeOthers = useRevokeOtherSessions();
  const others = sessions.data?.filter((s) => !s.current) ?? [];

  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-3">
          <MonitorSmartphone aria-hidden="true" className="size-5 text-brand-700" />
          <CardTitle>Appareils connectés</CardTitle>
        </div>
        <CardDescription>
          Les appareils où votre compte est ouvert. Déconnectez ceux que vous ne reconnaissez pas.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <Loading variant="text" className="text-sm" label="Chargement des sessions…" />
        ) : sessions.isError ? (
          <LoadError title={null} message={sessions.error.message} onRetry={() => sessions.refetch()} />
        ) : (
          <ul aria-label="Sessions actives" className="divide-y divide-slate-200 rounded-md border border-slate-200">
            {sessions.data.map((session) => (
              <SessionItem
                key={session.id}
                session={session}
                current={session.current}
                onSignOut={() => signOut.mutate('local')}
                signingOut={signOut.isPending}
              />
            ))}
          </ul>
        )}
      </CardContent>
      <CardFooter className="flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={others.length === 0 || revokeOthers.isPending}
          onClick={() => revokeOthers.mutate()}
        >
          Déconnecter mes autres appareils
        </Button>
        <Button
          type="button"
          variant="destructive"
          disabled={signOut.isPending}
          onClick={() => signOut.mutate('global')}
        >
          <LogOut aria-hidden="true" />
          Me déconnecter partout
        </Button>
      </CardFooter>
    </Card>
  );
}

function SessionItem({
  session,
  current,
  onSignOut,
  signingOut,
}: {
  session: ActiveSession;
  current: boolean;
  onSignOut: () => void;
  signingOut: boolean;
}) {
  const revoke = useRevokeSession();
  const device = describeDevice(session.userAgent);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3">
      <div className="flex flex-col gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          {device}
          {current ? <Badge variant="success">cet appareil</Badge> : null}
        </p>
        <p className="text-sm text-slate-600">
          Adresse IP&nbsp;: {session.ipAddress || 'inconnue'} · Connecté le{' '}
          {formatDateTime(parseApiDateTime(session.createdAt))}
        </p>
        <p className="text-sm text-slate-600">
          Dernière activité&nbsp;: {formatDateTime(parseApiDateTime(session.updatedAt))}
        </p>
      </div>
      {current ? (
        <Button type="button" variant="outline" size="sm" disabled={signingOut} onClick={onSignOut}>
          <LogOut aria-hidden="true" />
          Se déconnecter
        </Button>
      ) : (
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={revoke.isPending}
          aria-label={`Déconnecter ${device} (${session.ipAddress || 'adresse IP inconnue'})`}
          onClick={() => revoke.mutate(session.id)}
        >
          Déconnecter
        </Button>
      )}
    </li>
  );
}
