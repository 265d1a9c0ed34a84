import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { broadcastAuthChange, refreshAuthState } from './auth-channel';

/**
 * After a sign-in, a sign-up, a sign-out or a change of the session (two-factor on or off): this
 * tab's session queries are refreshed (the navigation turns to 'Mon Profil' or 'Inscription') and
 * the other open tabs are told to do the same.
 */
export function useAuthChanged() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await refreshAuthState(queryClient);
    broadcastAuthChange();
  }, [queryClient]);
}
