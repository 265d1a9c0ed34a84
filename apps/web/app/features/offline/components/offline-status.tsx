import { formatDateTime } from '@synergie/shared/format';
import { WifiOff } from 'lucide-react';
import { useSession } from '~/features/auth';
import { useOffline, useShownDataTime } from '../lib/use-offline';
import { useOutbox } from '../lib/use-outbox';
import { QueuedWriteItem } from './queued-write';

/** `Hors connexion : données du …`, with the time the data on screen was fetched. */
export function offlineLine(at: number | null): string {
  return at === null ? 'Hors connexion' : `Hors connexion\u00a0: données du ${formatDateTime(at)}`;
}

/**
 * The member shell's offline line and the writes waiting to be sent (or answered), under the
 * top bar. The line is a live region (role=status): said once when the network goes.
 */
export function OfflineStatus() {
  const offline = useOffline();
  const at = useShownDataTime();
  const session = useSession();
  const writes = useOutbox(session.data?.user.id);
  return (
    <>
      <div role="status" aria-live="polite" className="empty:hidden">
        {offline ? (
          <p className="flex items-center gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm font-medium text-amber-950 sm:px-6 lg:px-8">
            <WifiOff aria-hidden="true" className="size-4 shrink-0" />
            {offlineLine(at)}
          </p>
        ) : null}
      </div>
      {writes.length > 0 ? (
        <section
          aria-label="Envois hors connexion"
          className="border-b border-slate-200 bg-slate-50 px-4 py-2 sm:px-6 lg:px-8"
        >
          <ul className="flex flex-col gap-2">
            {writes.map((write) => (
              <li key={write.id}>
                <QueuedWriteItem write={write} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
