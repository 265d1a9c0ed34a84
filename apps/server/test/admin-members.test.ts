import { adminMemberMessages, adminMessages, apiErrors } from '@synergie/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profiles, user, userRoles } from '../src/db/schema';
import { createTestApp } from './helpers/app';
import { client, signUp } from './helpers/auth';

const ADMIN_EMAIL = 'admin.members@synergie.test';
const t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
const admin = await signUp(t, { email: ADMIN_EMAIL, name: 'Alice Admin' });

const roleOf = async (userId: string) =>
  (await t.database.db.select().from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role);

describe('admin members API: permissions', () => {
  it('answers 401 to a visitor and 403 to a member on every route, changing nothing', async () => {
    const member = await signUp(t, { name: 'Marc Membre' });
    const target = await signUp(t, { name: 'Cible Intacte' });
    const visitor = client(t);
    const calls = [
      (c: typeof visitor) => c.get('/api/admin/members'),
      (c: typeof visitor) => c.post('/api/admin/admins', { email: member.member.email }),
      (c: typeof visitor) => c.put(`/api/admin/members/${target.userId}`, { fullName: 'Piraté', companyName: 'X' }),
      (c: typeof visitor) => c.delete(`/api/admin/members/${target.userId}`),
    ];
    for (const call of calls) {
      const anonymous = await call(visitor);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().error.message).toBe(apiErrors.UNAUTHENTICATED.message);
      const refused = await call(member);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(apiErrors.FORBIDDEN.message);
    }
    // Even an invalid body gets 401/403 first.
    expect((await visitor.post('/api/admin/admins', {})).statusCode).toBe(401);
    expect((await member.post('/api/admin/admins', {})).statusCode).toBe(403);

    expect(await roleOf(member.userId)).toEqual([]);
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.userId, target.userId));
    expect(profile?.fullName).toBe('Cible Intacte');
    expect((await target.get('/api/me')).statusCode).toBe(200);
  });
});

describe('GET /api/admin/members', () => {
  it('lists every member with email, profile, role, verification and subscription, with search and pages', async () => {
    const carpenter = await signUp(t, { name: 'Claire Menuisière' });
    await carpenter.put('/api/me/profile', {
      fullName: 'Claire Menuisière',
      companyName: 'Bois & Co',
      phone: '',
      bio: '',
      profession: 'Menuisière',
      industry: '',
      city: '',
      sponsorName: '',
      websiteUrl: '',
      linkedinUrl: '',
      twitterUrl: '',
      githubUrl: '',
      facebookUrl: '',
      skills: [],
      lookingFor: [],
    });
    const checkout = await carpenter.post('/api/billing/checkout', { planId: 'monthly' });
    const session = new URL(checkout.json().url).searchParams.get('session');
    expect((await carpenter.post('/api/billing/demo/complete', { session })).statusCode).toBe(200);

    const all = await admin.get('/api/admin/members');
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.total).toBeGreaterThanOrEqual(2);
    const me = body.members.find((m: { userId: string }) => m.userId === admin.userId);
    expect(me).toMatchObject({ email: ADMIN_EMAIL, fullName: 'Alice Admin', isAdmin: true, subscription: null });
    const row = body.members.find((m: { userId: string }) => m.userId === carpenter.userId);
    expect(row).toMatchObject({
      email: carpenter.member.email,
      fullName: 'Claire Menuisière',
      companyName: 'Bois & Co',
      profession: 'Menuisière',
      isAdmin: false,
      emailVerified: false,
      subscription: { status: 'trialing', planId: 'monthly', provider: 'demo', cancelAtPeriodEnd: false },
    });
    expect(Number.isNaN(Date.parse(row.createdAt))).toBe(false);

    for (const q of ['bois', 'MENUIS', carpenter.member.email]) {
      const found = (await admin.get(`/api/admin/members?q=${encodeURIComponent(q)}`)).json();
      expect(found.members.map((m: { userId: string }) => m.userId)).toEqual([carpenter.userId]);
      expect(found.total).toBe(1);
    }
    // '%' is a character, not a wildcard.
    expect((await admin.get('/api/admin/members?q=%25')).json().members).toEqual([]);

    const page1 = (await admin.get('/api/admin/members?pageSize=1&page=1')).json();
    const page2 = (await admin.get('/api/admin/members?pageSize=1&page=2')).json();
    expect(page1.members).toHaveLength(1);
    expect(page2.members).toHaveLength(1);
    expect(page1.members[0].userId).not.toBe(page2.members[0].userId);
    expect(page1.total).toBe(body.total);
    const beyond = (await admin.get('/api/admin/members?pageSize=1&page=9999')).json();
    expect(beyond.members).toEqual([]);
    expect(beyond.total).toBe(body.total);
  });
});

