import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '~/lib/query-keys';

const CHANNEL = 'synergie-auth';
/** Remembered so that a lost session reads 'Votre session a expiré' rather than a plain sign-in prompt. */
export const HAD_SESSION_KEY = 'synergie:had-session';

let signingOut = false;

/**
 * Set while the member signs out on purpose: the sign-out leads home, and the guard of the page
 * being left must not send the member to /auth meanwhile (the page can still be mounted when the
 * session query turns empty).
 */
export function setSigningOut(value: boolean) {
  signingOut = value;
}

export function isSigningOut() {
  return signingOut;
}

/** Every session-dependent query is refreshed after a sign-in or sign-out, in this tab and the others. */
export async function refreshAuthState(queryClient: ReturnType<typeof useQueryClient>) {
  // Who is signed in first: a member's queries asked again after a sign-out would each get a 401.
  await queryClient.invalidateQueries({ queryKey: queryKeys.session, refetchType: 'all' });
  const session = queryClient.getQueryData<{ user?: unknown } | null>(queryKeys.session);
  if (!session?.user) {
    queryClient.removeQueries({ queryKey: queryKeys.me.all });
    queryClient.removeQueries({ queryKey: queryKeys.auth.all });
    return;
  }
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.me.all }),
    // The security section's lists (sessions, passkeys).
    queryClient.invalidateQueries({ queryKey: queryKeys.auth.all }),
  ]);
}

/**
 * The one way this tab leaves a session it ended on purpose (sign-out, account deleted): the
 * session is emptied first, the guard standing aside, so that home committed at once (flushSync)
 * never sees a member and never sends them on to `Aujourd'hui` (whose data would answer 401);
 * the member's data leaves the cache only once their pages are unmounted, then every tab
 * refreshes.
 */
export async function leaveSession(queryClient: ReturnType<typeof useQueryClient>, goHome: () => Promise<void> | void) {
  setSigningOut(true);
  try {
    // A deliberate sign-out is not an expired session: the guard must not say so.
    sessionStorage.removeItem(HAD_SESSION_KEY);
    await queryClient.cancelQueries({ queryKey: queryKeys.session });
    queryClient.setQueryData(queryKeys.session, null);
    await goHome();
    queryClient.removeQueries({ queryKey: queryKeys.auth.all });
    queryClient.removeQueries({ queryKey: queryKeys.me.all });
    await refreshAuthState(queryClient);
    broadcastAuthChange();
  } finally {
    setSigningOut(false);
  }
}

/** Tell the other open tabs that the session changed (they refresh without a reload). */
export function broadcastAuthChange() {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ type: 'auth-changed', at: Date.now() });
  channel.close();
}

/** Mounted once in the root: listens to the other tabs. */
export function useAuthChannel() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => void refreshAuthState(queryClient);
    return () => channel.close();
  }, [queryClient]);
}
