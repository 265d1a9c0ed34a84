import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberProjects, memberRatings, memberServices, profiles, user } from '../src/db/schema';
import { vcardSlug } from '../src/domain/member-page';
import { escapeVcardText, foldVcardLine } from '../src/lib/vcard';
import { createTestApp } from './helpers/app';
import { client, signUp } from './helpers/auth';

const t = await createTestApp({ env: { SITE_URL: 'https://www.synergie-pro.fr' } });

type Member = Awaited<ReturnType<typeof signUp>>;

/** A member in trial through the demo checkout, as a browser completes it. */
async function subscribe(member: Member) {
  const checkout = await member.post('/api/billing/checkout', { planId: 'monthly' });
  expect(checkout.statusCode).toBe(200);
  const session = new URL(checkout.json().url).searchParams.get('session');
  expect((await member.post('/api/billing/demo/complete', { session })).statusCode).toBe(200);
  return member;
}

/** Another member, straight into the database (they never sign in). */
async function insertUser(name: string) {
  const id = randomUUID();
  await t.database.db.insert(user).values({ id, name, email: `${id}@exemple.test` });
  await t.database.db.insert(profiles).values({ userId: id, fullName: name });
  return id;
}

const bio = 'Rénovation, extension; conseil\nDevis gratuit \\ sous 48 h. '.repeat(3).trim();

const owner = await signUp(t, { name: 'Élodie Marchand', email: 'elodie.marchand@exemple.fr' });
await t.database.db
  .update(profiles)
  .set({
    fullName: 'Élodie Marchand',
    companyName: 'Marchand & Fils, Rénovation',
    profession: 'Architecte',
    industry: 'Bâtiment',
    city: 'Lyon',
    phone: '+33 6 12 34 56 78',
    bio,
    websiteUrl: 'https://marchand.example',
    skills: ['Rénovation', 'Extension'],
    lookingFor: ['Notaire'],
  })
  .where(eq(profiles.userId, owner.userId));
const raters = [await insertUser('Paul Durand'), await insertUser('Inès Roche')];
await t.database.db.insert(memberRatings).values([
  { raterId: raters[0] as string, ratedId: owner.userId, rating: 4 },
  { raterId: raters[1] as string, ratedId: owner.userId, rating: 5 },
]);
await t.database.db.insert(memberServices).values([
  { userId: owner.userId, title: 'Ancien service', description: 'Le premier', createdAt: new Date('2025-01-01') },
  { userId: owner.userId, title: 'Nouveau service', description: 'Le dernier', createdAt: new Date('2025-06-01') },
]);
await t.database.db.insert(memberProjects).values([
  { userId: owner.userId, title: 'Projet 2024', createdAt: new Date('2024-03-01') },
  { userId: owner.userId, title: 'Projet 2025', createdAt: new Date('2025-03-01') },
]);
// Someone else's content never shows on this page.
await t.database.db
  .insert(memberServices)
  .values({ userId: raters[0] as string, title: 'Service de Paul', description: 'Autre membre' });

const pageUrl = `https://www.synergie-pro.fr/membres/${owner.userId}`;

/** The vCard's logical lines: folded lines joined back (RFC 2425 section 5.8.1). */
const unfold = (text: string) => text.replace(/\r\n /g, '').split('\r\n');

