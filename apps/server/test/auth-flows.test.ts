import { apiErrors, EMAIL_VERIFIED_PATH } from '@synergie/shared';
import { and, count, eq, like } from 'drizzle-orm';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { authErrorMessages, authStatusMessages } from '../src/auth/messages';
import { mailOutbox, session, twoFactor, user, verification } from '../src/db/schema';
import { memberOf } from '../src/plugins/access';
import { createTestApp, type TestApp } from './helpers/app';
import { client, lastCodeTo, lastMailTo, linkIn, signUp, totpCode } from './helpers/auth';
import { SoftPasskey } from './helpers/webauthn';

const t = await createTestApp();
const db = t.database.db;

/** A second app on the same database with a route declared for members (outside /api, where every route is a declaration). */
const probe = await buildApp({
  env: t.env,
  database: t.database,
  authSecret: 'test-secret-test-secret-test-secret-0123',
  logger: false,
});
probe.get('/test-probe/me', { config: { access: 'member' } }, async (request) => ({ id: memberOf(request).id }));
await probe.ready();
afterAll(() => probe.close());

/** What a members' route answers this client. */
async function guarded(c: ReturnType<typeof client>) {
  const res = await probe.inject({ method: 'GET', url: '/test-probe/me', headers: { cookie: c.jar.header() } });
  return { status: res.statusCode, body: res.json() };
}

async function expectSignedOut(c: ReturnType<typeof client>) {
  expect(await sessionOf(c)).toBeNull();
  const res = await guarded(c);
  expect(res.status).toBe(401);
  expect(res.body.error.message).toBe('Vous devez être connecté pour accéder à cette page');
  if (t.app.hasRoute({ method: 'GET', url: '/api/me' })) {
    const me = await c.get('/api/me');
    expect(me.statusCode).toBe(401);
  }
}

async function expectSignedIn(c: ReturnType<typeof client>, userId: string) {
  expect((await sessionOf(c))?.user.id).toBe(userId);
  expect(await guarded(c)).toEqual({ status: 200, body: { id: userId } });
}

const PASSWORD_RULES = [
  ['court1A', 'Le mot de passe doit contenir au moins 8 caractères'],
  ['sansmajuscule1', 'Le mot de passe doit contenir au moins une majuscule'],
  ['SansChiffre', 'Le mot de passe doit contenir au moins un chiffre'],
] as const;

const RESET_LINK_INVALID = authErrorMessages.INVALID_TOKEN;

async function userByEmail(email: string) {
  const [row] = await db.select().from(user).where(eq(user.email, email));
  return row;
}

async function sessionCount(userId: string) {
  const [row] = await db.select({ n: count() }).from(session).where(eq(session.userId, userId));
  return row?.n ?? 0;
}

async function mailCount(to: string, template: string) {
  const [row] = await db
    .select({ n: count() })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, template)));
  return row?.n ?? 0;
}

/** A second (or third) device of the same member, signed in with the password. */
async function signIn(app: TestApp, email: string, password: string, ip = '10.3.0.1') {
  const c = client(app, ip);
  const res = await c.post('/api/auth/sign-in/email', { email, password });
  expect(res.statusCode, res.body).toBe(200);
  return c;
}

const sessionOf = async (c: ReturnType<typeof client>) => {
  const res = await c.get('/api/auth/get-session');
  expect(res.statusCode).toBe(200);
  return res.json() as { user: { id: string; email: string }; session: { token: string } } | null;
};

