import { describe, expect, it } from 'vitest';
import { oauthErrorMessage } from './sign-in-methods';
import { phoneCodeRequestSchema, toE164 } from './sign-in-phone';

describe('phone numbers for sign-in', () => {
  it('stores French numbers typed any way in E.164', () => {
    expect(toE164('06 12 34 56 78')).toBe('+33612345678');
    expect(toE164('0612345678')).toBe('+33612345678');
    expect(toE164('06.12.34.56.78')).toBe('+33612345678');
    expect(toE164('+33 6 12 34 56 78')).toBe('+33612345678');
    expect(toE164('+32 470 12 34 56')).toBe('+32470123456');
  });

  it('refuses what is not a phone number', () => {
    for (const value of ['', '12', '06 12 34', 'bonjour', '+33 6 12 34 56 78 90 12', '0'.repeat(31)]) {
      expect(toE164(value), value).toBeNull();
    }
    const parsed = phoneCodeRequestSchema.safeParse({ phoneNumber: '06 12' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Numéro de téléphone invalide');
    expect(phoneCodeRequestSchema.parse({ phoneNumber: ' 06 12 34 56 78 ' })).toEqual({ phoneNumber: '+33612345678' });
  });

  it('says callback errors in French, never the raw code', () => {
    expect(oauthErrorMessage('email_not_verified')).toMatch(/n’a pas confirmé votre email/);
    expect(oauthErrorMessage('whatever_else')).toBe(
      'La connexion avec ce fournisseur a échoué. Réessayez ou choisissez un autre moyen.',
    );
  });
});
