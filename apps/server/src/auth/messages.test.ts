import { apiErrors, isApiErrorCode } from '@synergie/shared';
import { frenchStrings, typographyProblems } from '@synergie/shared/typography';
import { describe, expect, it } from 'vitest';
import { authErrorCode, authErrorMessages, authStatusMessages, frenchAuthMessage } from './messages';

describe("Better Auth's refusals", () => {
  it.each([
    ['INVALID_EMAIL_OR_PASSWORD', 401, 'UNAUTHENTICATED'],
    ['TOTP_CODE_REUSED', 401, 'UNAUTHENTICATED'],
    ['EMAIL_NOT_VERIFIED', 403, 'FORBIDDEN'],
    ['INVALID_ORIGIN', 403, 'INVALID_ORIGIN'],
    ['MISSING_OR_NULL_ORIGIN', 403, 'INVALID_ORIGIN'],
    ['SESSION_EXPIRED', 401, 'SESSION_EXPIRED'],
    ['ACCOUNT_RATE_LIMITED', 429, 'RATE_LIMITED'],
    [undefined, 429, 'RATE_LIMITED'],
    [undefined, 404, 'NOT_FOUND'],
    ['PASSWORD_TOO_SHORT', 400, 'AUTH_ERROR'],
    ['USER_ALREADY_EXISTS', 422, 'AUTH_ERROR'],
    ['constructor', 400, 'AUTH_ERROR'],
  ] as const)('%s (%i) leaves with the catalogue code %s', (code, status, expected) => {
    const answered = authErrorCode(code, status);
    expect(answered).toBe(expected);
    expect(isApiErrorCode(answered)).toBe(true);
  });

  it('keep the French message of their own code', () => {
    expect(frenchAuthMessage('INVALID_EMAIL_OR_PASSWORD', 401)).toBe('Email ou mot de passe incorrect');
    expect(frenchAuthMessage('INVALID_ORIGIN', 403)).toBe(apiErrors.INVALID_ORIGIN.message);
    expect(frenchAuthMessage(undefined, 404)).toBe(apiErrors.NOT_FOUND.message);
  });
});

describe('the French of the sign-in refusals', () => {
  it('follows the typography rule (packages/shared/src/typography.ts)', () => {
    const problems = frenchStrings({ authErrorMessages, authStatusMessages }).flatMap(([path, text]) =>
      typographyProblems(text).map((problem) => `${path}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });
});
