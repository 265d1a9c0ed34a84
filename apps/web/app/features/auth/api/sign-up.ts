import type { SignUpInput } from '@synergie/shared/auth';
import { authMessages } from '@synergie/shared/auth';
import { EMAIL_VERIFIED_QUERY, TODAY_PAGE_PATH } from '@synergie/shared/site';
import { useMutation } from '@tanstack/react-query';
import { notify } from '~/lib/toast';
import { authClient, unwrap } from '../lib/auth-client';
import { useAuthChanged } from '../lib/use-auth-changed';

/** Creates the account and signs in; the verification email links back to `Aujourd'hui`, which says so. */
export function signUp({ fullName, email, password }: SignUpInput) {
  return unwrap(
    authClient.signUp.email({
      name: fullName.trim(),
      email: email.trim(),
      password,
      callbackURL: `${TODAY_PAGE_PATH}?${EMAIL_VERIFIED_QUERY}`,
    }),
  );
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
