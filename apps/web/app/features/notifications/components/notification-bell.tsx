import { notificationMessages } from '@synergie/shared/notification-constants';
import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { useSession } from '~/features/auth';
import { cn } from '~/lib/utils';
import { useUnreadCount } from '../api/unread-count';

/**
 * The navigation's bell (network-core §8): a link to /notifications with the unread count, for a
 * signed-in member only. Its one query is the count; the list is the page's, loaded with it.
 */
export function NotificationBell({ className }: { className?: string }) {
  const session = useSession();
  const signedIn = Boolean(session.data?.user);
  const count = useUnreadCount(signedIn);
  if (!signedIn) return null;
  const unread = count.data?.unread ?? 0;
  return (
    <Link
      to="/notifications"
      aria-label={`${notificationMessages.centre}\u00a0: ${notificationMessages.unread(unread)}`}
      className={cn(
        'relative inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        className,
      )}
    >
      <Bell aria-hidden="true" className="size-5" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-semibold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
