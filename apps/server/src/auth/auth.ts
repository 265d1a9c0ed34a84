import { passkey } from '@better-auth/passkey';
import {
  AUTH_BASE_PATH,
  authMessages,
  emailSchema,
  fullNameSchema,
  pageFormPaths,
  passwordSchema,
  REFERRAL_COOKIE,
  rateLimitedMessage,
  signInMethodMessages,
  toE164,
} from '@synergie/shared';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { bearer, emailOTP, genericOAuth, jwt, phoneNumber, twoFactor } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import type { Env } from '../env';
import { alreadyRegisteredMail, resetPasswordMail, signInCodeMail, verifyEmailMail } from '../mail/auth-mails';
import type { MailContext } from '../mail/components';
import { enqueueMail } from '../mail/outbox';
import { claimSignInAttempt, clearSignInFailures, hitRateLimit } from './account-rate-limit';
import { oidcProviders, phoneCodeSender, socialProviders, validateProviderUser } from './sign-in-methods';
import type { SmsSender } from './sms';
import { isTotpCodeUsed, markTotpCodeUsed } from './totp-replay';

/** The header our Fastify wrapper sets from request.ip, the only address Better Auth trusts. */
export const CLIENT_IP_HEADER = 'x-synergie-client-ip';

/**
 * Per-account limits (per email or phone), on top of the per-IP ones: [max, window in seconds].
 * Wrong passwords are not here: they are counted per (account, address) with growing delays
 * (`claimSignInAttempt`), so that nobody can lock a member out from elsewhere (issue 33).
 */
const ACCOUNT_LIMITS: Record<string, [number, number]> = {
  '/send-verification-email': [3, 60 * 60],
  '/sign-up/email': [3, 60 * 60],
  '/request-password-reset': [3, 60 * 60],
  '/email-otp/send-verification-otp': [5, 15 * 60],
  '/sign-in/email-otp': [10, 15 * 60],
  // Per phone number (sign-in by SMS code, issue 19).
  '/phone-number/send-otp': [5, 15 * 60],
  '/phone-number/verify': [10, 15 * 60],
};

/**
 * Limits of ACCOUNT_LIMITS counted per (account, address): a stranger's wrong codes from another
 * address do not use up the owner's attempts (issue 33). Sending codes stays per account, so
 * that no one fills a member's mailbox from many addresses.
 */
const PER_ADDRESS_PATHS = new Set(['/sign-in/email-otp', '/phone-number/verify']);

/** Endpoints whose body carries a phone number: normalised to E.164 before Better Auth reads it. */
const PHONE_PATHS = new Set(['/phone-number/send-otp', '/phone-number/verify']);

/** Endpoints whose body carries an email we check with the spec's rules (valid, at most 255). */
const EMAIL_PATHS = new Set([
  '/sign-up/email',
  '/request-password-reset',
  '/send-verification-email',
  '/email-otp/send-verification-otp',
]);

/**
 * Better Auth endpoints we do not offer. The password is reset by the mailed link only
 * (docs/product/decisions.md), and the address is verified by the link only: the emailOTP plugin's reset and
 * verification by code would be a second, differently guarded way in (its verification by code
 * even signs in), and its mails would read as sign-in codes.
 */
const DISABLED_PATHS = [
  '/email-otp/verify-email',
  '/email-otp/request-password-reset',
  '/forget-password/email-otp',
  '/email-otp/reset-password',
  // The phoneNumber plugin signs in by code only: no password by phone, no reset by SMS.
  '/sign-in/phone-number',
  '/phone-number/request-password-reset',
  '/phone-number/reset-password',
];

/** The counter of wrong passwords of one account from one address. */
const signInKey = (email: string, address: string) => `sign-in:${email}:${address}`;

/** What a reset request answers, whether or not the address has an account. */
export const RESET_REQUESTED_MESSAGE =
  'Si un compte existe avec cet email, vous recevrez un lien pour réinitialiser votre mot de passe.';

/**
 * The twoFactor plugin challenges a member with two-factor authentication only after a password
 * sign-in: without this, a one-time email code would sign a TOTP-protected member in with one factor.
 * Its own after-hook (same checks, cookie and answer `{ twoFactorRedirect: true }`) runs for the
 * email-code sign-in too.
 */
function twoFactorOnEverySignIn(plugin: ReturnType<typeof twoFactor>) {
  plugin.hooks.after = plugin.hooks.after.map((hook) => ({
    ...hook,
    matcher: (context) =>
      hook.matcher(context) || context.path === '/sign-in/email-otp' || context.path === '/phone-number/verify',
  }));
  return plugin;
}

