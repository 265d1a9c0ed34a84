import './zod-locale';
import { z } from 'zod';
import { boundedText, emailSchema, fullNameSchema, passwordSchema } from './fields';

/**
 * The password rules of spec section 5, as a checklist the forms show under the field while the
 * member types. `passwordSchema` enforces the same rules (a unit test keeps the two in step).
 */
export const passwordRules = [
  { id: 'length', label: 'Au moins 8 caractères', test: (value: string) => value.length >= 8 },
  { id: 'uppercase', label: 'Au moins une majuscule', test: (value: string) => /[A-Z]/.test(value) },
  { id: 'digit', label: 'Au moins un chiffre', test: (value: string) => /[0-9]/.test(value) },
] as const;

/**
 * Sign-in checks only that a password was typed: the rules apply when a password is chosen, and
 * the server answers wrong credentials in French.
 */
const currentPasswordSchema = z
  .string({ error: 'Veuillez saisir votre mot de passe' })
  .min(1, { error: 'Veuillez saisir votre mot de passe' });

export const signInSchema = z.object({ email: emailSchema, password: currentPasswordSchema });
export type SignInInput = z.input<typeof signInSchema>;

export const signUpSchema = z.object({ fullName: fullNameSchema, email: emailSchema, password: passwordSchema });
export type SignUpInput = z.input<typeof signUpSchema>;

/** Spec section 5: reset email trimmed, valid ('Email invalide'), at most 255 characters. */
export const resetRequestSchema = z.object({ email: emailSchema });
export type ResetRequestInput = z.input<typeof resetRequestSchema>;

export const updatePasswordSchema = z
  .object({
    password: passwordSchema,
    confirmPassword: z.string({ error: 'Veuillez confirmer le mot de passe' }),
  })
  .refine((values) => values.password === values.confirmPassword, {
    error: 'Les mots de passe ne correspondent pas',
    path: ['confirmPassword'],
  });
export type UpdatePasswordInput = z.input<typeof updatePasswordSchema>;

/**
 * A 6-digit code (emailed sign-in code, authenticator app). Spaces are dropped: apps show codes
 * as '123 456' and mail clients copy them with spaces.
 */
export const sixDigitCodeSchema = z
  .string({ error: 'Le code doit contenir 6 chiffres' })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: 'Le code doit contenir 6 chiffres' }));

/** Sign-in by a one-time code sent by email: first the address, then the code. */
export const otpRequestSchema = z.object({ email: emailSchema });
export type OtpRequestInput = z.input<typeof otpRequestSchema>;

export const otpVerifySchema = z.object({ code: sixDigitCodeSchema });
export type OtpVerifyInput = z.input<typeof otpVerifySchema>;

/** The code of the authenticator app, at sign-in and to finish enrolment. */
export const totpCodeSchema = z.object({ code: sixDigitCodeSchema });
export type TotpCodeInput = z.input<typeof totpCodeSchema>;

/** One of the 10 backup codes given at enrolment (letters, digits and a dash). */
export const backupCodeSchema = z.object({
  code: z
    .string({ error: 'Veuillez saisir un code de secours' })
    .trim()
    .min(1, { error: 'Veuillez saisir un code de secours' })
    .max(64, { error: 'Code de secours invalide' }),
});
export type BackupCodeInput = z.input<typeof backupCodeSchema>;

/** Enabling or disabling two-factor authentication asks the current password again. */
export const confirmPasswordSchema = z.object({ password: currentPasswordSchema });
export type ConfirmPasswordInput = z.input<typeof confirmPasswordSchema>;

export const passkeyNameSchema = z.object({
  name: boundedText(1, 50, 'Le nom', { required: 'Veuillez nommer la clé d’accès' }),
});
export type PasskeyNameInput = z.input<typeof passkeyNameSchema>;

/** Every text the account pages show as a toast or a notice, spec wording kept word for word. */
export const authMessages = {
  /**
   * What a sign-up answers, whether the address is new (the verification mail) or already has an
   * account (`Vous avez déjà un compte`): the same words, so that nobody learns who is a member
   * (issue 33).
   */
  signUpRequested:
    'Consultez votre boîte de réception\u00a0: un email vous y attend pour continuer. Pensez à regarder dans les indésirables.',
  signInSuccess: 'Connexion réussie\u202f!',
  signOutSuccess: 'Vous êtes déconnecté',
  resetSent: 'Email de réinitialisation envoyé',
  resetSentDetail:
    'Si un compte existe pour cette adresse, vous recevrez un lien pour choisir un nouveau mot de passe. Il est valable une heure.',
  passwordUpdated: 'Mot de passe mis à jour avec succès\u202f!',
  invalidResetLink: 'Ce lien est invalide ou a expiré. Demandez-en un nouveau.',
  codeSent: (email: string) => `Un code de connexion a été envoyé à ${email}. Il est valable 5 minutes.`,
  twoFactorEnabled: 'Authentification à deux facteurs activée',
  twoFactorDisabled: 'Authentification à deux facteurs désactivée',
  passkeyAdded: 'Clé d’accès ajoutée',
  passkeyDeleted: 'Clé d’accès supprimée',
  sessionRevoked: 'Appareil déconnecté',
  otherSessionsRevoked: 'Vos autres appareils ont été déconnectés',
  allSessionsRevoked: 'Vous avez été déconnecté de tous vos appareils',
  backupCodesCopied: 'Codes de secours copiés',
  genericError: 'Une erreur est survenue. Veuillez réessayer.',
} as const;