describe('email verification', () => {
  it('verifies the address from the mailed link and redirects to the site root', async () => {
    const member = await signUp(t);
    expect((await userByEmail(member.member.email))?.emailVerified).toBe(false);
    const mail = await lastMailTo(t, member.member.email);
    expect(mail?.template).toBe('verify-email');
    expect(mail?.subject).toMatch(/Confirmez votre adresse email/);
    const link = new URL(linkIn(mail?.text ?? ''));
    expect(link.origin).toBe(t.env.SITE_URL);
    expect(link.pathname).toBe('/api/auth/verify-email');

    // Followed in a browser that has no session (another device, say).
    const res = await client(t, '10.4.0.1').get(`${link.pathname}${link.search}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect((await userByEmail(member.member.email))?.emailVerified).toBe(true);
  });

  it('sends the link again from `Aujourd’hui`, landing there with `Adresse confirmée` (issue 31)', async () => {
    const member = await signUp(t);
    const again = await member.post('/api/auth/send-verification-email', {
      email: member.member.email,
      callbackURL: EMAIL_VERIFIED_PATH,
    });
    expect(again.statusCode, again.body).toBe(200);
    const link = new URL(linkIn((await lastMailTo(t, member.member.email))?.text ?? ''));
    expect(link.searchParams.get('callbackURL')).toBe(EMAIL_VERIFIED_PATH);
    const res = await client(t, '10.4.0.2').get(`${link.pathname}${link.search}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/aujourdhui?adresse=confirmee');
    expect((await userByEmail(member.member.email))?.emailVerified).toBe(true);
    // A dead link lands there too, and the page says why.
    const dead = await client(t).get(
      `/api/auth/verify-email?token=forged.token.value&callbackURL=${encodeURIComponent(EMAIL_VERIFIED_PATH)}`,
    );
    expect(dead.headers.location).toBe('/aujourdhui?adresse=confirmee&error=INVALID_TOKEN');
  });

  it('refuses a forged link without verifying anything', async () => {
    const member = await signUp(t);
    const res = await client(t).get('/api/auth/verify-email?token=forged.token.value&callbackURL=%2F');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/?error=INVALID_TOKEN');
    expect((await userByEmail(member.member.email))?.emailVerified).toBe(false);
  });
});

describe('sign-in by one-time email code', () => {
  const sendCode = (c: ReturnType<typeof client>, email: string) =>
    c.post('/api/auth/email-otp/send-verification-otp', { email, type: 'sign-in' });

  it('mails a 6-digit code that signs the member in, once', async () => {
    const { member } = await signUp(t);
    const c = client(t, '10.5.0.1');
    const sent = await sendCode(c, member.email);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ success: true });
    const mail = await lastMailTo(t, member.email);
    expect(mail?.template).toBe('sign-in-code');
    const code = await lastCodeTo(t, member.email);
    expect(code).toMatch(/^\d{6}$/);

    const res = await c.post('/api/auth/sign-in/email-otp', { email: member.email, otp: code });
    expect(res.statusCode, res.body).toBe(200);
    expect((await sessionOf(c))?.user.email).toBe(member.email);

    // The same code again, from another device: used up.
    const again = await client(t, '10.5.0.2').post('/api/auth/sign-in/email-otp', { email: member.email, otp: code });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('Code invalide');
  });

  it('refuses a wrong code in French, then too many attempts, and the right code after that', async () => {
    const { member } = await signUp(t);
    const c = client(t, '10.5.1.1');
    await sendCode(c, member.email);
    const code = await lastCodeTo(t, member.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt++) {
      const res = await c.post('/api/auth/sign-in/email-otp', { email: member.email, otp: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Code invalide');
    }
    // allowedAttempts is 5: the code is now burnt, even the right one.
    const locked = await c.post('/api/auth/sign-in/email-otp', { email: member.email, otp: code });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error.message).toBe('Trop de tentatives. Demandez un nouveau code.');
    expect(await sessionOf(c)).toBeNull();
  });

  it('refuses an expired code', async () => {
    const { member } = await signUp(t);
    const c = client(t, '10.5.2.1');
    await sendCode(c, member.email);
    const code = await lastCodeTo(t, member.email);
    await db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `sign-in-otp-${member.email}`));
    const res = await c.post('/api/auth/sign-in/email-otp', { email: member.email, otp: code });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Ce code a expiré. Demandez-en un nouveau.');
    expect(await sessionOf(c)).toBeNull();
  });

  it('answers an unknown address exactly like a known one, mails nothing and creates no account', async () => {
    const { member } = await signUp(t);
    const known = await sendCode(client(t, '10.5.3.1'), member.email);
    const unknownEmail = `inconnu.${Date.now()}@exemple.fr`;
    const unknown = await sendCode(client(t, '10.5.3.2'), unknownEmail);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(await mailCount(unknownEmail, 'sign-in-code')).toBe(0);

    // Guessing a code for the unknown address never signs anyone up.
    const c = client(t, '10.5.3.3');
    const res = await c.post('/api/auth/sign-in/email-otp', { email: unknownEmail, otp: '123456', name: 'Intrus' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Code invalide');
    expect(await userByEmail(unknownEmail)).toBeUndefined();
    expect(await sessionOf(c)).toBeNull();
  });
});