/**
 * A sign-up on a known address does less work than one that creates an account (no user, profile,
 * verification token): its answer waits until about as long as this instance's recent account
 * creations took (a moving average, ±10 %), so that its timing does not tell either (issue 33).
 * Both cases hash the password and make the same lookup; a call without a request (the demo
 * seed) is not timed.
 */
function signUpTimer(db: Db) {
  const startedAt = new WeakMap<Request, number>();
  let creationMs = 0;
  return {
    start(request: Request | undefined) {
      if (request) startedAt.set(request, performance.now());
    },
    async finish(request: Request | undefined, userId: string | undefined) {
      const started = request ? startedAt.get(request) : undefined;
      if (started === undefined) return;
      const [created] = userId
        ? await db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.id, userId))
        : [];
      const elapsed = performance.now() - started;
      if (created) {
        creationMs = creationMs === 0 ? elapsed : 0.8 * creationMs + 0.2 * elapsed;
        return;
      }
      const wait = creationMs * (0.9 + Math.random() * 0.2) - elapsed;
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    },
  };
}

const AUTH_LOG_LEVELS = {
  fatal: 'error',
  error: 'error',
  warn: 'warn',
  info: 'info',
  debug: 'debug',
  trace: 'debug',
  silent: 'error',
} as const satisfies Record<Env['LOG_LEVEL'], 'error' | 'warn' | 'info' | 'debug'>;

/** What the product does around accounts (domain/new-accounts.ts), given by app.ts. */
export interface AccountHooks {
  /** A new account's own rows (profile, referral code, admin role). */
  created(user: { id: string; name: string; email: string }): Promise<void>;
  /** The sponsor a referral link's code names, recorded once. */
  sponsored(userId: string, code: string): Promise<unknown>;
}

export interface AuthDeps {
  env: Env;
  accounts: AccountHooks;
  db: Db;
  secret: string;
  mailContext: MailContext;
  wakeMailer: () => void;
  /** Sends the SMS sign-in codes; null: no sign-in by phone (auth/sms.ts). */
  smsSender?: SmsSender | null;
}

