import { authMessages } from '@synergie/shared/auth';
import { meEndpoints } from '@synergie/shared/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';
import { notify } from '~/lib/toast';

/** Signs out one of the member's other devices, by session id (tokens never reach the page). */
export function revokeSession(sessionId: string) {
  return callApi(meEndpoints.revokeSession, { params: { id: sessionId } });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: () => notify.success(authMessages.sessionRevoked),
    onError: (error) => notify.error(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.auth.sessions }),
  });
}
