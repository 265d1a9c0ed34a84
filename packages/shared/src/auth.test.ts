import { describe, expect, it } from 'vitest';
import {
  otpVerifySchema,
  passwordRules,
  resetRequestSchema,
  signInSchema,
  signUpSchema,
  totpCodeSchema,
  updatePasswordSchema,
} from './auth';
import { passwordSchema } from './fields';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('passwordRules', () => {
  it.each(['', 'court1A', 'sansmajuscule1', 'SansChiffre', 'Motdepasse1', 'ABCDEFGH1', 'aB3'])(
    'agree with passwordSchema on %j',
    (password) => {
      const allPass = passwordRules.every((rule) => rule.test(password));
      expect(allPass).toBe(passwordSchema.safeParse(password).success);
    },
  );
});

describe('signUpSchema', () => {
  it('checks the name, the email and the password rules', () => {
    const result = signUpSchema.safeParse({ fullName: ' J ', email: 'x', password: 'court' });
    // The form shows the first message of each field.
    const firstByField = new Map<unknown, string>();
    for (const issue of result.error?.issues ?? []) {
      if (!firstByField.has(issue.path[0])) firstByField.set(issue.path[0], issue.message);
    }
    expect(Object.fromEntries(firstByField)).toEqual({
      fullName: 'Le nom doit contenir au moins 2 caractères',
      email: 'Email invalide',
      password: 'Le mot de passe doit contenir au moins 8 caractères',
    });
    expect(
      signUpSchema.parse({ fullName: ' Marie Dupuis ', email: ' marie@exemple.fr ', password: 'Motdepasse1' }),
    ).toEqual({ fullName: 'Marie Dupuis', email: 'marie@exemple.fr', password: 'Motdepasse1' });
  });
});

describe('signInSchema', () => {
  it('asks for a password without applying the rules', () => {
    expect(firstMessage(signInSchema.safeParse({ email: 'a@b.fr', password: '' }))).toBe(
      'Veuillez saisir votre mot de passe',
    );
    expect(signInSchema.safeParse({ email: 'a@b.fr', password: 'ancien' }).success).toBe(true);
  });
});

describe('resetRequestSchema', () => {
  it('trims, validates and caps at 255 characters', () => {
    expect(resetRequestSchema.parse({ email: '  a@b.fr ' }).email).toBe('a@b.fr');
    expect(firstMessage(resetRequestSchema.safeParse({ email: 'pas-un-email' }))).toBe('Email invalide');
    expect(resetRequestSchema.safeParse({ email: `${'a'.repeat(250)}@ex.fr` }).success).toBe(false);
  });
});

describe('updatePasswordSchema', () => {
  it('reports a mismatch on the confirmation field', () => {
    const result = updatePasswordSchema.safeParse({ password: 'Motdepasse1', confirmPassword: 'Motdepasse2' });
    expect(result.error?.issues).toMatchObject([
      { message: 'Les mots de passe ne correspondent pas', path: ['confirmPassword'] },
    ]);
  });

  it('applies the password rules first', () => {
    expect(firstMessage(updatePasswordSchema.safeParse({ password: 'motdepasse1', confirmPassword: '' }))).toBe(
      'Le mot de passe doit contenir au moins une majuscule',
    );
  });
});

describe('six-digit codes', () => {
  it('drop spaces and need exactly 6 digits', () => {
    expect(otpVerifySchema.parse({ code: ' 123 456 ' }).code).toBe('123456');
    expect(firstMessage(totpCodeSchema.safeParse({ code: '12345' }))).toBe('Le code doit contenir 6 chiffres');
    expect(firstMessage(totpCodeSchema.safeParse({ code: '12345a' }))).toBe('Le code doit contenir 6 chiffres');
  });
});
