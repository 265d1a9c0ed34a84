import { authMessages } from '@synergie/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { notify } from '~/lib/toast';
import { leaveSession } from '../lib/auth-channel';
import { AuthRequestError, authClient, authErrorMessage, unwrap } from '../lib/auth-client';

/** The spec's sign-out scopes that end this device's session: this device only, or every device. */
export type SignOutScope = 'local' | 'global';

/** Answers meaning "no session any more": the spec's sign-out clears the local session anyway. */
const ALREADY_SIGNED_OUT = [401, 403, 404];

export async function signOut(scope: SignOutScope) {
  if (scope === 'global') {
    const { error } = await authClient.revokeSessions();
    // A refusal for any other reason (the session is too old to revoke others) must be shown.
    if (error && error.status !== 401) {
      throw new AuthRequestError(authErrorMessage(error, authMessages.genericError), error.status);
    }
  }
  // This device stops getting the member's pushes (a shared computer); the server drops the
  // subscription at its next push (the push service answers 410). Loaded only now: not in every
  // page's scripts.
  await import('~/features/push').then((push) => push.unsubscribeThisDevice()).catch(() => undefined);
  const { error } = await authClient.signOut();
  if (error && !ALREADY_SIGNED_OUT.includes(error.status)) {
    await unwrap(Promise.resolve({ data: null, error }), authMessages.genericError);
  }
}

/**
 * The one way the interface signs out: the server call, then home, then every tab's
 * session state ('Inscription' in the navigation again).
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async (_data, scope) => {
      // Nothing personal stays on the device (issue 28): the kept data and the queued writes.
      // Loaded here, on sign-out only: the pages that carry this hook do not carry the module.
      await import('~/lib/offline-data').then((offline) => offline.wipeOfflineData()).catch(() => undefined);
      await leaveSession(queryClient, () => navigate('/', { flushSync: true }));
      notify.success(scope === 'global' ? authMessages.allSessionsRevoked : authMessages.signOutSuccess);
    },
    onError: (error) => notify.error(error.message),
  });
}
