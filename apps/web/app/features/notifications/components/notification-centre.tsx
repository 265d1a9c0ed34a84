import { formatDateTime } from '@synergie/shared/format';
import { NOTIFICATION_KIND_LABELS, notificationMessages } from '@synergie/shared/notification-constants';
import { CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadError, Loading } from '~/components/query-state';
import { Button } from '~/components/ui/button';
import { apiErrorMessage } from '~/lib/api-client';
import { parseApiDateTime } from '~/lib/api-dates';
import { notify } from '~/lib/toast';
import { cn } from '~/lib/utils';
import { type NotificationItem, useMarkRead, useNotifications } from '../api/notifications';

/** /notifications: the member's notifications, newest first, a page at a time. */
export function NotificationCentre() {
  const [unreadOnly, setUnreadOnly] = useState(false);
  const list = useNotifications(unreadOnly);
  const markRead = useMarkRead();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = list.data?.pages[0]?.unread ?? 0;

  const mark = (input: { ids: string[] } | { all: true }) =>
    markRead.mutate(input, {
      onError: (error) => notify.error(apiErrorMessage(error, 'Impossible de marquer comme lu.')),
    });

  return (
    <section aria-labelledby="notifications-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="notifications-title" className="text-xl font-semibold text-slate-900">
          {notificationMessages.centre}
        </h2>
        <p className="text-sm text-slate-700" role="status">
          {list.data ? notificationMessages.unread(unread) : null}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-pressed={unreadOnly}
            onClick={() => setUnreadOnly((v) => !v)}
          >
            {unreadOnly ? 'Afficher tout' : 'Non lues seulement'}
          </Button>
          <Button
            type="button"
            size="sm"
            onClick={() => mark({ all: true })}
            disabled={unread === 0 || markRead.isPending}
          >
            <CheckCheck aria-hidden="true" />
            {notificationMessages.markAllRead}
          </Button>
        </div>
      </div>
      {list.isPending ? (
        <Loading variant="text" label="Chargement des notifications…" />
      ) : list.isError ? (
        <LoadError
          message="Erreur lors du chargement des notifications"
          error={list.error}
          onRetry={() => list.refetch()}
        />
      ) : items.length === 0 ? (
        <p className="text-slate-700">{notificationMessages.empty}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {items.map((item) => (
            <NotificationRow key={item.id} item={item} onRead={(id) => mark({ ids: [id] })} />
          ))}
        </ul>
      )}
      {list.hasNextPage ? (
        <Button
          type="button"
          variant="outline"
          className="self-center"
          onClick={() => list.fetchNextPage()}
          disabled={list.isFetchingNextPage}
        >
          {list.isFetchingNextPage ? 'Chargement…' : notificationMessages.loadMore}
        </Button>
      ) : null}
    </section>
  );
}

/** One notification: its kind, title, text and date; the title links to the object and marks it read. */
export function NotificationRow({ item, onRead }: { item: NotificationItem; onRead: (id: string) => void }) {
  const isUnread = item.readAt === null;
  return (
    <li
      className={cn('flex flex-col gap-1 p-4 sm:flex-row sm:items-start sm:justify-between', isUnread && 'bg-brand-50')}
    >
      <div className="flex flex-col gap-1">
        <p className="text-xs font-medium text-slate-600 uppercase">
          {NOTIFICATION_KIND_LABELS[item.kind]}
          {isUnread ? <span className="sr-only"> (non lue)</span> : null}
        </p>
        {item.link ? (
          <Link
            to={item.link}
            className={cn('text-brand-800 underline-offset-2 hover:underline', isUnread && 'font-semibold')}
            onClick={() => {
              if (isUnread) onRead(item.id);
            }}
          >
            {item.title}
          </Link>
        ) : (
          <p className={cn('text-slate-900', isUnread && 'font-semibold')}>{item.title}</p>
        )}
        {item.body ? <p className="text-sm whitespace-pre-line text-slate-700">{item.body}</p> : null}
        <p className="text-xs text-slate-600">
          <time dateTime={item.createdAt}>{formatDateTime(parseApiDateTime(item.createdAt))}</time>
        </p>
      </div>
      {isUnread ? (
        <Button type="button" variant="ghost" size="sm" onClick={() => onRead(item.id)}>
          {notificationMessages.markRead}
        </Button>
      ) : null}
    </li>
  );
}
