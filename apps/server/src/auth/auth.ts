import { passkey } from '@better-auth/passkey';
import { passwordSchema } from '@synergie/shared';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { bearer, emailOTP, jwt, twoFactor } from 'better-auth/plugins';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import type { Env } from '../env';
import { enqueueMail } from '../mail/outbox';
import { type MailContext, resetPasswordMail, signInCodeMail, verifyEmailMail } from '../mail/templates';
import { hitRateLimit } from './account-rate-limit';
import { onUserCreated } from './user-created';

/** The header our Fastify wrapper sets from request.ip, the only address Better Auth trusts. */
export const CLIENT_IP_HEADER = 'x-synergie-client-ip';

/** Per-account limits (per email), on top of the per-IP ones: [max, window in seconds]. */
const ACCOUNT_LIMITS: Record<string, [number, number]> = {
  '/sign-in/email': [10, 15 * 60],
  '/sign-up/email': [3, 60 * 60],
  '/request-password-reset': [3, 60 * 60],
  '/email-otp/send-verification-otp': [5, 15 * 60],
  '/sign-in/email-otp': [10, 15 * 60],
};

export interface AuthDeps {
  env: Env;
  db: Db;
  secret: string;
  mailContext: MailContext;
  wakeMailer: () => void;
}

export function createAuth({ env, db, secret, mailContext, wakeMailer }: AuthDeps) {
  const site = new URL(env.SITE_URL);
  const send = async (mail: Parameters<typeof enqueueMail>[1]) => {
    await enqueueMail(db, mail);
    wakeMailer();
  };

  return betterAuth({
    appName: env.SITE_NAME,
    baseURL: env.SITE_URL,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [env.SITE_URL],
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => send(resetPasswordMail(mailContext, user.email, url)),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => send(verifyEmailMail(mailContext, user.email, url)),
    },
    session: {
      expiresIn: 30 * 24 * 60 * 60,
      // Renewed once a day while the member is active.
      updateAge: 24 * 60 * 60,
      // No cookie cache: a revoked session must stop working at once.
      cookieCache: { enabled: false },
    },
    rateLimit: {
      enabled: env.AUTH_RATE_LIMIT,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 5 },
        '/request-password-reset': { window: 60, max: 5 },
        '/email-otp/send-verification-otp': { window: 60, max: 5 },
        '/sign-in/email-otp': { window: 60, max: 10 },
        '/two-factor/verify-totp': { window: 60, max: 10 },
        '/two-factor/verify-backup-code': { window: 60, max: 10 },
      },
    },
    advanced: {
      cookiePrefix: 'synergie',
      useSecureCookies: env.NODE_ENV === 'production',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    user: { deleteUser: { enabled: false } },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await onUserCreated(db, env, { id: user.id, name: user.name, email: user.email });
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        // The spec's password rules, from the same schema as the browser's forms.
        const newPassword =
          ctx.path === '/sign-up/email'
            ? body.password
            : ctx.path === '/reset-password' || ctx.path === '/change-password'
              ? body.newPassword
              : undefined;
        if (newPassword !== undefined) {
          const checked = passwordSchema.safeParse(newPassword);
          if (!checked.success) {
            throw new APIError('BAD_REQUEST', { message: checked.error.issues[0]?.message, code: 'WEAK_PASSWORD' });
          }
        }
        if (ctx.path === '/sign-up/email') {
          const name = typeof body.name === 'string' ? body.name.trim() : '';
          if (name.length < 2 || name.length > 100) {
            throw new APIError('BAD_REQUEST', {
              message: 'Le nom doit contenir au moins 2 caractères',
              code: 'INVALID_NAME',
            });
          }
        }
        const limit = ACCOUNT_LIMITS[ctx.path];
        const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
        if (limit && email && (env.AUTH_RATE_LIMIT)) {
          if (await hitRateLimit(db, `account:${ctx.path}:${email}`, limit[0], limit[1])) {
            throw new APIError('TOO_MANY_REQUESTS', {
              message: 'Trop de tentatives pour ce compte. Veuillez patienter avant de réessayer.',
              code: 'ACCOUNT_RATE_LIMITED',
            });
          }
        }
      }),
    },
    plugins: [
      twoFactor({ issuer: env.SITE_NAME }),
      emailOTP({
        otpLength: 6,
        expiresIn: 5 * 60,
        allowedAttempts: 5,
        sendVerificationOTP: async ({ email, otp }) => send(signInCodeMail(mailContext, email, otp)),
      }),
      passkey({ rpID: site.hostname, rpName: env.SITE_NAME, origin: site.origin }),
      bearer(),
      jwt({ jwks: { keyPairConfig: { alg: 'EdDSA', crv: 'Ed25519' } } }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
