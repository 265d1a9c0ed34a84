import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '~/lib/query-keys';
import { authClient, unwrap } from '../lib/auth-client';

export interface Passkey {
  id: string;
  name?: string | null;
  createdAt: Date | string;
  deviceType?: string | null;
  backedUp?: boolean | null;
}

export async function listPasskeys(): Promise<Passkey[]> {
  return unwrap(authClient.passkey.listUserPasskeys());
}

export const passkeysQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.auth.passkeys, queryFn: listPasskeys, retry: false });

export function usePasskeys() {
  return useQuery(passkeysQueryOptions());
}
