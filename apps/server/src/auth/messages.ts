import { type ApiErrorCode, apiErrors } from '@synergie/shared';

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
  EMAIL_NOT_VERIFIED: 'Votre email n’est pas encore vérifié. Consultez votre boîte de réception.',
  INVALID_TOKEN: 'Ce lien est invalide ou a expiré. Demandez-en un nouveau.',
  TOKEN_EXPIRED: 'Ce lien a expiré. Demandez-en un nouveau.',
  INVALID_OTP: 'Code invalide',
  OTP_EXPIRED: 'Ce code a expiré. Demandez-en un nouveau.',
  TOO_MANY_ATTEMPTS: 'Trop de tentatives. Demandez un nouveau code.',
  INVALID_CODE: 'Code invalide',
  INVALID_BACKUP_CODE: 'Code de secours invalide',
  INVALID_TWO_FACTOR_COOKIE: 'La vérification a expiré. Reconnectez-vous.',
  TWO_FACTOR_NOT_ENABLED: 'L’authentification à deux facteurs n’est pas activée',
  TOTP_NOT_ENABLED: 'L’authentification à deux facteurs n’est pas activée',
  OTP_HAS_EXPIRED: 'Ce code a expiré. Demandez-en un nouveau.',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'Trop de tentatives. Demandez un nouveau code.',
  SESSION_EXPIRED: apiErrors.SESSION_EXPIRED.message,
  FAILED_TO_GET_SESSION: apiErrors.SESSION_EXPIRED.message,
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'Ce compte n’a pas de mot de passe',
  EMAIL_CAN_NOT_BE_UPDATED: 'L’email ne peut pas être modifié',
  FAILED_TO_CREATE_USER: 'Impossible de créer le compte',
  FAILED_TO_CREATE_SESSION: 'Impossible de vous connecter. Veuillez réessayer.',
  INVALID_ORIGIN: apiErrors.INVALID_ORIGIN.message,
  MISSING_OR_NULL_ORIGIN: apiErrors.INVALID_ORIGIN.message,
  INVALID_CALLBACK_URL: 'Adresse de retour non autorisée',
  CHALLENGE_NOT_FOUND: 'La vérification de la clé d’accès a expiré. Réessayez.',
  PASSKEY_NOT_FOUND: 'Clé d’accès inconnue',
  AUTHENTICATION_FAILED: 'La vérification de la clé d’accès a échoué',
  YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY: 'Vous ne pouvez pas enregistrer cette clé d’accès',
  FAILED_TO_VERIFY_REGISTRATION: 'L’enregistrement de la clé d’accès a échoué',
  UNABLE_TO_CREATE_SESSION: 'Impossible de vous connecter. Veuillez réessayer.',
  // The rest of what Better Auth 1.7 and the plugins we use (twoFactor, emailOTP, passkey) can
  // answer: auth-flows.test.ts checks that every code of `auth.$ERROR_CODES` is here.
  VALIDATION_ERROR: 'Les données envoyées sont invalides.',
  MISSING_FIELD: 'Un champ obligatoire est manquant.',
  BODY_MUST_BE_AN_OBJECT: 'Les données envoyées sont invalides.',
  FIELD_NOT_ALLOWED: 'Ce champ ne peut pas être modifié.',
  ASYNC_VALIDATION_NOT_SUPPORTED: 'Une erreur est survenue. Veuillez réessayer.',
  METHOD_NOT_ALLOWED_DEFER_SESSION_REQUIRED: 'Une erreur est survenue. Veuillez réessayer.',
  FAILED_TO_UPDATE_USER: 'Impossible de mettre à jour le compte. Veuillez réessayer.',
  FAILED_TO_CREATE_VERIFICATION: 'Impossible de préparer la vérification. Veuillez réessayer.',
  INVALID_USER: 'Utilisateur invalide',
  SESSION_NOT_FRESH: 'Pour votre sécurité, reconnectez-vous avant cette action.',
  EMAIL_ALREADY_VERIFIED: 'Votre email est déjà vérifié.',
  EMAIL_MISMATCH: 'Cet email n’est pas celui de votre compte.',
  VERIFICATION_EMAIL_NOT_ENABLED: 'La vérification de l’email n’est pas disponible.',
  CHANGE_EMAIL_DISABLED: 'Le changement d’email n’est pas disponible.',
  USER_ALREADY_HAS_PASSWORD: 'Ce compte a déjà un mot de passe.',
  PASSWORD_ALREADY_SET: 'Ce compte a déjà un mot de passe.',
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: 'Connexion refusée\u00a0: la demande ne vient pas de notre site.',
  INVALID_REDIRECT_URL: 'Adresse de retour non autorisée',
  INVALID_ERROR_CALLBACK_URL: 'Adresse de retour non autorisée',
  INVALID_NEW_USER_CALLBACK_URL: 'Adresse de retour non autorisée',
  CALLBACK_URL_REQUIRED: 'Adresse de retour manquante',
  // Social sign-in (LinkedIn, Google) when configured.
  SOCIAL_ACCOUNT_ALREADY_LINKED: 'Ce compte est déjà associé à un autre membre.',
  LINKED_ACCOUNT_ALREADY_EXISTS: 'Ce compte est déjà associé.',
  PROVIDER_NOT_FOUND: 'Ce mode de connexion n’est pas disponible.',
  ID_TOKEN_NOT_SUPPORTED: 'Ce mode de connexion n’est pas disponible.',
  FAILED_TO_GET_USER_INFO: 'Impossible de récupérer vos informations auprès du fournisseur de connexion.',
  USER_EMAIL_NOT_FOUND: 'Le fournisseur de connexion n’a pas transmis votre email.',
  FAILED_TO_UNLINK_LAST_ACCOUNT: 'Vous ne pouvez pas retirer votre dernier moyen de connexion.',
  ACCOUNT_NOT_FOUND: 'Compte introuvable',
  // Two-factor authentication.
  OTP_NOT_ENABLED: 'La vérification par code n’est pas activée',
  OTP_NOT_CONFIGURED: 'La vérification par code n’est pas disponible',
  TOTP_ALREADY_ENABLED: 'L’authentification à deux facteurs est déjà activée',
  TOTP_NOT_CONFIGURED: 'L’authentification à deux facteurs n’est pas disponible',
  BACKUP_CODES_NOT_ENABLED: 'Les codes de secours ne sont pas activés',
  ACCOUNT_TEMPORARILY_LOCKED:
    'Trop de codes erronés\u00a0: votre compte est bloqué temporairement. Réessayez dans quelques minutes.',
  // Passkeys.
  FAILED_TO_UPDATE_PASSKEY: 'Impossible de modifier la clé d’accès',
  PREVIOUSLY_REGISTERED: 'Cette clé d’accès est déjà enregistrée',
  REGISTRATION_CANCELLED: 'L’enregistrement de la clé d’accès a été annulé',
  AUTH_CANCELLED: 'La connexion a été annulée',
  UNKNOWN_ERROR: 'Une erreur est survenue. Veuillez réessayer.',
  SESSION_REQUIRED: apiErrors.UNAUTHENTICATED.message,
  RESOLVE_USER_REQUIRED: apiErrors.UNAUTHENTICATED.message,
  RESOLVED_USER_INVALID: 'Utilisateur invalide',
  // Sign-in by SMS code (phoneNumber plugin) and a network's own OpenID Connect provider (issue 19).
  INVALID_PHONE_NUMBER: 'Numéro de téléphone invalide',
  PHONE_NUMBER_EXIST: 'Ce numéro est déjà celui d’un autre compte.',
  PHONE_NUMBER_NOT_EXIST: 'Ce numéro n’est associé à aucun compte.',
  INVALID_PHONE_NUMBER_OR_PASSWORD: 'Numéro de téléphone ou mot de passe incorrect',
  UNEXPECTED_ERROR: 'Une erreur est survenue. Veuillez réessayer.',
  OTP_NOT_FOUND: 'Aucun code en cours pour ce numéro. Demandez un nouveau code.',
  PHONE_NUMBER_NOT_VERIFIED: 'Ce numéro n’est pas encore vérifié.',
  PHONE_NUMBER_CANNOT_BE_UPDATED: 'Le numéro se change par un code reçu par SMS.',
  SEND_OTP_NOT_IMPLEMENTED: 'La connexion par SMS n’est pas disponible.',
  INVALID_OAUTH_CONFIGURATION: 'Ce mode de connexion n’est pas disponible.',
  TOKEN_URL_NOT_FOUND: 'Ce mode de connexion n’est pas disponible.',
};

