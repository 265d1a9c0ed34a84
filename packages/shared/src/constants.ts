// Constants with no dependency: the browser imports them without pulling in zod.

/** Toast titles (spec section 8): errors read 'Erreur'; partner and project pages title a refusal 'Accès refusé'. */
export const toastTitles = { error: 'Erreur', accessDenied: 'Accès refusé' } as const;

/** Spec section 9: the backend client gives up after 10 s. */
export const API_TIMEOUT_MS = 10_000;
/** Spec section 9: toasts stay 5000 ms. */
export const TOAST_DURATION_MS = 5000;

/**
 * Where the server mounts Better Auth (its `basePath`): its own endpoints (sign-in, sessions,
 * two-factor, passkeys) are under this path, not declared in endpoints/ (decision 0015). Here,
 * with no dependency, so that the page asking who is signed in loads no zod for it.
 */
export const AUTH_BASE_PATH = '/api/auth';
