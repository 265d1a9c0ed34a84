import { queryOptions, useQuery } from '@tanstack/react-query';
import { authClient, unwrap } from '../lib/auth-client';

export interface Passkey {
  id: string;
  name?: string | null;
  createdAt: Date | string;
  deviceType?: string | null;
  backedUp?: boolean | null;
}

export const passkeysQueryKey = ['auth', 'passkeys'] as const;

export async function listPasskeys(): Promise<Passkey[]> {
  return unwrap(authClient.passkey.listUserPasskeys());
}

export const passkeysQueryOptions = () =>
  queryOptions({ queryKey: passkeysQueryKey, queryFn: listPasskeys, retry: false });

export function usePasskeys() {
  return useQuery(passkeysQueryOptions());
}
