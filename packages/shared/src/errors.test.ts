import { describe, expect, it } from 'vitest';
import { apiErrors, clientErrors, isApiErrorCode } from './errors';

const entries = Object.entries(apiErrors);
const messages: [string, string][] = [
  ...entries.map(([code, { message }]): [string, string] => [code, message]),
  ...Object.entries(clientErrors).map(([code, { message }]): [string, string] => [code, message]),
];

describe('the error catalogue', () => {
  it.each(entries)('%s answers a 4xx or 5xx status', (_code, { status }) => {
    expect(Number.isInteger(status)).toBe(true);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(600);
  });

  it.each(messages)('%s has a French message, written with French typography', (_code, message) => {
    expect(message.trim()).toBe(message);
    expect(message.length).toBeGreaterThan(5);
    // A message for people, not a code: it starts with a capital and has lower-case words.
    expect(message).toMatch(/^[A-ZÀ-Ÿ]/);
    expect(message).toMatch(/[a-zà-ÿ]{3,} [a-zà-ÿ]{2,}/);
    // A narrow no-break space (U+202F) before : ; ! ?, never a plain one nor none at all.
    expect(message).not.toMatch(/ [:;!?]/);
    expect(message).not.toMatch(/[^\s\u202f\u00a0(][;!?]/);
    expect(message).not.toMatch(/[^\s\u202f\u00a0/][:](?!\/\/)/);
    // Neither straight double quotes nor English ellipses: « » and … are French.
    expect(message).not.toMatch(/"|\.\.\./);
  });

  it('has no message twice under two codes, so a message tells its code', () => {
    const seen = new Map<string, string>();
    for (const [code, { message }] of entries) {
      expect(seen.get(message), `${code} repeats ${seen.get(message)}`).toBeUndefined();
      seen.set(message, code);
    }
  });

  it('knows its codes, and only them', () => {
    expect(isApiErrorCode('SUBSCRIPTION_REQUIRED')).toBe(true);
    expect(isApiErrorCode('NOT_FOUND')).toBe(true);
    expect(isApiErrorCode('INVALID_EMAIL_OR_PASSWORD')).toBe(false);
    expect(isApiErrorCode('toString')).toBe(false);
    expect(isApiErrorCode('__proto__')).toBe(false);
    expect(isApiErrorCode(undefined)).toBe(false);
  });

  it("says the spec's words for the refusals every page shares (spec section 8)", () => {
    expect(apiErrors.UNAUTHENTICATED).toEqual({
      status: 401,
      message: 'Vous devez être connecté pour accéder à cette page',
    });
    expect(apiErrors.FORBIDDEN).toEqual({ status: 403, message: 'Accès non autorisé' });
    expect(apiErrors.SUBSCRIPTION_REQUIRED).toEqual({
      status: 403,
      message: 'Vous devez avoir un abonnement actif pour accéder à cette page',
    });
    expect(apiErrors.SESSION_EXPIRED.message).toBe('Votre session a expiré');
    expect(apiErrors.ALREADY_APPLIED).toEqual({ status: 409, message: 'Vous avez déjà postulé à cette offre' });
    expect(apiErrors.USER_NOT_FOUND.message).toBe('Utilisateur non trouvé');
    expect(apiErrors.ALREADY_ADMIN.message).toBe('Cet utilisateur est déjà admin');
  });
});