describe('POST /api/admin/admins', () => {
  it('promotes by email with the spec messages', async () => {
    const future = await signUp(t, { name: 'Futur Admin' });
    const empty = await admin.post('/api/admin/admins', { email: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(adminMessages.emailRequired);
    expect((await admin.post('/api/admin/admins', {})).json().error.message).toBe(adminMessages.emailRequired);

    const unknown = await admin.post('/api/admin/admins', { email: 'personne@exemple.fr' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(adminMessages.userNotFound);

    const ok = await admin.post('/api/admin/admins', { email: ` ${future.member.email.toUpperCase()} ` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ userId: future.userId, message: adminMemberMessages.promoted });
    expect(await roleOf(future.userId)).toEqual(['admin']);
    // The new admin now passes the guard.
    expect((await future.get('/api/admin/members')).statusCode).toBe(200);

    const again = await admin.post('/api/admin/admins', { email: future.member.email });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(adminMessages.alreadyAdmin);
  });

  it('gives one success and one "already admin" when two admins promote the same member at once', async () => {
    const member = await signUp(t);
    const results = await Promise.all([
      admin.post('/api/admin/admins', { email: member.member.email }),
      admin.post('/api/admin/admins', { email: member.member.email }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('PUT /api/admin/members/:userId', () => {
  it("edits a member's name and company, with the profile form's rules", async () => {
    const member = await signUp(t, { name: 'Nom Avant' });
    const bad = await admin.put(`/api/admin/members/${member.userId}`, { fullName: 'A', companyName: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Le nom doit contenir au moins 2 caractères');

    const res = await admin.put(`/api/admin/members/${member.userId}`, {
      fullName: '  Nom Après ',
      companyName: ' Nouvelle Société ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId: member.userId, fullName: 'Nom Après', companyName: 'Nouvelle Société' });
    const me = (await member.get('/api/me')).json();
    expect(me.profile).toMatchObject({ fullName: 'Nom Après', companyName: 'Nouvelle Société' });
    expect(me.user.name).toBe('Nom Après');

    const cleared = await admin.put(`/api/admin/members/${member.userId}`, { fullName: 'Nom Après', companyName: '' });
    expect(cleared.json().companyName).toBeNull();

    const missing = await admin.put('/api/admin/members/inconnu', { fullName: 'Quelqu’un', companyName: '' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(adminMessages.userNotFound);
  });
});

describe('DELETE /api/admin/members/:userId', () => {
  it("deletes the member's account, content and files, as the member's own deletion does", async () => {
    const member = await signUp(t, { name: 'À Supprimer' });
    // A stored file under the member's id.
    await t.app.ctx.storage.put('avatars', `${member.userId}/photo.webp`, Buffer.from('x'), 'image/webp');
    const storedFile = () => t.app.inject({ method: 'GET', url: `/storage/avatars/${member.userId}/photo.webp` });
    expect((await storedFile()).statusCode).toBe(200);

    const res = await admin.delete(`/api/admin/members/${member.userId}`);
    expect(res.statusCode).toBe(200);
    expect(await t.database.db.select().from(user).where(eq(user.id, member.userId))).toEqual([]);
    expect(await t.database.db.select().from(profiles).where(eq(profiles.userId, member.userId))).toEqual([]);
    expect((await storedFile()).statusCode).toBe(404);
    // Their session no longer works.
    expect((await member.get('/api/me')).statusCode).toBe(401);

    const again = await admin.delete(`/api/admin/members/${member.userId}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(adminMessages.userNotFound);
  });

  it('refuses to let an admin delete their own account from here', async () => {
    const res = await admin.delete(`/api/admin/members/${admin.userId}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(adminMemberMessages.cannotDeleteSelf);
    expect((await admin.get('/api/me')).statusCode).toBe(200);
  });
});
