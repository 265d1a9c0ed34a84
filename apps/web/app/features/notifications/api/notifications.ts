import { notificationEndpoints as endpoints } from '@synergie/shared/endpoints';
import type {
  MarkNotificationsRead,
  NotificationFrequency,
  NotificationKind,
  NotificationList,
  UnsubscribeInfo,
} from '@synergie/shared/notifications';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

export type { NotificationList, UnsubscribeInfo };
export type NotificationItem = NotificationList['items'][number];

/** GET /api/me/notifications: a page, newest first; `before` is the previous page's cursor. */
export function getNotifications(params: { unread: boolean; before?: string | null }, signal?: AbortSignal) {
  return callApi(
    endpoints.list,
    { query: { unread: params.unread ? 'true' : undefined, before: params.before ?? undefined } },
    { signal },
  );
}

export function useNotifications(unreadOnly: boolean) {
  return useInfiniteQuery({
    queryKey: queryKeys.me.notifications.list(unreadOnly),
    queryFn: ({ pageParam, signal }) => getNotifications({ unread: unreadOnly, before: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** POST /api/me/notifications/read: some, or all; answers the new unread count. */
export function markNotificationsRead(input: MarkNotificationsRead) {
  return callApi(endpoints.markRead, { body: input });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.me.notifications.unread, answer);
      void queryClient.invalidateQueries({ queryKey: queryKeys.me.notifications.all });
    },
  });
}

export function getNotificationSettings(signal?: AbortSignal) {
  return callApi(endpoints.settings, {}, { signal });
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: queryKeys.me.notificationSettings,
    queryFn: ({ signal }) => getNotificationSettings(signal),
  });
}

/** PUT /api/me/notification-settings: the kinds changed (here one at a time). */
export function saveNotificationSettings(settings: Partial<Record<NotificationKind, NotificationFrequency>>) {
  return callApi(endpoints.updateSettings, { body: { settings } });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.me.notificationSettings, answer),
  });
}

/** GET /api/notifications/unsubscribe?token=: what the link stops (no session needed). */
export function getUnsubscribeInfo(token: string, signal?: AbortSignal) {
  return callApi(endpoints.unsubscribeInfo, { query: { token } }, { signal });
}

export function useUnsubscribeInfo(token: string) {
  return useQuery({
    queryKey: queryKeys.unsubscribe(token),
    queryFn: ({ signal }) => getUnsubscribeInfo(token, signal),
    enabled: token !== '',
  });
}

/** POST of the one-click address (RFC 8058), as the page's button. */
export function unsubscribe(token: string) {
  return callApi(endpoints.unsubscribe, { query: { token } });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
