/**
 * Whether a member is signed in on this browser, as the session query last saw it. The loader of
 * the prerendered pages (scripts/start-after-paint.ts) reads it before any script: a signed-in
 * member's pages start React at once (their header shows their account), a visitor's only when
 * they use the page (docs/decisions/0010-scripts-when-needed.md). A hint only, never trusted: the
 * server decides who is signed in.
 */
export const SIGNED_IN_KEY = 'synergie:signed-in';

export function rememberSignedIn(signedIn: boolean) {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_KEY, '1');
    else localStorage.removeItem(SIGNED_IN_KEY);
  } catch {
    // Storage refused (private mode, quota): the pages start on the first interaction instead.
  }
}

/** The hint itself, read in the browser (false on the server and where storage is refused). */
export function hasSignedInHint(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(SIGNED_IN_KEY) === '1';
  } catch {
    return false;
  }
}
