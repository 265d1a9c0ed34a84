import type { SignInInput } from '@synergie/shared/auth';
import { authMessages } from '@synergie/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { notify } from '~/lib/toast';
import { authClient, unwrap } from '../lib/auth-client';
import { type SignInResult, toSignInResult } from '../lib/sign-in-result';
import { useAuthChanged } from '../lib/use-auth-changed';

export async function signInWithPassword({ email, password }: SignInInput): Promise<SignInResult> {
  return toSignInResult(await unwrap(authClient.signIn.email({ email: email.trim(), password })));
}

export function useSignInWithPassword() {
  const authChanged = useAuthChanged();
  return useMutation({
    mutationFn: signInWithPassword,
    onSuccess: async (result) => {
      if (!result.signedIn) return;
      notify.success(authMessages.signInSuccess);
      await authChanged();
    },
    onError: (error) => notify.error(error.message),
  });
}
