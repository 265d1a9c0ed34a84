import {
  NOTIFICATION_FREQUENCIES,
  NOTIFICATION_FREQUENCY_LABELS,
  NOTIFICATION_KIND_HINTS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationFrequency,
  type NotificationKind,
  notificationMessages,
} from '@synergie/shared/notification-constants';
import { Loading } from '~/components/query-state';
import { Card, CardContent } from '~/components/ui/card';
import { PushKindToggle } from '~/features/push';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notifications';

const selectClass =
  'flex h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60 sm:w-56 sm:text-sm';

/**
 * /profile: `Notifications par email`, one frequency per kind, saved as soon as it is chosen; and
 * beside it `Sur cet appareil`, whether the kind also goes to the member's push devices.
 */
export function NotificationSettingsSection() {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();

  const change = (kind: NotificationKind, frequency: NotificationFrequency) =>
    save.mutate(
      { [kind]: frequency },
      {
        onSuccess: () =>
          notify.success(`${NOTIFICATION_KIND_LABELS[kind]}\u00a0: ${NOTIFICATION_FREQUENCY_LABELS[frequency]}`),
        onError: (error) => notify.error(apiErrorMessage(error, 'Impossible d’enregistrer ce réglage.')),
      },
    );

  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-6">
        <h2 id="notification-settings" className="text-xl font-semibold text-slate-900">
          {notificationMessages.settings}
        </h2>
        <p className="text-sm text-slate-700">{notificationMessages.settingsIntro}</p>
        {settings.isPending ? (
          <Loading variant="text" label="Chargement des réglages…" />
        ) : settings.isError ? (
          <p role="alert" className="text-red-700">
            {apiErrorMessage(settings.error, 'Erreur lors du chargement des réglages')}
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-200">
            {NOTIFICATION_KINDS.map((kind) => {
              const id = `notification-setting-${kind}`;
              return (
                <li key={kind} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                  <div className="flex flex-col">
                    <label id={`${id}-label`} htmlFor={id} className="font-medium text-slate-900">
                      {NOTIFICATION_KIND_LABELS[kind]}
                    </label>
                    <p id={`${id}-hint`} className="text-sm text-slate-600">
                      {NOTIFICATION_KIND_HINTS[kind]}
                    </p>
                  </div>
                  <div className="flex flex-col gap-2 sm:items-end">
                    <select
                      id={id}
                      aria-describedby={`${id}-hint`}
                      className={selectClass}
                      value={settings.data.settings[kind] ?? 'immediate'}
                      onChange={(e) => change(kind, e.target.value as NotificationFrequency)}
                    >
                      {NOTIFICATION_FREQUENCIES.map((f) => (
                        <option key={f} value={f}>
                          {NOTIFICATION_FREQUENCY_LABELS[f]}
                        </option>
                      ))}
                    </select>
                    <PushKindToggle kind={kind} describedBy={`${id}-label`} />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
