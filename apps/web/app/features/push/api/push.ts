import { pushEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { NotificationKind } from '@synergie/shared/notification-constants';
import type { PushDeviceList, PushSettings, PushSubscriptionBody } from '@synergie/shared/push';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

export type { PushDeviceList, PushSettings };

/** GET /api/push/vapid-public-key: asked when the member presses the button, not before. */
export function getVapidPublicKey() {
  return callApi(endpoints.vapidPublicKey, {});
}

/** GET /api/me/push/subscriptions: the member's devices. */
export function usePushDevices() {
  return useQuery({
    queryKey: queryKeys.me.push.devices,
    queryFn: ({ signal }) => callApi(endpoints.devices, {}, { signal }),
  });
}

/** POST /api/me/push/subscriptions: this browser's PushSubscription, as `toJSON()` gives it. */
export function saveSubscription(body: PushSubscriptionBody) {
  return callApi(endpoints.subscribe, { body });
}

export function removeDevice(id: string) {
  return callApi(endpoints.removeDevice, { params: { id } });
}

export function useRemoveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me.push.devices }),
  });
}

/** POST /api/me/push/test: answers how many devices it goes to. */
export function useSendTestPush() {
  return useMutation({ mutationFn: () => callApi(endpoints.test, {}) });
}

/** GET /api/me/push/settings: per kind, whether it goes to the member's devices. */
export function usePushSettings() {
  return useQuery({
    queryKey: queryKeys.me.push.settings,
    queryFn: ({ signal }) => callApi(endpoints.settings, {}, { signal }),
  });
}

export function useSavePushSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: Partial<Record<NotificationKind, boolean>>) =>
      callApi(endpoints.updateSettings, { body: { settings } }),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.me.push.settings, answer),
  });
}
