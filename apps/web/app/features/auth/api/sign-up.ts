import type { SignUpInput } from '@synergie/shared/auth';
import { authMessages } from '@synergie/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { notify } from '~/lib/toast';
import { authClient, unwrap } from '../lib/auth-client';
import { useAuthChanged } from '../lib/use-auth-changed';

/** Creates the account and signs in; the verification email links back to the site root. */
export function signUp({ fullName, email, password }: SignUpInput) {
  return unwrap(authClient.signUp.email({ name: fullName.trim(), email: email.trim(), password, callbackURL: '/' }));
}

export function useSignUp() {
  const authChanged = useAuthChanged();
  return useMutation({
    mutationFn: signUp,
    onSuccess: async (_data, { email }) => {
      notify.success(authMessages.signUpSuccess);
      notify.info(authMessages.verificationSent(email.trim()));
      await authChanged();
    },
    onError: (error) => notify.error(error.message),
  });
}
