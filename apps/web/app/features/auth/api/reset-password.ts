import { authMessages } from '@synergie/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { notify } from '~/lib/toast';
import { authClient, unwrap } from '../lib/auth-client';
import { useAuthChanged } from '../lib/use-auth-changed';

/** Sets the new password with the emailed token. The server ends every session of the account. */
export function resetPassword({ token, password }: { token: string; password: string }) {
  return unwrap(authClient.resetPassword({ token, newPassword: password }));
}

export function useResetPassword() {
  const authChanged = useAuthChanged();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: async () => {
      notify.success(authMessages.passwordUpdated);
      await authChanged();
    },
    onError: (error) => notify.error(error.message),
  });
}
