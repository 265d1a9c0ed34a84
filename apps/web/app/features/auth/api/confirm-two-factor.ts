import { authMessages } from '@synergie/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { notify } from '~/lib/toast';
import { authClient, unwrap } from '../lib/auth-client';
import { useAuthChanged } from '../lib/use-auth-changed';

/** Finishes enrolment with a first code of the authenticator app; the server renews the session. */
export function confirmTwoFactor({ code }: { code: string }) {
  return unwrap(authClient.twoFactor.verifyTotp({ code }));
}

export function useConfirmTwoFactor() {
  const authChanged = useAuthChanged();
  return useMutation({
    mutationFn: confirmTwoFactor,
    onSuccess: async () => {
      notify.success(authMessages.twoFactorEnabled);
      await authChanged();
    },
    onError: (error) => notify.error(error.message),
  });
}
