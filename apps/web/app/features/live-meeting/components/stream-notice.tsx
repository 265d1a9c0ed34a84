import { WifiOff } from 'lucide-react';
import { cn } from '~/lib/utils';
import type { StreamStatus } from '../api/live-meeting';

/** Says when the stream is down: the screen shows the last state it had until it is back. */
export function StreamNotice({ status, dark = false }: { status: StreamStatus; dark?: boolean }) {
  return (
    <p role="status" className={cn('text-sm', dark ? 'text-slate-300' : 'text-slate-600')}>
      {status === 'reconnecting' ? (
        <span className="inline-flex items-center gap-2 font-semibold text-orange-700">
          <WifiOff aria-hidden="true" className="size-4" />
          Connexion perdue, reconnexion en cours… L’écran reprendra où en est la réunion.
        </span>
      ) : status === 'live' ? (
        'En direct'
      ) : (
        'Connexion…'
      )}
    </p>
  );
}
