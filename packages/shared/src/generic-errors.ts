// The errors the browser words itself (the API's generic refusals and the client's own failures),
// apart from the whole catalogue (errors.ts) so that a page does not carry every message of the
// API: the other messages come in the API's answers. No dependency.

/** The HTTP statuses an error of our API may carry. */
export type ApiErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 423 | 429 | 500 | 503;

export interface ApiErrorEntry {
  readonly status: ApiErrorStatus;
  readonly message: string;
}

/**
 * Whatever the route: the request, the session, the server. Apart so that the browser, which words
 * only these itself (every other message comes in the API's answer), does not carry the whole
 * catalogue on every page.
 */
export const genericApiErrors = {
  BAD_REQUEST: { status: 400, message: 'La requête est invalide.' },
  VALIDATION: { status: 400, message: 'Les données envoyées sont invalides.' },
  /** A refusal of Better Auth (plugins/auth.ts) with no code of ours; its message says which. */
  AUTH_ERROR: { status: 400, message: 'Une erreur est survenue. Veuillez réessayer.' },
  UNAUTHENTICATED: { status: 401, message: 'Vous devez être connecté pour accéder à cette page' },
  SESSION_EXPIRED: { status: 401, message: 'Votre session a expiré' },
  FORBIDDEN: { status: 403, message: 'Accès non autorisé' },
  SUBSCRIPTION_REQUIRED: {
    status: 403,
    message: 'Vous devez avoir un abonnement actif pour accéder à cette page',
  },
  /** A state-changing request sent from another site (plugins/security.ts). */
  INVALID_ORIGIN: { status: 403, message: 'Origine de la requête non autorisée' },
  /** The default names an unknown API address; a route that looks a record up says which. */
  NOT_FOUND: { status: 404, message: 'Cette adresse d’API n’existe pas.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'La requête est trop volumineuse.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Ce format de contenu n’est pas accepté.' },
  /** Where the wait is known, the answer says it: `rateLimitedMessage(seconds)`. */
  RATE_LIMITED: { status: 429, message: 'Trop de tentatives, réessayez dans quelques secondes' },
  INTERNAL: { status: 500, message: 'Une erreur interne est survenue. Veuillez réessayer plus tard.' },
  UNAVAILABLE: { status: 503, message: 'Le service est momentanément indisponible. Veuillez réessayer.' },
} as const satisfies Record<string, ApiErrorEntry>;

/**
 * What a limited action answers (issue 31), N the seconds of its Retry-After header: the same
 * words for Better Auth's limits and for the app's rate limiter.
 */
export function rateLimitedMessage(seconds: number): string {
  const n = Math.max(1, Math.ceil(seconds));
  return `Trop de tentatives, réessayez dans ${n} ${n > 1 ? 'secondes' : 'seconde'}`;
}

/**
 * Failures the web client names itself, with no answer of our API: the network, its own 10 s
 * limit, and `HTTP_ERROR`, an answer that is not ours (a proxy's page), told apart by its status.
 */
export const clientErrors = {
  TIMEOUT: { message: 'Le serveur ne répond pas. Vérifiez votre connexion et réessayez.' },
  NETWORK: { message: 'Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.' },
} as const satisfies Record<string, { readonly message: string }>;

export type ClientErrorCode = keyof typeof clientErrors | 'HTTP_ERROR';
