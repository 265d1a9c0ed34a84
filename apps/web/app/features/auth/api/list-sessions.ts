import { queryOptions, useQuery } from '@tanstack/react-query';
import { authClient, unwrap } from '../lib/auth-client';

/** One active session of the member, as Better Auth lists it. */
export interface ActiveSession {
  id: string;
  token: string;
  userAgent?: string | null;
  ipAddress?: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  expiresAt: Date | string;
}

export const sessionsQueryKey = ['auth', 'sessions'] as const;

export async function listSessions(): Promise<ActiveSession[]> {
  const sessions: ActiveSession[] = await unwrap(authClient.listSessions());
  // Most recently active first.
  return [...sessions].sort((a, b) => new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime());
}

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: sessionsQueryKey, queryFn: listSessions, retry: false });

export function useActiveSessions() {
  return useQuery(sessionsQueryOptions());
}
