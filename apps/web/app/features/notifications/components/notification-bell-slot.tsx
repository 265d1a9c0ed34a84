import { lazy, Suspense } from 'react';
import { useSession } from '~/features/auth';

// The bell's code (its count query, its words) loads only for a signed-in member: a visitor's
// public page carries none of it (docs/performance.md, bundle budget).
const NotificationBell = lazy(() => import('./notification-bell').then((m) => ({ default: m.NotificationBell })));

/** The header's place for the bell (network-core §8): empty for visitors. */
export function NotificationBellSlot({ className }: { className?: string }) {
  const session = useSession();
  if (!session.data?.user) return null;
  return (
    <Suspense fallback={<span aria-hidden="true" className={`inline-block size-10 ${className ?? ''}`} />}>
      <NotificationBell className={className} />
    </Suspense>
  );
}
