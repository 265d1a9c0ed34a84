import { meEndpoints as endpoints } from '@synergie/shared/endpoints';
import { type QueryClient, useMutation } from '@tanstack/react-query';
import { leaveSession } from '~/features/auth';
import { callApi } from '~/lib/api-client';

/** The member confirms by typing their email; the server deletes the account and ends its sessions. */
export function deleteAccount(input: { confirmEmail: string }) {
  return callApi(endpoints.deleteAccount, { body: input });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}

/**
 * This tab and the other open tabs forget the deleted account, home first (leaveSession: the
 * session empties before home, so nothing asks the API for the member's data again).
 */
export function forgetDeletedAccount(queryClient: QueryClient, goHome: () => Promise<void> | void) {
  return leaveSession(queryClient, goHome);
}