describe('GET /api/members/:userId/page', () => {
  it('shows a visitor the public page without phone or email', async () => {
    const res = await client(t).get(`/api/members/${owner.userId}/page`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const page = res.json();
    expect(page).toMatchObject({
      userId: owner.userId,
      fullName: 'Élodie Marchand',
      companyName: 'Marchand & Fils, Rénovation',
      profession: 'Architecte',
      industry: 'Bâtiment',
      city: 'Lyon',
      bio,
      skills: ['Rénovation', 'Extension'],
      lookingFor: ['Notaire'],
      averageRating: 4.5,
      ratingsCount: 2,
      contactVisible: false,
      phone: null,
      email: null,
      pageUrl,
    });
    expect(page.links.websiteUrl).toBe('https://marchand.example');
    expect(page.services.map((s: { title: string }) => s.title)).toEqual(['Nouveau service', 'Ancien service']);
    expect(page.projects.map((p: { title: string }) => p.title)).toEqual(['Projet 2025', 'Projet 2024']);
    expect(res.body).not.toContain('+33 6 12 34 56 78');
    expect(res.body).not.toContain('elodie.marchand@exemple.fr');
  });

  it('hides the contact details from a signed-in member without a subscription', async () => {
    const member = await signUp(t);
    const page = (await member.get(`/api/members/${owner.userId}/page`)).json();
    expect(page).toMatchObject({ contactVisible: false, phone: null, email: null });
  });

  it('shows the contact details to a subscriber, and to the member themself', async () => {
    const subscriber = await subscribe(await signUp(t));
    const page = (await subscriber.get(`/api/members/${owner.userId}/page`)).json();
    expect(page).toMatchObject({
      contactVisible: true,
      phone: '+33 6 12 34 56 78',
      email: 'elodie.marchand@exemple.fr',
    });
    const own = (await owner.get(`/api/members/${owner.userId}/page`)).json();
    expect(own).toMatchObject({ contactVisible: true, phone: '+33 6 12 34 56 78' });
  });

  it('falls back to the account name and answers 404 for an unknown member', async () => {
    const bare = await insertUser('Compte Seul');
    await t.database.db.update(profiles).set({ fullName: '  ' }).where(eq(profiles.userId, bare));
    await t.database.db.update(user).set({ name: 'Compte Seul' }).where(eq(user.id, bare));
    const page = (await client(t).get(`/api/members/${bare}/page`)).json();
    expect(page).toMatchObject({ fullName: 'Compte Seul', averageRating: null, ratingsCount: 0, services: [] });

    for (const id of [randomUUID(), 'inconnu']) {
      const res = await client(t).get(`/api/members/${id}/page`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: 'NOT_FOUND', message: 'Membre introuvable' });
    }
    expect((await client(t).get(`/api/members/${randomUUID()}/vcard`)).statusCode).toBe(404);
  });

  it('shows the trade with its specialty and the home group, never an ended one (network-core §1-2)', async () => {
    const member = await insertUser('Notaire Groupé');
    const { rows: trades } = await t.database.db.execute<{ id: string }>(
      sql`select id from trades where label = 'Notaire'`,
    );
    const tradeId = trades[0]?.id as string;
    await t.database.db.update(profiles).set({ tradeId, specialty: 'Droit rural' }).where(eq(profiles.userId, member));
    const { rows: groups } = await t.database.db.execute<{ id: string }>(sql`
      insert into groups (slug, name, city, department_code, region, meeting_place, meeting_rhythm, meeting_weekday, meeting_time)
      values ('page-lyon', 'Synergie Pro Lyon', 'Lyon', '69', 'Auvergne-Rhône-Alpes', 'Lyon', 'weekly', 2, '07:00'),
             ('page-paris', 'Synergie Pro Paris', 'Paris', '75', 'Île-de-France', 'Paris', 'weekly', 3, '07:00')
      returning id`);
    await t.database.db.execute(sql`insert into group_members (group_id, user_id, trade_id, status, ended_at)
      values (${groups[1]?.id}, ${member}, ${tradeId}, 'left', now())`);
    await t.database.db.execute(
      sql`insert into group_members (group_id, user_id, trade_id) values (${groups[0]?.id}, ${member}, ${tradeId})`,
    );
    const page = (await client(t).get(`/api/members/${member}/page`)).json();
    expect(page).toMatchObject({
      profession: 'Notaire',
      trade: { id: tradeId, label: 'Notaire', family: 'droit-chiffre', regulated: true },
      specialty: 'Droit rural',
      group: { id: groups[0]?.id, name: 'Synergie Pro Lyon', slug: 'page-lyon' },
    });
    const alone = (await client(t).get(`/api/members/${owner.userId}/page`)).json();
    expect(alone).toMatchObject({ trade: null, group: null });
  });
});

describe('GET /api/members/:userId/vcard', () => {
  it('downloads a vCard 3.0 without contact details for a visitor', async () => {
    const res = await client(t).get(`/api/members/${owner.userId}/vcard`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="elodie-marchand.vcf"');
    const text = res.body;
    // CRLF line endings only, every physical line at most 75 octets.
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);

    const lines = unfold(text);
    expect(lines[0]).toBe('BEGIN:VCARD');
    expect(lines[1]).toBe('VERSION:3.0');
    expect(lines).toContain('N:Marchand;Élodie;;;');
    expect(lines).toContain('FN:Élodie Marchand');
    expect(lines).toContain('ORG:Marchand & Fils\\, Rénovation');
    expect(lines).toContain('TITLE:Architecte');
    expect(lines).toContain(`URL:${pageUrl}`);
    const note = lines.find((l) => l.startsWith('NOTE:'));
    expect(note).toBe(
      `NOTE:${bio.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/,/g, '\\,').replace(/;/g, '\\;')}`,
    );
    expect(lines.at(-2)).toBe('END:VCARD');
    expect(text).not.toContain('TEL');
    expect(text).not.toContain('EMAIL');
  });

  it('adds phone and email for a subscriber', async () => {
    const subscriber = await subscribe(await signUp(t));
    const lines = unfold((await subscriber.get(`/api/members/${owner.userId}/vcard`)).body);
    expect(lines).toContain('TEL;TYPE=WORK,VOICE:+33 6 12 34 56 78');
    expect(lines).toContain('EMAIL;TYPE=INTERNET:elodie.marchand@exemple.fr');
  });
});

describe('vCard helpers', () => {
  it('escapes text values', () => {
    expect(escapeVcardText('a\\b,c;d\r\ne\nf')).toBe('a\\\\b\\,c\\;d\\ne\\nf');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const line = `NOTE:${'é'.repeat(100)}`;
    const folded = foldVcardLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) expect(part.startsWith(' ')).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldVcardLine('FN:Court')).toBe('FN:Court');
  });

  it('names the file after the member', () => {
    expect(vcardSlug('Élodie  Marchand-Noël')).toBe('elodie-marchand-noel');
    expect(vcardSlug('***')).toBe('membre');
  });
});
