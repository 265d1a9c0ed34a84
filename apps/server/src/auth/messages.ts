/**
 * Better Auth answers in English with a stable code; the browser shows the server's message
 * (spec section 8), so we answer in French. Unknown codes fall back by HTTP status.
 */
export const authErrorMessages: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Email ou mot de passe incorrect',
  INVALID_PASSWORD: 'Mot de passe incorrect',
  INVALID_EMAIL: 'Email invalide',
  USER_NOT_FOUND: 'Utilisateur non trouvé',
  USER_ALREADY_EXISTS: 'Un compte existe déjà avec cet email',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'Un compte existe déjà avec cet email',
  PASSWORD_TOO_SHORT: 'Le mot de passe doit contenir au moins 8 caractères',
  PASSWORD_TOO_LONG: 'Le mot de passe ne peut pas dépasser 128 caractères',
  EMAIL_NOT_VERIFIED: "Votre email n'est pas encore vérifié. Consultez votre boîte de réception.",
  INVALID_TOKEN: 'Ce lien est invalide ou a expiré. Demandez-en un nouveau.',
  TOKEN_EXPIRED: 'Ce lien a expiré. Demandez-en un nouveau.',
  INVALID_OTP: 'Code invalide',
  OTP_EXPIRED: 'Ce code a expiré. Demandez-en un nouveau.',
  TOO_MANY_ATTEMPTS: 'Trop de tentatives. Demandez un nouveau code.',
  INVALID_CODE: 'Code invalide',
  INVALID_BACKUP_CODE: 'Code de secours invalide',
  INVALID_TWO_FACTOR_COOKIE: 'La vérification a expiré. Reconnectez-vous.',
  TWO_FACTOR_NOT_ENABLED: "L'authentification à deux facteurs n'est pas activée",
  TOTP_NOT_ENABLED: "L'authentification à deux facteurs n'est pas activée",
  OTP_HAS_EXPIRED: 'Ce code a expiré. Demandez-en un nouveau.',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'Trop de tentatives. Demandez un nouveau code.',
  SESSION_EXPIRED: 'Votre session a expiré',
  FAILED_TO_GET_SESSION: 'Votre session a expiré',
  CREDENTIAL_ACCOUNT_NOT_FOUND: "Ce compte n'a pas de mot de passe",
  EMAIL_CAN_NOT_BE_UPDATED: "L'email ne peut pas être modifié",
  FAILED_TO_CREATE_USER: 'Impossible de créer le compte',
  FAILED_TO_CREATE_SESSION: 'Impossible de vous connecter. Veuillez réessayer.',
  INVALID_ORIGIN: 'Origine de la requête non autorisée',
  MISSING_OR_NULL_ORIGIN: 'Origine de la requête non autorisée',
  INVALID_CALLBACK_URL: 'Adresse de retour non autorisée',
  CHALLENGE_NOT_FOUND: "La vérification de la clé d'accès a expiré. Réessayez.",
  PASSKEY_NOT_FOUND: "Clé d'accès inconnue",
  AUTHENTICATION_FAILED: "La vérification de la clé d'accès a échoué",
  YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY: "Vous ne pouvez pas enregistrer cette clé d'accès",
  FAILED_TO_VERIFY_REGISTRATION: "L'enregistrement de la clé d'accès a échoué",
  UNABLE_TO_CREATE_SESSION: 'Impossible de vous connecter. Veuillez réessayer.',
};

export const authStatusMessages: Record<number, string> = {
  400: 'La requête est invalide.',
  401: 'Vous devez être connecté pour accéder à cette page',
  403: 'Accès non autorisé',
  404: "Cette adresse d'API n'existe pas.",
  429: 'Trop de tentatives. Veuillez patienter avant de réessayer.',
};

export function frenchAuthMessage(code: string | undefined, status: number, original?: string): string {
  if (code && authErrorMessages[code]) return authErrorMessages[code];
  // Our own hooks already speak French: keep their message.
  if (original && /[éèàêç]|Veuillez|Trop de|doit contenir/.test(original)) return original;
  return authStatusMessages[status] ?? 'Une erreur est survenue. Veuillez réessayer.';
}
