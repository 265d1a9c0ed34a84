// Constants with no dependency: the browser imports them without pulling in zod.

export const apiErrorMessages = {
  VALIDATION: 'Les données envoyées sont invalides.',
  NOT_FOUND: "Cette adresse d'API n'existe pas.",
  RATE_LIMITED: 'Trop de requêtes. Veuillez patienter avant de réessayer.',
  PAYLOAD_TOO_LARGE: 'La requête est trop volumineuse.',
  UNSUPPORTED_MEDIA_TYPE: "Ce format de contenu n'est pas accepté.",
  BAD_REQUEST: 'La requête est invalide.',
  INTERNAL: 'Une erreur interne est survenue. Veuillez réessayer plus tard.',
  UNAVAILABLE: 'Le service est momentanément indisponible. Veuillez réessayer.',
  UNAUTHENTICATED: 'Vous devez être connecté pour accéder à cette page',
  FORBIDDEN: 'Accès non autorisé',
  SESSION_EXPIRED: 'Votre session a expiré',
  TIMEOUT: 'Le serveur ne répond pas. Vérifiez votre connexion et réessayez.',
  NETWORK: 'Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.',
} as const;
export type ApiErrorCode = keyof typeof apiErrorMessages;

/** Toast titles (spec section 8): errors read 'Erreur'; partner and project pages title a refusal 'Accès refusé'. */
export const toastTitles = { error: 'Erreur', accessDenied: 'Accès refusé' } as const;

/** Spec section 9: the backend client gives up after 10 s. */
export const API_TIMEOUT_MS = 10_000;
/** Spec section 9: toasts stay 5000 ms. */
export const TOAST_DURATION_MS = 5000;
