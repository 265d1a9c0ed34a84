import type { GenericEndpointContext } from '@better-auth/core';
import type { AuthMethods } from '@synergie/shared';
import { APIError, getSessionFromCtx } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { user } from '../db/schema';
import type { Env } from '../env';
import { SmsError, type SmsSender, signInCodeSms } from './sms';

/**
 * Sign-in methods besides email, password, emailed codes and passkeys (issue 19, spec section 7,
 * docs/decisions/0009-sign-in-methods.md): Google, LinkedIn, a network's own OpenID Connect
 * provider, and one-time codes by SMS. Each exists only when its settings are given (env.ts).
 */

/** The id of the OpenID Connect provider: its callback is /api/auth/callback/oidc. */
export const OIDC_PROVIDER_ID = 'oidc';

/** Better Auth's socialProviders for what is configured. */
export function socialProviders(env: Env) {
  return {
    ...(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? {
          google: {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            prompt: 'select_account' as const,
          },
        }
      : {}),
    ...(env.LINKEDIN_CLIENT_ID && env.LINKEDIN_CLIENT_SECRET
      ? { linkedin: { clientId: env.LINKEDIN_CLIENT_ID, clientSecret: env.LINKEDIN_CLIENT_SECRET } }
      : {}),
  };
}

type Claims = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** A member's name from the provider's claims: `name`, else given and family names, else the email's start. */
export function nameFromClaims(claims: Claims): string {
  const name =
    text(claims.name) ||
    [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ') ||
    text(claims.preferred_username) ||
    text(claims.email).split('@')[0] ||
    '';
  return name.slice(0, 100);
}

/** The generic OAuth plugin's configuration for the OpenID Connect provider, when configured. */
export function oidcProviders(env: Env) {
  if (!env.OIDC_DISCOVERY_URL || !env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET) return [];
  return [
    {
      providerId: OIDC_PROVIDER_ID,
      name: env.OIDC_NAME,
      discoveryUrl: env.OIDC_DISCOVERY_URL,
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
      scopes: ['openid', 'email', 'profile'],
      pkce: true,
      // Without discovery's issuer and keys, the ID token could not be verified: no provider then.
      requireIdTokenVerification: true,
      mapProfileToUser: (profile: Claims) => ({
        name: nameFromClaims(profile),
        emailVerified: profile.email_verified === true || profile.email_verified === 'true',
      }),
    },
  ];
}

/** What /auth offers besides email and password (GET /api/auth-methods). */
export function configuredMethods(env: Env, phone: boolean): AuthMethods {
  const providers: AuthMethods['providers'] = [];
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) providers.push({ id: 'google', name: 'Google' });
  if (env.LINKEDIN_CLIENT_ID && env.LINKEDIN_CLIENT_SECRET) providers.push({ id: 'linkedin', name: 'LinkedIn' });
  if (oidcProviders(env).length > 0) providers.push({ id: 'oidc', name: env.OIDC_NAME });
  return { providers, phone };
}

/**
 * Better Auth's `user.validateUserInfo`: an account is created from a provider only when the
 * provider confirms the address (`email_verified`). Otherwise anyone could open an account under
 * someone else's email at a provider that does not check it, and keep the real owner out. The
 * callback then sends the browser to /auth?error=email_not_verified.
 */
export function validateProviderUser({
  user: info,
  source,
}: {
  user: { emailVerified?: unknown };
  source: { action: string; method: string };
}) {
  if (source.method === 'oauth' && source.action === 'create-user' && info.emailVerified !== true) {
    return { error: 'email_not_verified', errorDescription: 'email not verified by the provider' };
  }
  return undefined;
}

/**
 * The phoneNumber plugin's `sendOTP`. A visitor asking for a code gets one only for a number a
 * member added (same answer either way: no list of members' numbers, no SMS paid for strangers);
 * a signed-in member adding a number gets it at that number.
 */
export function phoneCodeSender(db: Db, env: Env, sender: SmsSender) {
  return async ({ phoneNumber, code }: { phoneNumber: string; code: string }, ctx?: GenericEndpointContext) => {
    const session = ctx ? await getSessionFromCtx(ctx) : null;
    if (!session) {
      const [owner] = await db.select({ id: user.id }).from(user).where(eq(user.phoneNumber, phoneNumber)).limit(1);
      if (!owner) return;
    }
    try {
      await sender.send({ to: phoneNumber, text: signInCodeSms(env.SITE_NAME, code) });
    } catch (error) {
      if (error instanceof SmsError) {
        ctx?.context.logger.error(`SMS not sent: ${error.detail ?? error.message}`);
        throw new APIError('UNPROCESSABLE_ENTITY', { message: error.message, code: 'SMS_SEND_FAILED' });
      }
      throw error;
    }
  };
}
