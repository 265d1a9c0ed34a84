import { meEndpoints } from '@synergie/shared/endpoints';
import type { ActiveSession } from '@synergie/shared/sessions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

/** One active session of the member (dates as ISO strings, read with ~/lib/api-dates); never its token. */
export type { ActiveSession };

/** Most recently active first (the server's order). */
export async function listSessions(): Promise<ActiveSession[]> {
  const { sessions } = await callApi(meEndpoints.sessions);
  return sessions;
}

export const sessionsQueryOptions = () => queryOptions({ queryKey: queryKeys.auth.sessions, queryFn: listSessions });

export function useActiveSessions() {
  return useQuery(sessionsQueryOptions());
}
