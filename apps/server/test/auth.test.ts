import { authMessages } from '@synergie/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profiles, user } from '../src/db/schema';
import { createTestApp } from './helpers/app';
import { client, lastMailTo, linkIn, signUp } from './helpers/auth';

const t = await createTestApp({ env: { ADMIN_EMAILS: 'chef@synergie.test' } });

describe('sign up', () => {
  it('creates the account and its profile, mails a verification link that signs in', async () => {
    const c = client(t);
    const res = await c.post('/api/auth/sign-up/email', {
      name: 'Claire Martin',
      email: 'claire@exemple.fr',
      password: 'Motdepasse1',
    });
    expect(res.statusCode).toBe(200);
    // Nobody is signed in by the answer, the same for a known address (issue 33).
    expect(c.jar.has('session_token')).toBe(false);
    const [created] = await t.database.db.select().from(user).where(eq(user.email, 'claire@exemple.fr'));
    const userId = created?.id as string;
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.userId, userId));
    expect(profile?.fullName).toBe('Claire Martin');

    const mail = await lastMailTo(t, 'claire@exemple.fr');
    expect(mail?.template).toBe('verify-email');
    const link = new URL(linkIn(mail?.text ?? ''));
    expect(link.pathname).toBe('/api/auth/verify-email');
    const verify = await c.get(`${link.pathname}${link.search}`);
    expect([200, 302]).toContain(verify.statusCode);
    const [row] = await t.database.db.select().from(user).where(eq(user.id, userId));
    expect(row?.emailVerified).toBe(true);
    expect(c.jar.has('session_token')).toBe(true);
  });

  it.each([
    ['court1A', 'Le mot de passe doit contenir au moins 8 caractères'],
    ['sansmajuscule1', 'Le mot de passe doit contenir au moins une majuscule'],
    ['SansChiffre', 'Le mot de passe doit contenir au moins un chiffre'],
  ])('refuses the weak password %s with "%s"', async (password, message) => {
    const res = await client(t).post('/api/auth/sign-up/email', {
      name: 'Paul',
      email: `p-${password}@exemple.fr`,
      password,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    const rows = await t.database.db
      .select()
      .from(user)
      .where(eq(user.email, `p-${password}@exemple.fr`.toLowerCase()));
    expect(rows).toHaveLength(0);
  });

  it('creates no second account on the same email, and says so to its owner only (issue 33)', async () => {
    await signUp(t, { email: 'double@exemple.fr' });
    const res = await client(t).post('/api/auth/sign-up/email', {
      name: 'Autre',
      email: 'double@exemple.fr',
      password: 'Motdepasse1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: authMessages.signUpRequested });
    expect(await t.database.db.select().from(user).where(eq(user.email, 'double@exemple.fr'))).toHaveLength(1);
    expect((await lastMailTo(t, 'double@exemple.fr'))?.template).toBe('already-registered');
  });
});

describe('sign in', () => {
  it('signs in with the password and answers wrong credentials in French', async () => {
    const { member } = await signUp(t);
    const c = client(t);
    const wrong = await c.post('/api/auth/sign-in/email', { email: member.email, password: 'Mauvais1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toEqual({ code: 'UNAUTHENTICATED', message: 'Email ou mot de passe incorrect' });
    const ok = await c.post('/api/auth/sign-in/email', { email: member.email, password: member.password });
    expect(ok.statusCode).toBe(200);
    const session = await c.get('/api/auth/get-session');
    expect(session.json().user.email).toBe(member.email);
  });
});