export function createAuth({ env, db, secret, mailContext, wakeMailer, accounts, smsSender = null }: AuthDeps) {
  const site = new URL(env.SITE_URL);
  const send = async (mail: Parameters<typeof enqueueMail>[1]) => {
    await enqueueMail(db, mail);
    wakeMailer();
  };

  const evenSignUp = signUpTimer(db);

  return betterAuth({
    appName: env.SITE_NAME,
    baseURL: env.SITE_URL,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: [env.SITE_URL],
    disabledPaths: DISABLED_PATHS,
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    // Better Auth logs on its own (refused origins, wrong passwords...): follow LOG_LEVEL.
    logger: { disabled: env.LOG_LEVEL === 'silent', level: AUTH_LOG_LEVELS[env.LOG_LEVEL] },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // A sign-up answers the same for a new address and for one that has an account (issue 33):
      // Better Auth then signs nobody in, hashes the password in both cases (the same work), and
      // calls onExistingUserSignUp instead of answering 422. The verification link signs in.
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) =>
        send(
          alreadyRegisteredMail(mailContext, user.email, {
            signIn: new URL(pageFormPaths.signIn, env.SITE_URL).toString(),
            reset: new URL(pageFormPaths.resetRequest, env.SITE_URL).toString(),
          }),
        ),
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
        // Reading the session is not an attempt: thirty members on a venue's Wi-Fi share one
        // address, and a limited read would sign a whole group out on meeting day (issue 31).
        '/get-session': false,
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 5 },
        '/request-password-reset': { window: 60, max: 5 },
        // `Renvoyer le lien` on `Aujourd'hui` (issue 31): a mail each press.
        '/send-verification-email': { window: 60, max: 3 },
        '/email-otp/send-verification-otp': { window: 60, max: 5 },
        '/sign-in/email-otp': { window: 60, max: 10 },
        '/two-factor/verify-totp': { window: 60, max: 10 },
        '/two-factor/verify-backup-code': { window: 60, max: 10 },
        '/phone-number/send-otp': { window: 60, max: 3 },
        '/phone-number/verify': { window: 60, max: 10 },
      },
    },
    advanced: {
      cookiePrefix: 'synergie',
      useSecureCookies: env.NODE_ENV === 'production',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // Better Auth turns its Origin and CSRF checks off by itself when NODE_ENV is 'test': keep
      // them on everywhere, so the tests prove what production does.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    user: {
      deleteUser: { enabled: false },
      // No account from a provider that did not confirm the address (auth/sign-in-methods.ts).
      validateUserInfo: validateProviderUser,
    },
    // Google, LinkedIn (when configured); a network's own OpenID Connect provider is in plugins.
    socialProviders: socialProviders(env),
    account: {
      accountLinking: {
        enabled: true,
        // A provider account joins an existing member with the same email only when the provider
        // says the address is verified AND the member's own address is verified: no provider is
        // "trusted" to skip the first check (docs/decisions/0009-sign-in-methods.md).
        trustedProviders: [],
        requireLocalEmailVerified: true,
        allowDifferentEmails: false,
      },
    },
    databaseHooks: {
      account: {
        create: {
          // A member protected by two-factor authentication is not joined to a provider account on
          // that provider's word alone: a provider sign-in asks no second factor (ADR 0009), so the
          // link would bypass it. They keep signing in with their password or code and the factor.
          before: async (created) => {
            if (created.providerId === 'credential') return;
            const [owner] = await db
              .select({ twoFactorEnabled: schema.user.twoFactorEnabled })
              .from(schema.user)
              .where(eq(schema.user.id, created.userId));
            if (owner?.twoFactorEnabled) return false;
          },
        },
      },
      user: {
        create: {
          after: async (user, context) => {
            await accounts.created({ id: user.id, name: user.name, email: user.email });
            // The referral link's cookie (/r/{code}) names the new member's sponsor, whether the
            // account comes from the sign-up form or from Google, LinkedIn or the network's provider.
            const path = context?.path ?? '';
            const code =
              path.startsWith('/callback/') || path === '/sign-up/email' ? context?.getCookie(REFERRAL_COOKIE) : null;
            if (code) await accounts.sponsored(user.id, code);
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-up/email') evenSignUp.start(ctx.request);
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
        if (EMAIL_PATHS.has(ctx.path)) {
          // Better Auth accepts any length; the spec (section 5) and the forms stop at 255.
          const checked = emailSchema.safeParse(body.email);
          if (!checked.success) {
            const issue = checked.error.issues[0];
            const code = issue?.code === 'too_big' ? 'EMAIL_TOO_LONG' : 'INVALID_EMAIL';
            throw new APIError('BAD_REQUEST', { message: issue?.message, code });
          }
        }
        if (ctx.path === '/email-otp/send-verification-otp' && body.type !== 'sign-in') {
          // Codes are for signing in only (see DISABLED_PATHS).
          throw new APIError('BAD_REQUEST', {
            message: "Ce type de code n'est pas proposé.",
            code: 'INVALID_OTP_TYPE',
          });
        }
        let phone = '';
        if (PHONE_PATHS.has(ctx.path)) {
          // Stored and compared in E.164, whatever the member typed (`06 12 34 56 78`).
          const e164 = typeof body.phoneNumber === 'string' ? toE164(body.phoneNumber) : null;
          if (!e164) {
            throw new APIError('BAD_REQUEST', {
              message: signInMethodMessages.phoneInvalid,
              code: 'INVALID_PHONE_NUMBER',
            });
          }
          phone = e164;
        }
        if (ctx.path === '/two-factor/verify-totp' && typeof body.code === 'string') {
          // The member is the signed-in one (enrolment) or the one of the pending sign-in.
          const session = await getSessionFromCtx(ctx);
          let userId = session?.user.id;
          if (!userId) {
            const pending = await ctx.getSignedCookie(
              ctx.context.createAuthCookie('two_factor').name,
              ctx.context.secret,
            );
            userId = pending ? (await ctx.context.internalAdapter.findVerificationValue(pending))?.value : undefined;
          }
          if (userId && (await isTotpCodeUsed(db, userId, body.code))) {
            throw new APIError('UNAUTHORIZED', {
              message: 'Ce code a déjà été utilisé. Saisissez le suivant affiché par votre application.',
              code: 'TOTP_CODE_REUSED',
            });
          }
        }
        let name: string | undefined;
        if (ctx.path === '/sign-up/email') {
          // The profile's rules for a name (packages/shared fields.ts): 2 to 100 characters, no line
          // break, tab or control character, which would reach notification titles and mail
          // subjects (issue 33). Stored trimmed, as the profile form stores it.
          const checked = fullNameSchema.safeParse(body.name);
          if (!checked.success) {
            throw new APIError('BAD_REQUEST', { message: checked.error.issues[0]?.message, code: 'INVALID_NAME' });
          }
          name = checked.data;
        }
        const limit = ACCOUNT_LIMITS[ctx.path];
        const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
        const account = email || phone;
        const address = ctx.headers?.get(CLIENT_IP_HEADER) ?? '';
        if (ctx.path === '/sign-in/email' && email && env.AUTH_RATE_LIMIT) {
          const retryAfter = await claimSignInAttempt(db, signInKey(email, address));
          if (retryAfter > 0) {
            throw new APIError(
              'TOO_MANY_REQUESTS',
              { message: rateLimitedMessage(retryAfter), code: 'ACCOUNT_RATE_LIMITED' },
              { 'X-Retry-After': String(retryAfter) },
            );
          }
        }
        if (limit && account && env.AUTH_RATE_LIMIT) {
          const key = PER_ADDRESS_PATHS.has(ctx.path)
            ? `account:${ctx.path}:${account}:${address}`
            : `account:${ctx.path}:${account}`;
          const retryAfter = await hitRateLimit(db, key, limit[0], limit[1]);
          if (retryAfter > 0) {
            // Said like Better Auth's own limit: plugins/auth.ts words it with the seconds.
            throw new APIError(
              'TOO_MANY_REQUESTS',
              { message: rateLimitedMessage(retryAfter), code: 'ACCOUNT_RATE_LIMITED' },
              { 'X-Retry-After': String(retryAfter) },
            );
          }
        }
        if (phone) return { context: { body: { ...body, phoneNumber: phone } } };
        if (name !== undefined) return { context: { body: { ...body, name } } };
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        if (ctx.path === '/sign-in/email' && returned && !(returned instanceof Error) && env.AUTH_RATE_LIMIT) {
          // The right password (two-factor challenge included): this address starts again.
          const email = (ctx.body as { email?: unknown } | undefined)?.email;
          if (typeof email === 'string') {
            await clearSignInFailures(
              db,
              signInKey(email.trim().toLowerCase(), ctx.headers?.get(CLIENT_IP_HEADER) ?? ''),
            );
          }
        }
        if (ctx.path === '/request-password-reset' && returned && !(returned instanceof Error)) {
          // Better Auth's answer is in English; it stays the same for known and unknown addresses.
          return ctx.json({ status: true, message: RESET_REQUESTED_MESSAGE });
        }
        if (ctx.path === '/two-factor/verify-totp' && returned && !(returned instanceof Error)) {
          const userId = (returned as { user?: { id?: string } }).user?.id;
          const code = (ctx.body as { code?: unknown } | undefined)?.code;
          if (userId && typeof code === 'string') await markTotpCodeUsed(db, userId, code);
        }
        if (ctx.path === '/sign-up/email' && returned && !(returned instanceof Error)) {
          // The same answer for a new address and for one that has an account: no user, no
          // session, the referral cookie (used by the user hook above) cleared in both cases.
          if (ctx.getCookie(REFERRAL_COOKIE)) {
            ctx.setCookie(REFERRAL_COOKIE, '', { path: '/', maxAge: 0, httpOnly: true, sameSite: 'lax' });
          }
          await evenSignUp.finish(ctx.request, (returned as { user?: { id?: string } }).user?.id);
          return ctx.json({ status: true, message: authMessages.signUpRequested });
        }
        const created = ctx.context.newSession;
        if (ctx.path === '/verify-email' && created?.user.twoFactorEnabled) {
          // The verification link signs in automatically; a member protected by two-factor
          // authentication signs in through the challenge instead (the address is still verified).
          await ctx.context.internalAdapter.deleteSession(created.session.token);
          deleteSessionCookie(ctx);
        }
      }),
    },
    plugins: [
      twoFactorOnEverySignIn(twoFactor({ issuer: env.SITE_NAME })),
      emailOTP({
        otpLength: 6,
        // Codes sign existing members in; accounts are created by the sign-up form only (name,
        // password rules), and an unknown address is answered like a known one with no mail sent.
        disableSignUp: true,
        expiresIn: 5 * 60,
        allowedAttempts: 5,
        sendVerificationOTP: async ({ email, otp }) => send(signInCodeMail(mailContext, email, otp)),
      }),
      passkey({ rpID: site.hostname, rpName: env.SITE_NAME, origin: site.origin }),
      ...(oidcProviders(env).length > 0 ? [genericOAuth({ config: oidcProviders(env) })] : []),
      ...(smsSender
        ? [
            phoneNumber({
              otpLength: 6,
              expiresIn: 5 * 60,
              allowedAttempts: 5,
              // The before hook already turned it into E.164; anything else is refused.
              phoneNumberValidator: (value) => toE164(value) === value,
              // Accounts are created by the sign-up form only; a number is added from /profile.
              sendOTP: phoneCodeSender(db, env, smsSender),
            }),
          ]
        : []),
      bearer(),
      jwt({ jwks: { keyPairConfig: { alg: 'EdDSA', crv: 'Ed25519' } } }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
