import { passkeyClient } from '@better-auth/passkey/client';
import { AUTH_BASE_PATH } from '@synergie/shared/constants';
import type { ApiErrorCode } from '@synergie/shared/errors';
import { type ClientErrorCode, clientErrors, genericApiErrors } from '@synergie/shared/generic-errors';
import { emailOTPClient, phoneNumberClient, twoFactorClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/**
 * Better Auth's browser client, for the pages that sign in, sign up, reset passwords and manage
 * security (two-factor, passkeys, sessions). Imported only by those pages.
 */
export const authClient = createAuthClient({
  basePath: AUTH_BASE_PATH,
  plugins: [twoFactorClient(), emailOTPClient(), passkeyClient(), phoneNumberClient()],
});

/**
 * What Better Auth's client hands back on failure: our server's `{ error: { code, message } }`
 * (a code of the catalogue, plugins/auth.ts), or its own (the passkey ceremony's codes).
 */
export interface AuthClientError {
  message?: string;
  code?: string;
  status?: number;
  error?: { code?: ApiErrorCode; message?: string };
}

/**
 * Errors raised in the browser by the client itself (the WebAuthn ceremony) carry English
 * messages; these are said in French instead. Server errors already are.
 */
const clientErrorMessages: Record<string, string> = {
  AUTH_CANCELLED: 'La connexion avec une clé d’accès a été annulée ou n’a pas abouti.',
  ERROR_CEREMONY_ABORTED: 'L’opération avec la clé d’accès a été annulée.',
  ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED: 'Cette clé d’accès est déjà enregistrée sur votre compte.',
  ERROR_INVALID_DOMAIN: 'Les clés d’accès ne sont pas disponibles sur cette adresse du site.',
  ERROR_INVALID_RP_ID: 'Les clés d’accès ne sont pas disponibles sur cette adresse du site.',
};

/** The French message to show for a failed call: the server's, else ours, never an English one. */
export function authErrorMessage(error: AuthClientError | null | undefined, fallback: string) {
  if (error?.error?.message) return error.error.message;
  if (error?.code && clientErrorMessages[error.code]) return clientErrorMessages[error.code] as string;
  return fallback;
}

/**
 * A failed auth call, with the message the member reads, the HTTP status (0 for the network) and
 * the catalogue's code when our server answered.
 */
export class AuthRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: ApiErrorCode | ClientErrorCode,
  ) {
    super(message);
    this.name = 'AuthRequestError';
  }
}

type AuthResult = { data: unknown; error: AuthClientError | null };

/**
 * Turns Better Auth's `{ data, error }` answers into a value or a thrown `AuthRequestError`, so
 * TanStack Query's mutation and query states (and `onError`) work as with our other endpoints.
 */
export async function unwrap<R extends AuthResult>(
  call: Promise<R>,
  fallback: string = genericApiErrors.INTERNAL.message,
): Promise<NonNullable<R['data']>> {
  let result: R;
  try {
    result = await call;
  } catch {
    throw new AuthRequestError(clientErrors.NETWORK.message, 0, 'NETWORK');
  }
  if (result.error) {
    const { error } = result;
    throw new AuthRequestError(authErrorMessage(error, fallback), error.status ?? 0, error.error?.code);
  }
  return result.data as NonNullable<R['data']>;
}
