import { queryOptions, useQuery } from '@tanstack/react-query';
import { parseApiDateTime } from '~/lib/api-dates';
import { queryKeys } from '~/lib/query-keys';
import { authClient, unwrap } from '../lib/auth-client';

/** A passkey as Better Auth's client lists it (its own route, outside the API's shared schemas). */
export interface Passkey {
  id: string;
  name?: string | null;
  createdAt: Date;
  deviceType?: string | null;
  backedUp?: boolean | null;
}

/** Better Auth's client may hand the date over as a Date or as the JSON string: one Date either way. */
export async function listPasskeys(): Promise<Passkey[]> {
  const passkeys: (Omit<Passkey, 'createdAt'> & { createdAt: Date | string })[] = await unwrap(
    authClient.passkey.listUserPasskeys(),
  );
  return passkeys.map((passkey) => ({
    ...passkey,
    createdAt: passkey.createdAt instanceof Date ? passkey.createdAt : parseApiDateTime(passkey.createdAt),
  }));
}

export const passkeysQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.auth.passkeys,
    queryFn: listPasskeys,
    // Not the app's retry policy: Better Auth's client fails with an AuthRequestError, which the
    // policy does not read (its 4xx would be tried again); the card shows the failure at once.
    retry: false,
  });

export function usePasskeys() {
  return useQuery(passkeysQueryOptions());
}
