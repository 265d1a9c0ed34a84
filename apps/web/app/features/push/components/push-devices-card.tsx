import { formatDateTime } from '@synergie/shared/format';
import type { PushSubscriptionBody } from '@synergie/shared/push';
import { pushMessages } from '@synergie/shared/push-constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { LoadError, Loading } from '~/components/query-state';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '~/components/ui/card';
import { apiErrorMessage } from '~/lib/api-client';
import { parseApiDateTime } from '~/lib/api-dates';
import { queryKeys } from '~/lib/query-keys';
import { notify } from '~/lib/toast';
import { getVapidPublicKey, saveSubscription, usePushDevices, useRemoveDevice, useSendTestPush } from '../api/push';
import {
  currentSubscription,
  PushSetupError,
  permission,
  pushSupport,
  subscribeThisDevice,
  unsubscribeThisDevice,
} from '../lib/browser-push';

type BrowserState = { support: 'unknown' | 'supported' | 'unsupported'; permission: NotificationPermission };

/**
 * /profile/notifications#appareils: `Activer les notifications sur cet appareil` (the permission is asked on the
 * press, never on load), the member's devices with `Retirer`, and the test push.
 */
export function PushDevicesCard() {
  const queryClient = useQueryClient();
  const devices = usePushDevices();
  const remove = useRemoveDevice();
  const test = useSendTestPush();
  const [browser, setBrowser] = useState<BrowserState>({ support: 'unknown', permission: 'default' });
  const [thisEndpoint, setThisEndpoint] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const support = pushSupport();
    setBrowser({ support, permission: support === 'supported' ? permission() : 'default' });
    if (support !== 'supported') return;
    let live = true;
    // Reads the subscription, if any: never asks for the permission.
    void currentSubscription().then((subscription) => {
      if (live) setThisEndpoint(subscription?.endpoint ?? null);
    });
    return () => {
      live = false;
    };
  }, []);

  const enable = useMutation({
    mutationFn: async () => {
      const json = await subscribeThisDevice(getVapidPublicKey);
      return saveSubscription(json as PushSubscriptionBody);
    },
    onMutate: () => setProblem(null),
    onSuccess: (device) => {
      setThisEndpoint(device.endpoint);
      setBrowser((b) => ({ ...b, permission: 'granted' }));
      void queryClient.invalidateQueries({ queryKey: queryKeys.me.push.devices });
      notify.success(pushMessages.enabled);
    },
    onError: (error) => {
      if (error instanceof PushSetupError) {
        setProblem(error.message);
        if (error.reason === 'denied') setBrowser((b) => ({ ...b, permission: 'denied' }));
        return;
      }
      setProblem(apiErrorMessage(error, 'Impossible d’activer les notifications sur cet appareil. Réessayez.'));
    },
  });

  const subscribedHere =
    thisEndpoint !== null && (devices.data?.devices ?? []).some((d) => d.endpoint === thisEndpoint);
  const hasDevices = (devices.data?.devices.length ?? 0) > 0;

  const removeOne = (id: string, endpoint: string) =>
    remove.mutate(id, {
      onSuccess: () => {
        if (endpoint === thisEndpoint) {
          setThisEndpoint(null);
          void unsubscribeThisDevice();
        }
        notify.success(pushMessages.removed);
      },
      onError: (error) => notify.error(apiErrorMessage(error, 'Impossible de retirer cet appareil.')),
    });

  const sendTest = () =>
    test.mutate(undefined, {
      onSuccess: ({ devices: n }) => notify.success(pushMessages.testSent(n)),
      onError: (error) => notify.error(apiErrorMessage(error, 'Impossible d’envoyer la notification d’essai.')),
    });

  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-3">
          <BellRing aria-hidden="true" className="size-5 text-brand-700" />
          <CardTitle>
            <span id="appareils">{pushMessages.section}</span>
          </CardTitle>
        </div>
        <CardDescription>{pushMessages.sectionIntro}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {browser.support === 'unsupported' ? (
          <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            {pushMessages.unsupported}
          </p>
        ) : browser.permission === 'denied' ? (
          <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            {pushMessages.denied}
          </p>
        ) : subscribedHere ? (
          <p className="text-sm text-emerald-800">{pushMessages.enabled}</p>
        ) : (
          <div>
            <Button
              type="button"
              disabled={browser.support !== 'supported' || enable.isPending}
              onClick={() => enable.mutate()}
            >
              {enable.isPending ? pushMessages.enabling : pushMessages.enable}
            </Button>
          </div>
        )}
        {problem ? (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        ) : null}
        <h3 className="font-semibold text-slate-900">{pushMessages.devices}</h3>
        {devices.isPending ? (
          <Loading variant="text" className="text-sm" label="Chargement des appareils…" />
        ) : devices.isError ? (
          <LoadError title={null} message={devices.error.message} onRetry={() => devices.refetch()} />
        ) : devices.data.devices.length === 0 ? (
          <p className="text-sm text-slate-600">{pushMessages.noDevice}</p>
        ) : (
          <ul
            aria-label={pushMessages.devices}
            className="divide-y divide-slate-200 rounded-md border border-slate-200"
          >
            {devices.data.devices.map((device) => (
              <li key={device.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <div className="flex flex-col gap-0.5">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    {device.label}
                    {device.endpoint === thisEndpoint ? (
                      <Badge variant="success">{pushMessages.thisDevice}</Badge>
                    ) : null}
                  </p>
                  <p className="text-sm text-slate-600">
                    Ajouté le {formatDateTime(parseApiDateTime(device.createdAt))}
                    {device.lastSuccessAt
                      ? ` · Dernière notification reçue le ${formatDateTime(parseApiDateTime(device.lastSuccessAt))}`
                      : null}
                  </p>
                </div>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={remove.isPending}
                  aria-label={`${pushMessages.remove} ${device.label}`}
                  onClick={() => removeOne(device.id, device.endpoint)}
                >
                  {pushMessages.remove}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <CardFooter>
        <Button type="button" variant="outline" disabled={!hasDevices || test.isPending} onClick={sendTest}>
          {pushMessages.sendTest}
        </Button>
      </CardFooter>
    </Card>
  );
}
