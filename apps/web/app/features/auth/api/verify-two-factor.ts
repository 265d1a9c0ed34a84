import { authMessages } from '@synergie/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { notify } from '~/lib/toast';
import { authClient, unwrap } from '../lib/auth-client';
import { useAuthChanged } from '../lib/use-auth-changed';

export type SecondFactor = { method: 'totp'; code: string } | { method: 'backup'; code: string };

/** The second step of a password sign-in: a code of the authenticator app, or a backup code. */
export function verifySecondFactor(factor: SecondFactor) {
  return factor.method === 'totp'
    ? unwrap(authClient.twoFactor.verifyTotp({ code: factor.code }))
    : unwrap(authClient.twoFactor.verifyBackupCode({ code: factor.code }));
}

export function useVerifySecondFactor() {
  const authChanged = useAuthChanged();
  return useMutation({
    mutationFn: verifySecondFactor,
    onSuccess: async () => {
      notify.success(authMessages.signInSuccess);
      await authChanged();
    },
    onError: (error) => notify.error(error.message),
  });
}
