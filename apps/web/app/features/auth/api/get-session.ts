import { queryOptions, useQuery } from '@tanstack/react-query';
import { authGet } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';
import { rememberSignedIn } from '~/lib/signed-in-hint';

export interface SessionData {
  user: {
    id: string;
    email: string;
    name: string;
    emailVerified: boolean;
    twoFactorEnabled?: boolean | null;
    /** The number used to sign in by SMS code (E.164), when the server offers it. */
    phoneNumber?: string | null;
  };
  session: { id: string; expiresAt: string };
}

/** The current session, or null. A small GET: pages that only need to know who is signed in load no auth library. */
export async function getSession() {
  const session = await authGet<SessionData | null>('/get-session');
  rememberSignedIn(Boolean(session?.user));
  return session;
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.session,
    queryFn: getSession,
    staleTime: 60_000,
    // Another tab may have signed in or out while this one was hidden.
    refetchOnWindowFocus: true,
  });

export function useSession() {
  return useQuery(sessionQueryOptions());
}
