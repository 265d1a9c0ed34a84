import { TODAY_PAGE_PATH } from '@synergie/shared/site';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../api/get-session';

/**
 * On /auth: once a session exists (already signed in, or just signed in or up here), go to the
 * page the guard came from, else to `Aujourd'hui`, the member's home (issue 28).
 */
export function useLeaveWhenSignedIn() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = Boolean(session.data?.user);
  const target = returnPath(location.state);

  useEffect(() => {
    if (signedIn) navigate(target, { replace: true });
  }, [signedIn, target, navigate]);
}

/** Only a path of this site (never '//other.site'), and never /auth itself. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/auth'))
    return TODAY_PAGE_PATH;
  return from;
}
