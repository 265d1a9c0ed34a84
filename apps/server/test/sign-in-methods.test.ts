import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { oauthErrorMessage } from '@synergie/shared';
import { and, eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { authErrorMessages } from '../src/auth/messages';
import { configuredMethods } from '../src/auth/sign-in-methods';
import { HttpSmsSender, SmsError } from '../src/auth/sms';
import { account, mailOutbox, profiles, user, verification } from '../src/db/schema';
import { loadEnv } from '../src/env';
import { createTestApp } from './helpers/app';
import { client, signUp } from './helpers/auth';

// A local OpenID Connect provider (oauth2-mock-server): discovery, authorize, token, JWKS.
const oidc = new OAuth2Server();
await oidc.issuer.keys.generate('RS256');
await oidc.start(0, '127.0.0.1');
afterAll(() => oidc.stop());
const issuer = oidc.issuer.url as string;

/** Who the provider says signs in (claims of the ID token); changed per test. */
let identity: Record<string, unknown> = {};
oidc.service.on('beforeTokenSigning', (token) => {
  Object.assign(token.payload, identity);
});

const t = await createTestApp({
  env: {
    OIDC_DISCOVERY_URL: `${issuer}/.well-known/openid-configuration`,
    OIDC_CLIENT_ID: 'synergie-test',
    OIDC_CLIENT_SECRET: 'secret-du-client',
    OIDC_NAME: 'Annuaire du réseau',
    SMS_PROVIDER: 'dev',
  },
});
const db = t.database.db;

let ipCounter = 0;
const freshClient = () => {
  ipCounter += 1;
  return client(t, `10.19.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`);
};

/**
 * The authorization-code flow as a browser follows it: /api/sign-in/oidc (the /auth button),
 * the provider's /authorize (which signs `identity` in at once), then our callback. Returns the
 * callback's answer; the client keeps the cookies.
 */
async function signInWithProvider(c: ReturnType<typeof client>, claims: Record<string, unknown>) {
  identity = claims;
  const start = await c.get('/api/sign-in/oidc');
  expect(start.statusCode).toBe(302);
  const authorize = new URL(start.headers.location as string);
  expect(authorize.origin).toBe(issuer);
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${t.env.SITE_URL}/api/auth/callback/oidc`);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('nonce')).toBeTruthy();
  const provider = await fetch(authorize, { redirect: 'manual' });
  expect(provider.status).toBe(302);
  const callback = new URL(provider.headers.get('location') as string);
  expect(callback.pathname).toBe('/api/auth/callback/oidc');
  return c.get(`${callback.pathname}${callback.search}`);
}

async function sessionUser(c: ReturnType<typeof client>) {
  const res = await c.get('/api/auth/get-session');
  return (res.json() as { user?: { id: string; email: string; name: string } } | null)?.user ?? null;
}

const oidcAccounts = (userId: string) =>
  db
    .select()
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'oidc')));

let n = 0;
const email = () => {
  n += 1;
  return `sso${n}.${Date.now()}@reseau.example`;
};

describe('sign-in methods offered', () => {
  it('lists the configured providers and the phone for /auth', async () => {
    const res = await client(t).get('/api/auth-methods');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ providers: [{ id: 'oidc', name: 'Annuaire du réseau' }], phone: true });
  });

  it('has a French message for every error code of the phone and OpenID Connect plugins', () => {
    const codes = Object.keys(t.app.ctx.auth.$ERROR_CODES);
    expect(codes).toContain('INVALID_PHONE_NUMBER');
    expect(codes).toContain('INVALID_OAUTH_CONFIGURATION');
    expect(codes.filter((code) => !authErrorMessages[code])).toEqual([]);
  });

  it('offers nothing more than email when nothing is configured, Google and LinkedIn with their keys', () => {
    expect(configuredMethods(loadEnv({ NODE_ENV: 'test' }), false)).toEqual({ providers: [], phone: false });
    const env = loadEnv({
      NODE_ENV: 'test',
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
      LINKEDIN_CLIENT_ID: 'l',
      LINKEDIN_CLIENT_SECRET: 'ls',
    });
    expect(configuredMethods(env, false).providers.map((p) => p.id)).toEqual(['google', 'linkedin']);
  });

  it('refuses half a provider and the dev SMS sender in production', () => {
    expect(() => loadEnv({ GOOGLE_CLIENT_ID: 'g' })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(() => loadEnv({ OIDC_DISCOVERY_URL: 'https://sso.example.fr/.well-known/openid-configuration' })).toThrow(
      /OIDC_CLIENT_ID/,
    );
    expect(() => loadEnv({ SMS_PROVIDER: 'http' })).toThrow(/SMS_API_URL/);
    expect(() => loadEnv({ NODE_ENV: 'production', SMS_PROVIDER: 'dev' })).toThrow(/SMS_PROVIDER/);
  });

  it('sends a provider that is not configured back to /auth', async () => {
    const res = await client(t).get('/api/sign-in/google');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth?error=provider_not_found');
    expect((await client(t).get('/api/sign-in/facebook')).statusCode).toBe(400);
  });
});

describe('OpenID Connect sign-in (local provider)', () => {
  it('creates the account on first sign-in, then signs the same member in again', async () => {
    const address = email();
    const c = freshClient();
    const res = await signInWithProvider(c, {
      sub: `sub-${address}`,
      email: address,
      email_verified: true,
      given_name: 'Jeanne',
      family_name: 'Martin',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/aujourdhui');
    const member = await sessionUser(c);
    expect(member?.email).toBe(address);
    expect(member?.name).toBe('Jeanne Martin');
    const [row] = await db.select().from(user).where(eq(user.email, address));
    expect(row?.emailVerified).toBe(true);
    expect(await oidcAccounts(row?.id as string)).toHaveLength(1);

    const again = freshClient();
    const second = await signInWithProvider(again, { sub: `sub-${address}`, email: address, email_verified: true });
    expect(second.headers.location).toBe('/aujourdhui');
    expect((await sessionUser(again))?.id).toBe(row?.id);
    expect(await db.select().from(user).where(eq(user.email, address))).toHaveLength(1);
  });

  it('records the sponsor of the referral link for an account created through the provider', async () => {
    const sponsor = await signUp(t);
    const link = await sponsor.get('/api/me/referral');
    const code = new URL(link.json().link as string).pathname.split('/').pop() as string;
    const address = email();
    const c = freshClient();
    expect((await c.get(`/r/${code}`)).statusCode).toBe(302);
    const res = await signInWithProvider(c, { sub: `sub-${address}`, email: address, email_verified: true });
    expect(res.headers.location).toBe('/aujourdhui');
    const [created] = await db.select().from(user).where(eq(user.email, address));
    const [profile] = await db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, created?.id as string));
    expect(profile?.sponsorId).toBe(sponsor.userId);
  });

  it('links to an existing member with the same verified email', async () => {
    const address = email();
    const existing = await signUp(t, { email: address });
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, existing.userId));
    const c = freshClient();
    const res = await signInWithProvider(c, {
      sub: `sub-${address}`,
      email: address.toUpperCase(),
      email_verified: true,
    });
    expect(res.headers.location).toBe('/aujourdhui');
    expect((await sessionUser(c))?.id).toBe(existing.userId);
    expect(await oidcAccounts(existing.userId)).toHaveLength(1);
  });

  it('does not join a provider account to a member protected by two-factor authentication', async () => {
    const address = email();
    const existing = await signUp(t, { email: address });
    await db.update(user).set({ emailVerified: true, twoFactorEnabled: true }).where(eq(user.id, existing.userId));
    const c = freshClient();
    const res = await signInWithProvider(c, { sub: `sub-${address}`, email: address, email_verified: true });
    expect(res.statusCode).toBe(302);
    const landing = new URL(res.headers.location as string, t.env.SITE_URL);
    expect(landing.pathname).toBe('/auth');
    expect(landing.searchParams.get('error')).toBe('unable_to_link_account');
    expect(oauthErrorMessage('unable_to_link_account')).toContain('double authentification');
    expect(await sessionUser(c)).toBeNull();
    expect(await oidcAccounts(existing.userId)).toHaveLength(0);
  });

  it('does not link to a member whose own email is not verified', async () => {
    const address = email();
    const existing = await signUp(t, { email: address });
    const c = freshClient();
    const res = await signInWithProvider(c, { sub: `sub-${address}`, email: address, email_verified: true });
    expect(res.statusCode).toBe(302);
    expect(new URL(res.headers.location as string, t.env.SITE_URL).pathname).toBe('/auth');
    expect(new URL(res.headers.location as string, t.env.SITE_URL).searchParams.get('error')).toBe(
      'account_not_linked',
    );
    expect(await sessionUser(c)).toBeNull();
    expect(await oidcAccounts(existing.userId)).toHaveLength(0);
  });

  it('does not link when the provider has not verified the email', async () => {
    const address = email();
    const existing = await signUp(t, { email: address });
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, existing.userId));
    const c = freshClient();
    const res = await signInWithProvider(c, { sub: `sub-${address}`, email: address, email_verified: false });
    expect(new URL(res.headers.location as string, t.env.SITE_URL).searchParams.get('error')).toBe(
      'account_not_linked',
    );
    expect(await sessionUser(c)).toBeNull();
    expect(await oidcAccounts(existing.userId)).toHaveLength(0);
  });

  it('creates no account from an email the provider has not verified', async () => {
    const address = email();
    const c = freshClient();
    const res = await signInWithProvider(c, { sub: `sub-${address}`, email: address, email_verified: false });
    const location = new URL(res.headers.location as string, t.env.SITE_URL);
    expect(location.pathname).toBe('/auth');
    expect(location.searchParams.get('error')).toBe('email_not_verified');
    expect(await sessionUser(c)).toBeNull();
    expect(await db.select().from(user).where(eq(user.email, address))).toHaveLength(0);
  });

  it('refuses a callback whose state was not started by this browser', async () => {
    const address = email();
    const c = freshClient();
    identity = { sub: `sub-${address}`, email: address, email_verified: true };
    const start = await c.get('/api/sign-in/oidc');
    const provider = await fetch(start.headers.location as string, { redirect: 'manual' });
    const callback = new URL(provider.headers.get('location') as string);
    // Another browser (no state cookie) replays the callback.
    const res = await freshClient().get(`${callback.pathname}${callback.search}`);
    expect(res.statusCode).toBe(302);
    expect(new URL(res.headers.location as string, t.env.SITE_URL).searchParams.get('error')).toBeTruthy();
    expect(await db.select().from(user).where(eq(user.email, address))).toHaveLength(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Sign-in by SMS code (the development sender writes to the dev mailbox)

async function lastSmsTo(phone: string) {
  const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.to, phone));
  const sms = rows.filter((r) => r.template === 'sms').sort((a, b) => +b.createdAt - +a.createdAt)[0];
  return sms;
}
async function smsCode(phone: string) {
  const sms = await lastSmsTo(phone);
  const match = sms?.text.match(/\b(\d{6})\b/);
  if (!match?.[1]) throw new Error(`no SMS code to ${phone}`);
  return match[1];
}

let phoneCounter = 10_00_00_00;
/** A French mobile number as a member types it, and its E.164 form. */
function phone() {
  phoneCounter += 1;
  const digits = `6${phoneCounter}`;
  return { typed: `0${digits.replace(/(\d)(\d{2})(\d{2})(\d{2})(\d{2})/, '$1 $2 $3 $4 $5')}`, e164: `+33${digits}` };
}

/** A member who added `number` to their account from /profile (code sent to it, then typed). */
async function memberWithPhone(number: { typed: string; e164: string }) {
  const member = await signUp(t);
  const sent = await member.post('/api/auth/phone-number/send-otp', { phoneNumber: number.typed });
  expect(sent.statusCode).toBe(200);
  const code = await smsCode(number.e164);
  const verified = await member.post('/api/auth/phone-number/verify', {
    phoneNumber: number.typed,
    code,
    updatePhoneNumber: true,
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return member;
}

describe('sign-in by SMS code', () => {
  beforeEach(() => {
    identity = {};
  });

  it('stores the number a member adds in E.164', async () => {
    const number = phone();
    const member = await memberWithPhone(number);
    const [row] = await db.select().from(user).where(eq(user.id, member.userId));
    expect(row?.phoneNumber).toBe(number.e164);
    expect(row?.phoneNumberVerified).toBe(true);
    const sms = await lastSmsTo(number.e164);
    expect(sms?.status).toBe('kept');
    expect(sms?.subject).toMatch(/^SMS\u00a0: \d{6} est votre code de connexion/);
  });

  it('signs a member in with a code sent to their number', async () => {
    const number = phone();
    const member = await memberWithPhone(number);
    const visitor = freshClient();
    expect((await visitor.post('/api/auth/phone-number/send-otp', { phoneNumber: number.typed })).statusCode).toBe(200);
    const code = await smsCode(number.e164);
    const res = await visitor.post('/api/auth/phone-number/verify', { phoneNumber: number.e164, code });
    expect(res.statusCode, res.body).toBe(200);
    expect((await sessionUser(visitor))?.id).toBe(member.userId);
    // Used once.
    const again = await freshClient().post('/api/auth/phone-number/verify', { phoneNumber: number.e164, code });
    expect(again.statusCode).toBe(400);
  });

  it('asks a member with two-factor authentication for the second factor', async () => {
    const number = phone();
    const member = await memberWithPhone(number);
    await db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, member.userId));
    const visitor = freshClient();
    await visitor.post('/api/auth/phone-number/send-otp', { phoneNumber: number.typed });
    const res = await visitor.post('/api/auth/phone-number/verify', {
      phoneNumber: number.typed,
      code: await smsCode(number.e164),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().twoFactorRedirect).toBe(true);
    expect(await sessionUser(visitor)).toBeNull();
  });

  it('answers an unknown number like a known one, and sends nothing', async () => {
    const number = phone();
    const res = await freshClient().post('/api/auth/phone-number/send-otp', { phoneNumber: number.typed });
    expect(res.statusCode).toBe(200);
    expect(await lastSmsTo(number.e164)).toBeUndefined();
  });

  it('refuses an invalid number in French', async () => {
    for (const phoneNumber of ['12', '06 12 34', 'bonjour', '+33 6 12 34 56 78 90 12']) {
      const res = await freshClient().post('/api/auth/phone-number/send-otp', { phoneNumber });
      expect(res.statusCode, phoneNumber).toBe(400);
      expect(res.json().error.message).toBe('Numéro de téléphone invalide');
    }
  });

  it('refuses a wrong code, then every code after five wrong ones', async () => {
    const number = phone();
    await memberWithPhone(number);
    const visitor = freshClient();
    await visitor.post('/api/auth/phone-number/send-otp', { phoneNumber: number.typed });
    const code = await smsCode(number.e164);
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await visitor.post('/api/auth/phone-number/verify', { phoneNumber: number.typed, code: wrong });
    expect(first.statusCode).toBe(400);
    expect(first.json().error.message).toBe('Code invalide');
    for (let i = 0; i < 4; i += 1) {
      await visitor.post('/api/auth/phone-number/verify', { phoneNumber: number.typed, code: wrong });
    }
    const right = await visitor.post('/api/auth/phone-number/verify', { phoneNumber: number.typed, code });
    expect(right.statusCode).toBe(403);
    expect(right.json().error.message).toBe('Trop de tentatives. Demandez un nouveau code.');
    expect(await sessionUser(visitor)).toBeNull();
  });

  it('refuses an expired code', async () => {
    const number = phone();
    await memberWithPhone(number);
    const visitor = freshClient();
    await visitor.post('/api/auth/phone-number/send-otp', { phoneNumber: number.typed });
    const code = await smsCode(number.e164);
    await db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, number.e164));
    const res = await visitor.post('/api/auth/phone-number/verify', { phoneNumber: number.typed, code });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Ce code a expiré. Demandez-en un nouveau.');
    expect(await sessionUser(visitor)).toBeNull();
  });

  it('keeps a number to one member', async () => {
    const number = phone();
    await memberWithPhone(number);
    const other = await signUp(t);
    await other.post('/api/auth/phone-number/send-otp', { phoneNumber: number.typed });
    const code = await smsCode(number.e164);
    const res = await other.post('/api/auth/phone-number/verify', {
      phoneNumber: number.typed,
      code,
      updatePhoneNumber: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Ce numéro est déjà celui d’un autre compte.');
  });

  it('offers no password sign-in or password reset by phone', async () => {
    for (const path of [
      '/api/auth/sign-in/phone-number',
      '/api/auth/phone-number/request-password-reset',
      '/api/auth/phone-number/reset-password',
    ]) {
      const res = await freshClient().post(path, {
        phoneNumber: '+33612345678',
        password: 'x',
        otp: '1',
        newPassword: 'x',
      });
      expect(res.statusCode, path).toBe(404);
    }
  });
});

// A local SMS API, and an app configured to send through it.
const received: { auth?: string; body: unknown }[] = [];
let answer: { status: number; delayMs?: number } = { status: 200 };
const smsApi = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => {
    received.push({ auth: req.headers.authorization, body: JSON.parse(body) });
    setTimeout(() => {
      res.statusCode = answer.status;
      res.end('{}');
    }, answer.delayMs ?? 0);
  });
});
await new Promise<void>((resolve) => smsApi.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise((resolve) => smsApi.close(resolve)));
const url = () => `http://127.0.0.1:${(smsApi.address() as AddressInfo).port}/messages`;
const withHttpSms = await createTestApp({
  env: { SMS_PROVIDER: 'http', SMS_API_URL: url(), SMS_API_KEY: 'cle-api', SMS_TIMEOUT_MS: '1000' },
});

describe('the HTTP SMS API', () => {
  it('posts the message as JSON with the bearer key', async () => {
    answer = { status: 202 };
    const sender = new HttpSmsSender({ url: url(), apiKey: 'cle-api', sender: 'Synergie', timeoutMs: 2000 });
    await sender.send({ to: '+33612345678', text: '123456 est votre code' });
    expect(received.at(-1)).toEqual({
      auth: 'Bearer cle-api',
      body: { to: '+33612345678', text: '123456 est votre code', sender: 'Synergie' },
    });
  });

  it('answers the member in French when the SMS API fails', async () => {
    answer = { status: 503 };
    const member = await signUp(withHttpSms);
    const res = await member.post('/api/auth/phone-number/send-otp', { phoneNumber: '07 12 34 56 78' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe('L’envoi du SMS a échoué. Réessayez dans quelques instants.');
    expect(received.at(-1)?.body).toMatchObject({ to: '+33712345678' });
  });

  it('says in French when the API refuses or does not answer in time', async () => {
    answer = { status: 500 };
    const sender = new HttpSmsSender({ url: url(), apiKey: 'cle-api', timeoutMs: 300 });
    const refused = await sender.send({ to: '+33612345678', text: 'x' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SmsError);
    expect((refused as SmsError).message).toBe('L’envoi du SMS a échoué. Réessayez dans quelques instants.');
    expect((refused as SmsError).detail).toBe('HTTP 500: {}');
    answer = { status: 200, delayMs: 1000 };
    await expect(sender.send({ to: '+33612345678', text: 'x' })).rejects.toThrow(
      'Le service d’envoi de SMS n’a pas répondu à temps. Réessayez dans quelques instants.',
    );
  });
});