export const authStatusMessages: Record<number, string> = {
  400: apiErrors.BAD_REQUEST.message,
  401: apiErrors.UNAUTHENTICATED.message,
  403: apiErrors.FORBIDDEN.message,
  404: apiErrors.NOT_FOUND.message,
  415: apiErrors.UNSUPPORTED_MEDIA_TYPE.message,
  429: apiErrors.RATE_LIMITED.message,
};

export function frenchAuthMessage(code: string | undefined, status: number, original?: string): string {
  if (code && authErrorMessages[code]) return authErrorMessages[code];
  // Our own hooks already speak French, with codes of their own: keep their message.
  if (original && /[éèàêç]|Veuillez|Trop de|doit contenir/.test(original)) return original;
  return authStatusMessages[status] ?? 'Une erreur est survenue. Veuillez réessayer.';
}

/** Better Auth's codes that name a refusal our catalogue has too. */
const CATALOGUE_TWINS: Record<string, ApiErrorCode> = {
  INVALID_ORIGIN: 'INVALID_ORIGIN',
  MISSING_OR_NULL_ORIGIN: 'INVALID_ORIGIN',
  SESSION_EXPIRED: 'SESSION_EXPIRED',
};

const CODES_BY_STATUS: Partial<Record<number, ApiErrorCode>> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/**
 * The catalogue's code for a refusal of Better Auth (or of our hooks inside it). Its own codes
 * (INVALID_EMAIL_OR_PASSWORD, OTP_EXPIRED, ...) are a library's words, not our API's: they choose
 * the French message above, and the answer carries the catalogue's code of its HTTP status,
 * AUTH_ERROR when the catalogue has none (400, or 422 for an existing account). The status itself
 * stays Better Auth's.
 */
export function authErrorCode(code: string | undefined, status: number): ApiErrorCode {
  if (code && Object.hasOwn(CATALOGUE_TWINS, code)) return CATALOGUE_TWINS[code] as ApiErrorCode;
  return CODES_BY_STATUS[status] ?? 'AUTH_ERROR';
}
