import './zod-locale';
import { z } from 'zod';

/**
 * Sign-in methods beyond email and password (issue 19, spec section 7): social and SSO providers
 * and one-time codes by SMS, each offered only when the server is configured for it.
 */

/** The social and SSO providers the server can offer; `oidc` is a network's own provider. */
export const socialProviderIds = ['google', 'linkedin', 'oidc'] as const;
export type SocialProviderId = (typeof socialProviderIds)[number];

/** GET /api/auth-methods: what /auth shows besides email and password. */
export const authMethodsSchema = z.object({
  providers: z.array(z.object({ id: z.enum(socialProviderIds), name: z.string() })),
  phone: z.boolean(),
});
export type AuthMethods = z.infer<typeof authMethodsSchema>;

/** GET /api/sign-in/:provider: a provider this server knows (400 otherwise). */
export const signInProviderParamsSchema = z.object({ provider: z.enum(socialProviderIds) });

export const signInMethodMessages = {
  continueWith: (name: string) => `Se connecter avec ${name}`,
  phoneInvalid: 'Numéro de téléphone invalide',
  phoneRequired: 'Veuillez saisir votre numéro de téléphone',
  phoneTooLong: 'Le numéro de téléphone ne peut pas dépasser 30 caractères',
  smsSendFailed: 'L’envoi du SMS a échoué. Réessayez dans quelques instants.',
  smsTimeout: 'Le service d’envoi de SMS n’a pas répondu à temps. Réessayez dans quelques instants.',
  codeSent: (phone: string) => `Si ce numéro est celui d’un compte, un code vient d’y être envoyé (${phone}).`,
  codeSentToNewNumber: (phone: string) => `Un code vient d’être envoyé au ${phone}.`,
} as const;

/**
 * What /auth says when a social or SSO sign-in comes back with `?error=CODE` (Better Auth's
 * callback codes, and ours from the user checks in auth/auth.ts).
 */
export const oauthErrorMessages: Record<string, string> = {
  account_not_linked:
    'Un compte existe déjà avec cet email, mais il ne peut pas être associé automatiquement\u00a0: connectez-vous avec votre mot de passe ou un code reçu par email, après avoir vérifié votre adresse.',
  unable_to_link_account:
    'Votre compte est protégé par la double authentification\u00a0: connectez-vous avec votre mot de passe ou un code reçu par email, puis votre second facteur.',
  email_not_verified:
    'Votre fournisseur de connexion n’a pas confirmé votre email\u00a0: nous ne pouvons pas créer votre compte avec lui.',
  email_not_found: 'Votre fournisseur de connexion n’a pas transmis votre email.',
  signup_disabled: 'Aucun compte n’est associé à cette connexion.',
  access_denied: 'La connexion a été annulée.',
  state_mismatch: 'La connexion a expiré. Réessayez.',
  state_not_found: 'La connexion a expiré. Réessayez.',
  please_restart_the_process: 'La connexion a expiré. Réessayez.',
};

/** The French message for an `?error=` of the sign-in callback, never the raw code. */
export function oauthErrorMessage(code: string): string {
  return (
    oauthErrorMessages[code] ?? 'La connexion avec ce fournisseur a échoué. Réessayez ou choisissez un autre moyen.'
  );
}
