/** Either signed in, or the first factor was right and a second one is now asked for. */
export type SignInResult = { signedIn: true } | { signedIn: false; twoFactorMethods: string[] };

/**
 * Reads a sign-in answer (password or emailed code): the server answers `{ twoFactorRedirect:
 * true }` instead of a session when the account has two-factor authentication on.
 */
export function toSignInResult(data: object): SignInResult {
  if ('twoFactorRedirect' in data && data.twoFactorRedirect) {
    const methods = 'twoFactorMethods' in data && Array.isArray(data.twoFactorMethods) ? data.twoFactorMethods : [];
    return { signedIn: false, twoFactorMethods: methods };
  }
  return { signedIn: true };
}
