import { notificationEndpoints as endpoints } from '@synergie/shared/endpoints';
import { UNREAD_POLL_MS } from '@synergie/shared/notification-constants';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

/** GET /api/me/notifications/unread-count: the bell's only query (one indexed count). */
export function getUnreadCount(signal?: AbortSignal) {
  return callApi(endpoints.unreadCount, {}, { signal });
}

/**
 * The unread count, asked only for a signed-in member and every UNREAD_POLL_MS while the tab is
 * visible (TanStack Query pauses the interval in a hidden tab and refreshes on focus).
 */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.me.notifications.unread,
    queryFn: ({ signal }) => getUnreadCount(signal),
    enabled,
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 15_000,
    // Not the app's retry policy: polled every UNREAD_POLL_MS, the next poll is the retry.
    retry: false,
  });
}
