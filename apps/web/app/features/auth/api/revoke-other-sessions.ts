import { authMessages } from '@synergie/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '~/lib/query-keys';
import { notify } from '~/lib/toast';
import { authClient, unwrap } from '../lib/auth-client';

/** The spec's 'others' scope: every device but this one is signed out. */
export function revokeOtherSessions() {
  return unwrap(authClient.revokeOtherSessions());
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: () => notify.success(authMessages.otherSessionsRevoked),
    onError: (error) => notify.error(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.auth.sessions }),
  });
}
