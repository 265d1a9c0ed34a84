import { NOTIFICATION_KIND_LABELS, type NotificationKind } from '@synergie/shared/notification-constants';
import { DEFAULT_PUSH_SETTING, pushMessages } from '@synergie/shared/push-constants';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { usePushSettings, useSavePushSettings } from '../api/push';

/**
 * `Sur cet appareil` beside a kind's email frequency on /profile: whether the kind also goes to the
 * member's devices (every device they enabled: the choice is the member's, decision 0017).
 */
export function PushKindToggle({ kind, describedBy }: { kind: NotificationKind; describedBy?: string }) {
  const settings = usePushSettings();
  const save = useSavePushSettings();
  const checked = settings.data?.settings[kind] ?? DEFAULT_PUSH_SETTING;
  const id = `push-setting-${kind}`;
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm text-slate-800" title={pushMessages.pushSettingHint}>
      <input
        id={id}
        type="checkbox"
        className="size-4 accent-brand-600"
        checked={checked}
        disabled={settings.isPending || save.isPending}
        aria-describedby={describedBy}
        onChange={(e) =>
          save.mutate(
            { [kind]: e.target.checked },
            {
              onSuccess: (_answer, changes) =>
                notify.success(pushMessages.pushSettingSaved(NOTIFICATION_KIND_LABELS[kind], changes[kind] === true)),
              onError: (error) => notify.error(apiErrorMessage(error, 'Impossible d’enregistrer ce réglage.')),
            },
          )
        }
      />
      {pushMessages.onThisDevice}
    </label>
  );
}
