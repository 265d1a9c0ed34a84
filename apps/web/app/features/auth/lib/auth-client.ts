import { passkeyClient } from '@better-auth/passkey/client';
import { emailOTPClient, twoFactorClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/**
 * Better Auth's browser client, for the pages that sign in, sign up, reset passwords and manage
 * security (two-factor, passkeys, sessions). Imported only by those pages.
 */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [twoFactorClient(), emailOTPClient(), passkeyClient()],
});

/** Better Auth's client errors carry the server's (French) message in `error.message`. */
export function authErrorMessage(error: { message?: string; error?: { message?: string } } | null | undefined, fallback: string) {
  return error?.error?.message ?? error?.message ?? fallback;
}
