import { authMessages } from '@synergie/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { notify } from '~/lib/toast';
import { authClient, unwrap } from '../lib/auth-client';
import { type SignInResult, toSignInResult } from '../lib/sign-in-result';
import { useAuthChanged } from '../lib/use-auth-changed';

/** Signs in with the code received by email (then, with two-factor on, the app's code is asked). */
export async function signInWithCode({ email, code }: { email: string; code: string }): Promise<SignInResult> {
  return toSignInResult(await unwrap(authClient.signIn.emailOtp({ email, otp: code })));
}

export function useSignInWithCode() {
  const authChanged = useAuthChanged();
  return useMutation({
    mutationFn: signInWithCode,
    onSuccess: async (result) => {
      if (!result.signedIn) return;
      notify.success(authMessages.signInSuccess);
      await authChanged();
    },
    onError: (error) => notify.error(error.message),
  });
}
