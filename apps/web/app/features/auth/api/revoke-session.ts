import { authMessages } from '@synergie/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '~/lib/toast';
import { authClient, unwrap } from '../lib/auth-client';
import { sessionsQueryKey } from './list-sessions';

/** Signs out one of the member's other devices. */
export function revokeSession(token: string) {
  return unwrap(authClient.revokeSession({ token }));
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: () => notify.success(authMessages.sessionRevoked),
    onError: (error) => notify.error(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
