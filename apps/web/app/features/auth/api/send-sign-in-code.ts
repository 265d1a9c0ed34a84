import type { OtpRequestInput } from '@synergie/shared/auth';
import { authMessages } from '@synergie/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { notify } from '~/lib/toast';
import { authClient, unwrap } from '../lib/auth-client';

/** Emails a 6-digit sign-in code, valid 5 minutes. */
export function sendSignInCode({ email }: OtpRequestInput) {
  return unwrap(authClient.emailOtp.sendVerificationOtp({ email, type: 'sign-in' }));
}

export function useSendSignInCode() {
  return useMutation({
    mutationFn: sendSignInCode,
    onSuccess: (_data, { email }) => notify.info(authMessages.codeSent(email.trim())),
    onError: (error) => notify.error(error.message),
  });
}