describe('password reset', () => {
  const requestReset = (email: string, ip: string) =>
    client(t, ip).post('/api/auth/request-password-reset', { email, redirectTo: '/update-password' });

  async function resetToken(email: string) {
    const mail = await lastMailTo(t, email);
    expect(mail?.template).toBe('reset-password');
    const link = new URL(linkIn(mail?.text ?? ''));
    expect(link.origin).toBe(t.env.SITE_URL);
    const followed = await client(t, '10.6.9.9').get(`${link.pathname}${link.search}`);
    expect(followed.statusCode).toBe(302);
    const target = new URL(followed.headers.location as string, t.env.SITE_URL);
    expect(target.origin).toBe(t.env.SITE_URL);
    expect(target.pathname).toBe('/update-password');
    const token = target.searchParams.get('token');
    expect(token).toBeTruthy();
    return token as string;
  }

  it('answers the same for a known and an unknown address, in French, and mails only the known one', async () => {
    const { member } = await signUp(t);
    const unknownEmail = `personne.${Date.now()}@exemple.fr`;
    const known = await requestReset(member.email, '10.6.0.1');
    const unknown = await requestReset(unknownEmail, '10.6.0.2');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.json().message).toBe(
      'Si un compte existe avec cet email, vous recevrez un lien pour réinitialiser votre mot de passe.',
    );
    expect(await mailCount(member.email, 'reset-password')).toBe(1);
    expect(await mailCount(unknownEmail, 'reset-password')).toBe(0);
  });

  it('sets a new password with the French rules, revokes every session, and works once only', async () => {
    const first = await signUp(t);
    const { member } = first;
    const second = await signIn(t, member.email, member.password, '10.6.1.2');
    expect(await sessionCount(first.userId)).toBe(2);

    await requestReset(member.email, '10.6.1.1');
    const token = await resetToken(member.email);
    const browser = client(t, '10.6.1.3');

    for (const [weak, message] of PASSWORD_RULES) {
      const res = await browser.post('/api/auth/reset-password', { newPassword: weak, token });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    // The weak attempts did not use up the link.
    const ok = await browser.post('/api/auth/reset-password', { newPassword: 'Nouveau2motdepasse', token });
    expect(ok.statusCode, ok.body).toBe(200);

    // Every session of the member was revoked.
    expect(await sessionCount(first.userId)).toBe(0);
    expect(await sessionOf(first)).toBeNull();
    expect(await sessionOf(second)).toBeNull();

    const old = await client(t, '10.6.1.4').post('/api/auth/sign-in/email', {
      email: member.email,
      password: member.password,
    });
    expect(old.statusCode).toBe(401);
    expect(old.json().error.message).toBe('Email ou mot de passe incorrect');
    await signIn(t, member.email, 'Nouveau2motdepasse', '10.6.1.5');

    const reused = await browser.post('/api/auth/reset-password', { newPassword: 'Encore3motdepasse', token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe(RESET_LINK_INVALID);
    await signIn(t, member.email, 'Nouveau2motdepasse', '10.6.1.6');
  });

  it('refuses an expired link, both when followed and when used', async () => {
    const { member, userId } = await signUp(t);
    await requestReset(member.email, '10.6.2.1');
    const token = await resetToken(member.email);
    const expired = await db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(like(verification.identifier, 'reset-password:%'), eq(verification.value, userId)))
      .returning();
    expect(expired).toHaveLength(1);

    const link = new URL(linkIn((await lastMailTo(t, member.email))?.text ?? ''));
    const followed = await client(t).get(`${link.pathname}${link.search}`);
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toMatch(/\/update-password\?error=INVALID_TOKEN$/);

    const res = await client(t).post('/api/auth/reset-password', { newPassword: 'Nouveau2motdepasse', token });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(RESET_LINK_INVALID);
    await signIn(t, member.email, member.password, '10.6.2.2');
  });

  it('refuses a made-up token', async () => {
    const res = await client(t).post('/api/auth/reset-password', {
      newPassword: 'Nouveau2motdepasse',
      token: 'inventé',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(RESET_LINK_INVALID);
  });
});

describe('sessions', () => {
  it('lists the devices and signs out of this one, of the others, then everywhere', async () => {
    const laptop = await signUp(t);
    const { member, userId } = laptop;
    const phone = await signIn(t, member.email, member.password, '10.7.0.2');
    const tablet = await signIn(t, member.email, member.password, '10.7.0.3');
    for (const device of [laptop, phone, tablet]) await expectSignedIn(device, userId);

    const listed = await laptop.get('/api/auth/list-sessions');
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toHaveLength(3);
    expect(listed.json().map((s: { ipAddress: string }) => s.ipAddress)).toEqual(
      expect.arrayContaining(['10.7.0.2', '10.7.0.3']),
    );

    // This device only.
    const out = await phone.post('/api/auth/sign-out');
    expect(out.statusCode).toBe(200);
    expect(phone.jar.has('session_token')).toBe(false);
    await expectSignedOut(phone);
    await expectSignedIn(laptop, userId);
    await expectSignedIn(tablet, userId);
    expect((await laptop.get('/api/auth/list-sessions')).json()).toHaveLength(2);

    // The other devices.
    const others = await laptop.post('/api/auth/revoke-other-sessions');
    expect(others.statusCode).toBe(200);
    await expectSignedOut(tablet);
    await expectSignedIn(laptop, userId);
    expect(await sessionCount(userId)).toBe(1);

    // Everywhere, this device included.
    const again = await signIn(t, member.email, member.password, '10.7.0.4');
    const everywhere = await again.post('/api/auth/revoke-sessions');
    expect(everywhere.statusCode).toBe(200);
    await expectSignedOut(laptop);
    await expectSignedOut(again);
    expect(await sessionCount(userId)).toBe(0);
  });

  it('signs out one chosen device by its token, and never a device of another member', async () => {
    const laptop = await signUp(t);
    const phone = await signIn(t, laptop.member.email, laptop.member.password, '10.7.1.2');
    const stranger = await signUp(t);
    const phoneToken = (await sessionOf(phone))?.session.token;
    const listed = (await laptop.get('/api/auth/list-sessions')).json() as { token: string }[];
    expect(listed.map((s) => s.token)).toContain(phoneToken);

    await stranger.post('/api/auth/revoke-session', { token: phoneToken });
    await expectSignedIn(phone, laptop.userId);

    const res = await laptop.post('/api/auth/revoke-session', { token: phoneToken });
    expect(res.statusCode).toBe(200);
    await expectSignedOut(phone);
    await expectSignedIn(laptop, laptop.userId);
  });

  it('asks to sign in again before listing devices from a session older than a day', async () => {
    const member = await signUp(t);
    await db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000) })
      .where(eq(session.userId, member.userId));
    const res = await member.get('/api/auth/list-sessions');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Pour votre sécurité, reconnectez-vous avant cette action.');
    // Still signed in for everything else.
    await expectSignedIn(member, member.userId);
    const fresh = await signIn(t, member.member.email, member.member.password, '10.7.2.2');
    expect((await fresh.get('/api/auth/list-sessions')).statusCode).toBe(200);
  });

  it('refuses the session actions without a session, in French', async () => {
    const anonymous = client(t);
    for (const path of ['/api/auth/revoke-other-sessions', '/api/auth/revoke-sessions']) {
      const res = await anonymous.post(path);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe('Vous devez être connecté pour accéder à cette page');
    }
    const list = await anonymous.get('/api/auth/list-sessions');
    expect(list.statusCode).toBe(401);
  });

  it('sets httpOnly, SameSite=Lax session cookies, not Secure outside production', async () => {
    const c = client(t);
    const email = `cookie.${Date.now()}@exemple.fr`;
    await c.post('/api/auth/sign-up/email', { name: 'Cookie Test', email, password: 'Motdepasse1' });
    const res = await c.post('/api/auth/sign-in/email', { email, password: 'Motdepasse1' });
    const cookie = [res.headers['set-cookie']].flat().find((line) => line?.startsWith('synergie.session_token='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).not.toMatch(/; Secure/i);
  });

  it('adds Secure (and the __Secure- prefix) in production', async () => {
    const production = await createTestApp({
      env: { NODE_ENV: 'production', SITE_URL: 'https://example.fr' },
      database: t.database,
    });
    const c = client(production);
    const email = `prod.${Date.now()}@exemple.fr`;
    await c.post('/api/auth/sign-up/email', { name: 'Prod Test', email, password: 'Motdepasse1' });
    const res = await c.post('/api/auth/sign-in/email', { email, password: 'Motdepasse1' });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = [res.headers['set-cookie']]
      .flat()
      .find((line) => line?.startsWith('__Secure-synergie.session_token='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect((await c.get('/api/auth/get-session')).json()?.user.email).toMatch(/^prod\./);
  });
});

describe('two-factor authentication (TOTP)', () => {
  /** Enables TOTP for a new member and returns the member, its URI and backup codes. */
  async function enrolled() {
    const member = await signUp(t);
    const enable = await member.post('/api/auth/two-factor/enable', { password: member.member.password });
    expect(enable.statusCode, enable.body).toBe(200);
    const { totpURI, backupCodes } = enable.json() as { totpURI: string; backupCodes: string[] };
    const enrolCode = totpCode(totpURI);
    const verify = await member.post('/api/auth/two-factor/verify-totp', { code: enrolCode });
    expect(verify.statusCode, verify.body).toBe(200);
    return { ...member, totpURI, backupCodes, enrolCode };
  }

  /** A valid code other than the one used at enrolment: the next step's (accepted within ±1 step). */
  function nextCode(uri: string) {
    return totpCode(uri, 1);
  }

  /** A code no authenticator would show now (outside the accepted window of ±1 step). */
  function wrongCode(uri: string) {
    const valid = new Set([-1, 0, 1].map((step) => totpCode(uri, step)));
    for (let n = 0; ; n++) {
      const candidate = String(n).padStart(6, '0');
      if (!valid.has(candidate)) return candidate;
    }
  }

  async function passwordSignIn(member: { email: string; password: string }, ip: string) {
    const c = client(t, ip);
    const res = await c.post('/api/auth/sign-in/email', member);
    expect(res.statusCode).toBe(200);
    return { c, body: res.json() };
  }

  it('enrols with an otpauth:// URI and 10 backup codes, after the password', async () => {
    const member = await signUp(t);
    const refused = await member.post('/api/auth/two-factor/enable', { password: 'Mauvais1motdepasse' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Mot de passe incorrect');

    const enable = await member.post('/api/auth/two-factor/enable', { password: member.member.password });
    expect(enable.statusCode).toBe(200);
    const { totpURI, backupCodes } = enable.json();
    const uri = new URL(totpURI);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(uri.searchParams.get('issuer')).toBe(t.env.SITE_NAME);
    expect(decodeURIComponent(uri.pathname)).toContain(member.member.email);
    expect(uri.searchParams.get('secret')).toMatch(/^[A-Z2-7]{16,}$/);
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);

    // Not on until a code from the app proves the enrolment.
    expect((await userByEmail(member.member.email))?.twoFactorEnabled).toBe(false);
    const wrong = await member.post('/api/auth/two-factor/verify-totp', { code: wrongCode(totpURI) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe('Code invalide');
    const ok = await member.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) });
    expect(ok.statusCode).toBe(200);
    expect((await userByEmail(member.member.email))?.twoFactorEnabled).toBe(true);
    // The enrolment rotated the session: the client follows the new cookie.
    await expectSignedIn(member, member.userId);
  });

  it('asks for the second factor at sign-in and completes it with a TOTP code', async () => {
    const member = await enrolled();
    const { c, body } = await passwordSignIn(member.member, '10.8.1.1');
    expect(body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    await expectSignedOut(c);

    const wrong = await c.post('/api/auth/two-factor/verify-totp', { code: wrongCode(member.totpURI) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe('Code invalide');
    await expectSignedOut(c);

    const ok = await c.post('/api/auth/two-factor/verify-totp', { code: nextCode(member.totpURI) });
    expect(ok.statusCode, ok.body).toBe(200);
    // A new session cookie came with the answer; the client uses it.
    expect(c.jar.has('session_token')).toBe(true);
    await expectSignedIn(c, member.userId);
  });

  it('accepts each TOTP code once only, even within its validity window', async () => {
    const member = await enrolled();
    const reusedMessage = 'Ce code a déjà été utilisé. Saisissez le suivant affiché par votre application.';
    const first = await passwordSignIn(member.member, '10.8.6.1');
    // The code that confirmed the enrolment is spent.
    const enrolReplay = await first.c.post('/api/auth/two-factor/verify-totp', { code: member.enrolCode });
    expect(enrolReplay.statusCode).toBe(401);
    expect(enrolReplay.json().error.message).toBe(reusedMessage);
    const code = nextCode(member.totpURI);
    expect((await first.c.post('/api/auth/two-factor/verify-totp', { code })).statusCode).toBe(200);
    await expectSignedIn(first.c, member.userId);

    // Seen over a shoulder and typed again on another device a few seconds later: refused.
    const second = await passwordSignIn(member.member, '10.8.6.2');
    const replay = await second.c.post('/api/auth/two-factor/verify-totp', { code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.message).toBe(reusedMessage);
    await expectSignedOut(second.c);
  });

  it('refuses the second step without a pending sign-in', async () => {
    const res = await client(t).post('/api/auth/two-factor/verify-totp', { code: '123456' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('La vérification a expiré. Reconnectez-vous.');
  });

  it('accepts each backup code once only', async () => {
    const member = await enrolled();
    const [code] = member.backupCodes;
    const first = await passwordSignIn(member.member, '10.8.2.1');
    const used = await first.c.post('/api/auth/two-factor/verify-backup-code', { code });
    expect(used.statusCode, used.body).toBe(200);
    await expectSignedIn(first.c, member.userId);

    const second = await passwordSignIn(member.member, '10.8.2.2');
    const reused = await second.c.post('/api/auth/two-factor/verify-backup-code', { code });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error.message).toBe('Code de secours invalide');
    await expectSignedOut(second.c);
    const other = await second.c.post('/api/auth/two-factor/verify-backup-code', { code: member.backupCodes[1] });
    expect(other.statusCode).toBe(200);
    await expectSignedIn(second.c, member.userId);
  });

  it('asks for the second factor after a sign-in by email code too', async () => {
    const member = await enrolled();
    const c = client(t, '10.8.3.1');
    await c.post('/api/auth/email-otp/send-verification-otp', { email: member.member.email, type: 'sign-in' });
    const res = await c.post('/api/auth/sign-in/email-otp', {
      email: member.member.email,
      otp: await lastCodeTo(t, member.member.email),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    await expectSignedOut(c);
    const ok = await c.post('/api/auth/two-factor/verify-totp', { code: nextCode(member.totpURI) });
    expect(ok.statusCode).toBe(200);
    await expectSignedIn(c, member.userId);
  });

  it('does not sign a two-factor member in from the email verification link', async () => {
    const member = await enrolled();
    expect((await userByEmail(member.member.email))?.emailVerified).toBe(false);
    const link = new URL(
      linkIn((await db.select().from(mailOutbox).where(eq(mailOutbox.to, member.member.email)))[0]?.text ?? ''),
    );
    const c = client(t, '10.8.4.1');
    const res = await c.get(`${link.pathname}${link.search}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect((await userByEmail(member.member.email))?.emailVerified).toBe(true);
    await expectSignedOut(c);
    expect(await sessionCount(member.userId)).toBe(1);
  });

  it('disables with the password, after which sign-in needs the password only', async () => {
    const member = await enrolled();
    const refused = await member.post('/api/auth/two-factor/disable', { password: 'Mauvais1motdepasse' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Mot de passe incorrect');
    const off = await member.post('/api/auth/two-factor/disable', { password: member.member.password });
    expect(off.statusCode, off.body).toBe(200);
    expect((await userByEmail(member.member.email))?.twoFactorEnabled).toBe(false);
    expect(await db.select().from(twoFactor).where(eq(twoFactor.userId, member.userId))).toHaveLength(0);
    await expectSignedIn(member, member.userId);

    const { c, body } = await passwordSignIn(member.member, '10.8.5.1');
    expect(body.twoFactorRedirect).toBeUndefined();
    await expectSignedIn(c, member.userId);
  });
});

describe('passkeys', () => {
  const site = new URL(t.env.SITE_URL);

  it('needs a session for registration options, which name our relying party', async () => {
    const anonymous = await client(t).get('/api/auth/passkey/generate-register-options');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.message).toBe('Vous devez être connecté pour accéder à cette page');

    const member = await signUp(t);
    const res = await member.get('/api/auth/passkey/generate-register-options');
    expect(res.statusCode).toBe(200);
    const options = res.json();
    expect(options.rp).toEqual({ id: site.hostname, name: t.env.SITE_NAME });
    expect(options.challenge).toMatch(/^[\w-]{16,}$/);
    // The account name the authenticator shows.
    expect(options.user.name).toBe(member.member.email);
  });

  it('registers a passkey and signs in with it (a full WebAuthn ceremony)', async () => {
    const member = await signUp(t);
    const key = new SoftPasskey(site.hostname, site.origin);
    const options = (await member.get('/api/auth/passkey/generate-register-options')).json();
    const registered = await member.post('/api/auth/passkey/verify-registration', {
      response: key.register(options),
      name: 'Mon ordinateur',
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const listed = (await member.get('/api/auth/passkey/list-user-passkeys')).json();
    expect(listed).toMatchObject([{ name: 'Mon ordinateur', credentialID: key.id }]);

    const device = client(t, '10.9.0.2');
    const challenge = (await device.get('/api/auth/passkey/generate-authenticate-options')).json();
    expect(challenge.rpId).toBe(site.hostname);
    const signedIn = await device.post('/api/auth/passkey/verify-authentication', {
      response: key.authenticate(challenge),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    await expectSignedIn(device, member.userId);

    // An assertion replayed against a new challenge is refused.
    const stranger = client(t, '10.9.0.3');
    const fresh = (await stranger.get('/api/auth/passkey/generate-authenticate-options')).json();
    const replay = await stranger.post('/api/auth/passkey/verify-authentication', {
      response: key.authenticate(challenge),
    });
    expect(fresh.challenge).not.toBe(challenge.challenge);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.message).toBe('La vérification de la clé d’accès a échoué');
    await expectSignedOut(stranger);
  });
});

describe('JWKS and bearer tokens', () => {
  it('publishes an Ed25519 key set that verifies the tokens of /api/auth/token', async () => {
    const member = await signUp(t);
    const jwks = await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(jwks.statusCode).toBe(200);
    const keySet = jwks.json() as { keys: { kty: string; crv: string; kid: string; d?: string }[] };
    expect(keySet.keys.length).toBeGreaterThan(0);
    expect(keySet.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519' });
    for (const key of keySet.keys) expect(key.d).toBeUndefined();

    const res = await member.get('/api/auth/token');
    expect(res.statusCode).toBe(200);
    const { token } = res.json() as { token: string };
    expect(decodeProtectedHeader(token).alg).toBe('EdDSA');
    const { payload } = await jwtVerify(token, createLocalJWKSet(keySet), {
      issuer: t.env.SITE_URL,
      audience: t.env.SITE_URL,
    });
    expect(payload.sub).toBe(member.userId);
    expect(payload.email).toBe(member.member.email);

    // A token signed by anyone else does not verify.
    const [header, body] = token.split('.');
    const tampered = `${header}.${body}.${Buffer.alloc(64).toString('base64url')}`;
    await expect(jwtVerify(tampered, createLocalJWKSet(keySet))).rejects.toThrow();
    expect((await client(t).get('/api/auth/token')).statusCode).toBe(401);
  });

  it('authenticates with Authorization: Bearer <session token>, without cookies', async () => {
    const { member, userId } = await signUp(t);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json', origin: t.env.SITE_URL },
      payload: JSON.stringify({ email: member.email, password: member.password }),
    });
    expect(signIn.statusCode).toBe(200);
    const token = signIn.headers['set-auth-token'] as string;
    expect(token).toBeTruthy();
    const bearer = (value: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { authorization: `Bearer ${value}` } });

    const res = await bearer(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(userId);
    const guardedRes = await probe.inject({
      method: 'GET',
      url: '/test-probe/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(guardedRes.json()).toEqual({ id: userId });

    expect((await bearer('not-a-session-token')).json()).toBeNull();
    // Signing out with the bearer token ends it.
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { authorization: `Bearer ${token}`, origin: t.env.SITE_URL, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(out.statusCode).toBe(200);
    expect((await bearer(token)).json()).toBeNull();
  });
});

describe('junk never gets a 500', () => {
  const known = new Set<string>([
    ...Object.values(authErrorMessages),
    ...Object.values(authStatusMessages),
    ...Object.values(apiErrors).map((entry) => entry.message),
    ...PASSWORD_RULES.map(([, message]) => message),
    'Le nom doit contenir au moins 2 caractères',
    'Le nom ne peut pas dépasser 100 caractères',
    "L'email ne peut pas dépasser 255 caractères",
    'Le corps de la requête est illisible (JSON invalide).',
    "Ce type de code n'est pas proposé.",
  ]);

  async function userCount() {
    const [row] = await db.select({ n: count() }).from(user);
    return row?.n ?? 0;
  }

  const signUpWith = (payload: string | undefined, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: t.env.SITE_URL, ...(payload === undefined ? {} : { 'content-type': contentType }) },
      payload,
      remoteAddress: '10.11.0.1',
    });

  const email300 = `${'a'.repeat(288)}@exemple.fr`;
  it.each([
    ['no body', undefined, undefined],
    ['an empty object', '{}', undefined],
    ['broken JSON', '{"name": "Jean', undefined],
    ['an array', '[1, 2, 3]', undefined],
    ['a bare string', '"bonjour"', undefined],
    ['null', 'null', undefined],
    ['wrong types', JSON.stringify({ name: 42, email: true, password: ['Motdepasse1'] }), undefined],
    [
      'a number as password',
      JSON.stringify({ name: 'Jean Dupont', email: 'typage@exemple.fr', password: 12345678 }),
      undefined,
    ],
    [
      'an email as object',
      JSON.stringify({ name: 'Jean Dupont', email: { a: 1 }, password: 'Motdepasse1' }),
      'Email invalide',
    ],
    [
      'an email of 300 characters',
      JSON.stringify({ name: 'Jean Dupont', email: email300, password: 'Motdepasse1' }),
      "L'email ne peut pas dépasser 255 caractères",
    ],
    [
      'a malformed email',
      JSON.stringify({ name: 'Jean Dupont', email: 'jean@', password: 'Motdepasse1' }),
      'Email invalide',
    ],
    [
      'a name of 1 character',
      JSON.stringify({ name: 'J', email: 'court@exemple.fr', password: 'Motdepasse1' }),
      'Le nom doit contenir au moins 2 caractères',
    ],
    [
      'a name of blanks',
      JSON.stringify({ name: '     ', email: 'blancs@exemple.fr', password: 'Motdepasse1' }),
      'Le nom doit contenir au moins 2 caractères',
    ],
    ['a prototype-polluting key', '{"__proto__": {"admin": true}, "name": "Jean"}', undefined],
    [
      'a name of 101 characters',
      JSON.stringify({ name: 'J'.repeat(101), email: 'long@exemple.fr', password: 'Motdepasse1' }),
      'Le nom ne peut pas dépasser 100 caractères',
    ],
    ['text/plain', 'bonjour', 'Ce format de contenu n’est pas accepté.', 'text/plain'],
  ] as [string, string | undefined, string | undefined, string?][])(
    'sign-up with %s: 4xx in French, nothing written',
    async (_label, payload, message, contentType) => {
      const before = await userCount();
      const res = await signUpWith(payload, contentType);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      const error = res.json().error;
      expect(known, `${error.message}`).toContain(error.message);
      if (message) expect(error.message).toBe(message);
      expect(await userCount()).toBe(before);
    },
  );

  it('refuses a sign-up form posted from another site', async () => {
    const before = await userCount();
    for (const origin of ['https://malveillant.example', 'null']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'name=Jean+Dupont&email=csrf@exemple.fr&password=Motdepasse1',
        remoteAddress: '10.11.0.3',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('Origine de la requête non autorisée');
    }
    expect(await userCount()).toBe(before);
  });

  it('answers in French on the other entry points too', async () => {
    const c = client(t, '10.11.0.2');
    const cases: [string, unknown][] = [
      ['/api/auth/sign-in/email', { email: 'x', password: 1 }],
      ['/api/auth/sign-in/email', {}],
      ['/api/auth/request-password-reset', { email: `${'b'.repeat(290)}@exemple.fr` }],
      ['/api/auth/request-password-reset', { email: 'pas-un-email' }],
      ['/api/auth/reset-password', { token: 5 }],
      ['/api/auth/email-otp/send-verification-otp', { email: 'x@exemple.fr', type: 'autre' }],
      ['/api/auth/sign-in/email-otp', { email: 'x@exemple.fr' }],
      ['/api/auth/two-factor/verify-totp', { code: null }],
      ['/api/auth/passkey/verify-authentication', { response: 'n' }],
    ];
    for (const [path, body] of cases) {
      const res = await c.post(path, body);
      expect(res.statusCode, `${path} ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${path} ${res.body}`).toBeLessThan(500);
      expect(known, `${path}: ${res.json().error.message}`).toContain(res.json().error.message);
    }
  });

  it('has a French message for every error code Better Auth and its plugins can answer', () => {
    const codes = Object.keys(t.app.ctx.auth.$ERROR_CODES);
    expect(codes.length).toBeGreaterThan(50);
    expect(codes.filter((code) => !authErrorMessages[code])).toEqual([]);
  });
});

describe('endpoints we do not offer', () => {
  it('has no reset or verification by code, and sends codes for signing in only', async () => {
    const { member } = await signUp(t);
    const c = client(t, '10.12.0.1');
    for (const path of [
      '/api/auth/email-otp/reset-password',
      '/api/auth/email-otp/request-password-reset',
      '/api/auth/forget-password/email-otp',
      '/api/auth/email-otp/verify-email',
    ]) {
      const res = await c.post(path, { email: member.email, otp: '123456', password: 'faible' });
      expect(res.statusCode, path).toBe(404);
      expect(res.json().error.message).toBe('Cette adresse d’API n’existe pas.');
    }
    for (const type of ['forget-password', 'email-verification', 'change-email']) {
      const res = await c.post('/api/auth/email-otp/send-verification-otp', { email: member.email, type });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe("Ce type de code n'est pas proposé.");
    }
    expect(await mailCount(member.email, 'sign-in-code')).toBe(0);
    // The password is still the one chosen at sign-up.
    await signIn(t, member.email, member.password, '10.12.0.2');
  });
});

describe('rate limits', async () => {
  const limited = await createTestApp({ env: { AUTH_RATE_LIMIT: 'true' }, database: t.database });
  /** The message says the seconds its Retry-After header says (issue 31). */
  const expectWait = (res: { headers: Record<string, unknown>; json: () => { error: unknown } }, code: string) => {
    const seconds = Number(res.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(res.json().error).toEqual({
      code,
      message: `Trop de tentatives, réessayez dans ${seconds} ${seconds > 1 ? 'secondes' : 'seconde'}`,
    });
  };

  it('stops repeated sign-in failures from one address with a French 429, other addresses unaffected', async () => {
    const c = client(limited, '10.20.0.1');
    for (let i = 0; i < 10; i++) {
      const res = await c.post('/api/auth/sign-in/email', {
        email: `ip${i}.${Date.now()}@exemple.fr`,
        password: 'Mauvais1',
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await c.post('/api/auth/sign-in/email', {
      email: `ipx.${Date.now()}@exemple.fr`,
      password: 'Mauvais1',
    });
    expect(blocked.statusCode).toBe(429);
    expectWait(blocked, 'RATE_LIMITED');
    // Better Auth's window is a minute.
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);

    // A member on another address signs in normally.
    const other = await signUp(limited);
    const res = await client(limited, '10.20.0.2').post('/api/auth/sign-in/email', {
      email: other.member.email,
      password: other.member.password,
    });
    expect(res.statusCode).toBe(200);
  });

  it('never limits reading the session: a whole group on one address stays signed in', async () => {
    // Thirty phones behind a venue's Wi-Fi: one address, each reading its session often.
    const phones = await Promise.all(Array.from({ length: 3 }, () => signUp(limited)));
    const venue = '10.22.0.1';
    const statuses = new Map<string, number>();
    for (let round = 0; round < 6; round++) {
      const answers = await Promise.all(
        phones.flatMap((phone) =>
          Array.from({ length: 20 }, () =>
            limited.app.inject({
              method: 'GET',
              url: '/api/auth/get-session',
              headers: { cookie: phone.jar.header() },
              remoteAddress: venue,
            }),
          ),
        ),
      );
      for (const res of answers) {
        const key = `${res.statusCode}:${res.json()?.user?.email ? 'signed-in' : 'signed-out'}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
      }
    }
    // 360 reads in a few seconds, more than the 100 a minute of any limited path.
    expect(Object.fromEntries(statuses)).toEqual({ '200:signed-in': 360 });
    // A sign-in attempt from that address is still limited as one.
    const c = client(limited, venue);
    for (let i = 0; i < 10; i++) {
      await c.post('/api/auth/sign-in/email', { email: `gs${i}.${Date.now()}@exemple.fr`, password: 'Mauvais1' });
    }
    const blocked = await c.post('/api/auth/sign-in/email', {
      email: `gsx.${Date.now()}@exemple.fr`,
      password: 'Mauvais1',
    });
    expect(blocked.statusCode).toBe(429);
  });

  it('never locks the owner out from elsewhere: wrong passwords count per account and address (issue 33)', async () => {
    const target = await signUp(limited);
    for (let i = 0; i < 10; i++) {
      const res = await client(limited, `10.21.0.${i + 1}`).post('/api/auth/sign-in/email', {
        email: target.member.email,
        password: 'Mauvais1motdepasse',
      });
      expect(res.statusCode).toBe(401);
    }
    // The right password from the owner's own address is not held by a stranger's failures.
    const owner = await client(limited, '10.21.1.1').post('/api/auth/sign-in/email', {
      email: target.member.email,
      password: target.member.password,
    });
    expect(owner.statusCode).toBe(200);

    // One address that keeps trying waits, even with the right password, said in French.
    const c = client(limited, '10.21.2.1');
    for (let i = 0; i < 5; i++) {
      const res = await c.post('/api/auth/sign-in/email', {
        email: target.member.email,
        password: 'Mauvais1motdepasse',
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await c.post('/api/auth/sign-in/email', {
      email: target.member.email,
      password: target.member.password,
    });
    expect(blocked.statusCode).toBe(429);
    expectWait(blocked, 'RATE_LIMITED');
    // The first delay is 30 seconds; they double from there (auth/account-rate-limit.ts).
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(30);
  });
});
