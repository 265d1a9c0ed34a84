import { genericApiErrors } from '@synergie/shared/generic-errors';
import type * as React from 'react';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Loading } from '~/components/query-state';
import { notify } from '~/lib/toast';
import { useSession } from '../api/get-session';
import { HAD_SESSION_KEY, isSigningOut } from '../lib/auth-channel';

/**
 * The auth guard of spec section 2: without a session, go to /auth (unless already there).
 * When a session existed and is gone, the member reads 'Votre session a expiré'.
 */
export function RequireAuth({ children }: { children: React.ReactNode }) {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const warned = useRef(false);
  const signedIn = Boolean(session.data?.user);

  useEffect(() => {
    if (signedIn) {
      sessionStorage.setItem(HAD_SESSION_KEY, '1');
      return;
    }
    // A deliberate sign-out leads home by itself.
    if (session.isPending || location.pathname === '/auth' || warned.current || isSigningOut()) return;
    warned.current = true;
    if (sessionStorage.getItem(HAD_SESSION_KEY)) {
      sessionStorage.removeItem(HAD_SESSION_KEY);
      notify.error(genericApiErrors.SESSION_EXPIRED.message);
    } else {
      notify.error(genericApiErrors.UNAUTHENTICATED.message);
    }
    navigate('/auth', { replace: true, state: { from: `${location.pathname}${location.search}` } });
  }, [signedIn, session.isPending, location.pathname, location.search, navigate]);

  if (!signedIn) {
    return <Loading variant="spinner" />;
  }
  return <>{children}</>;
}
