import type { ConfirmPasswordInput } from '@synergie/shared/auth';
import { authMessages } from '@synergie/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { notify } from '~/lib/toast';
import { authClient, unwrap } from '../lib/auth-client';
import { useAuthChanged } from '../lib/use-auth-changed';

/** Turns two-factor off (asks the password); the server renews the session. */
export function disableTwoFactor({ password }: ConfirmPasswordInput) {
  return unwrap(authClient.twoFactor.disable({ password }));
}

export function useDisableTwoFactor() {
  const authChanged = useAuthChanged();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: async () => {
      notify.success(authMessages.twoFactorDisabled);
      await authChanged();
    },
    onError: (error) => notify.error(error.message),
  });
}
