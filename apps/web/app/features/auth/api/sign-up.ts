import type { SignUpInput } from '@synergie/shared/auth';
import { authMessages } from '@synergie/shared/auth';
import { EMAIL_VERIFIED_PATH } from '@synergie/shared/site';
import { useMutation } from '@tanstack/react-query';
import { notify } from '~/lib/toast';
import { authClient, unwrap } from '../lib/auth-client';

/**
 * Asks for the account. The answer is the same whether the address is new or already has an
 * account (issue 33): nobody is signed in, the mail does the rest (the verification link, which
 * signs in and leads to `Aujourd'hui`, or `Vous avez déjà un compte`).
 */
export function signUp({ fullName, email, password }: SignUpInput) {
  return unwrap(
    authClient.signUp.email({
      name: fullName.trim(),
      email: email.trim(),
      password,
      callbackURL: EMAIL_VERIFIED_PATH,
    }),
  );
}

export function useSignUp() {
  return useMutation({
    mutationFn: signUp,
    onSuccess: () => notify.info(authMessages.signUpRequested),
    onError: (error) => notify.error(error.message),
  });
}
