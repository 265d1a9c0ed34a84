import { meEndpoints as endpoints } from '@synergie/shared/endpoints';
import { type QueryClient, useMutation } from '@tanstack/react-query';
import { broadcastAuthChange, HAD_SESSION_KEY, refreshAuthState } from '~/features/auth';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

/** The member confirms by typing their email; the server deletes the account and ends its sessions. */
export function deleteAccount(input: { confirmEmail: string }) {
  return callApi(endpoints.deleteAccount, { body: input });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}

/**
 * Once the member has left the profile page (so nothing asks for /api/me again): this tab and
 * the other open tabs forget the account. The guard's "session expired" marker goes too: the
 * account was deleted on purpose, nothing expired.
 */
export async function forgetDeletedAccount(queryClient: QueryClient) {
  sessionStorage.removeItem(HAD_SESSION_KEY);
  queryClient.removeQueries({ queryKey: queryKeys.me.all });
  // The security section's lists (sessions, passkeys) of the deleted account.
  queryClient.removeQueries({ queryKey: queryKeys.auth.all });
  await refreshAuthState(queryClient);
  broadcastAuthChange();
}
