import type { ResetRequestInput } from '@synergie/shared/auth';
import { authMessages } from '@synergie/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { notify } from '~/lib/toast';
import { authClient, unwrap } from '../lib/auth-client';

/** Emails a reset link leading to /update-password. The answer is the same whether or not the address exists. */
export function requestPasswordReset({ email }: ResetRequestInput) {
  return unwrap(authClient.requestPasswordReset({ email: email.trim(), redirectTo: '/update-password' }));
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: () => notify.success(authMessages.resetSent),
    onError: (error) => notify.error(error.message),
  });
}
