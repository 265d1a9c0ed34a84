import { describe, expect, it } from 'vitest';
import { emailSchema, passwordSchema } from './fields';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('passwordSchema (spec section 5)', () => {
  it.each([
    ['court1A', 'Le mot de passe doit contenir au moins 8 caractères'],
    ['sansmajuscule1', 'Le mot de passe doit contenir au moins une majuscule'],
    ['SansChiffre', 'Le mot de passe doit contenir au moins un chiffre'],
  ])('refuses %s with "%s"', (password, message) => {
    expect(firstMessage(passwordSchema.safeParse(password))).toBe(message);
  });

  it('accepts a password that follows the rules', () => {
    expect(passwordSchema.safeParse('Motdepasse1').success).toBe(true);
  });
});

describe('emailSchema', () => {
  it('trims and validates', () => {
    expect(emailSchema.parse('  jean@exemple.fr ')).toBe('jean@exemple.fr');
    expect(firstMessage(emailSchema.safeParse('jean@'))).toBe('Email invalide');
    expect(firstMessage(emailSchema.safeParse(42))).toBe('Email invalide');
  });

  it('refuses more than 255 characters', () => {
    expect(emailSchema.safeParse(`${'a'.repeat(249)}@ex.fr`).success).toBe(true);
    expect(emailSchema.safeParse(`${'a'.repeat(250)}@ex.fr`).success).toBe(false);
  });
});
