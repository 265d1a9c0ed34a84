import type { ActiveSession, ActiveSessionsResponse } from '@synergie/shared/sessions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

/** One active session of the member (dates as ISO strings, read with ~/lib/api-dates); never its token. */
export type { ActiveSession };

/** Most recently active first (the server's order). */
export async function listSessions(): Promise<ActiveSession[]> {
  const { sessions } = await apiRequest<ActiveSessionsResponse>('/me/sessions');
  return sessions;
}

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.auth.sessions, queryFn: listSessions, retry: false });

export function useActiveSessions() {
  return useQuery(sessionsQueryOptions());
}
