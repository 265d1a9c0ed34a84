import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

const CHANNEL = 'synergie-auth';
/** Remembered so that a lost session reads 'Votre session a expiré' rather than a plain sign-in prompt. */
export const HAD_SESSION_KEY = 'synergie:had-session';

/** Every session-dependent query is refreshed after a sign-in or sign-out, in this tab and the others. */
export async function refreshAuthState(queryClient: ReturnType<typeof useQueryClient>) {
  await queryClient.invalidateQueries({ queryKey: ['session'] });
  await queryClient.invalidateQueries({ queryKey: ['me'] });
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
