import type { GroupPage, LeaderPage, MyGroup } from '@synergie/shared';
import type { RosterReview } from '@synergie/shared/roster-import';
import { typographyProblems } from '@synergie/shared/typography';
import { and, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { groupHistory, profiles, trades } from '../src/db/schema';
import { createTestApp } from './helpers/app';
import { client, signUp } from './helpers/auth';
import { createGroup, seat } from './helpers/groups';
import { insertMembers, signUpSubscriber } from './helpers/members';

/**
 * The feminine forms of titles (issue 31, docs/product/decisions.md "formes féminines"): the
 * member's choice on their profile, the catalogue's feminine labels (migration 0029), and every
 * place that names a particular member's title or trade. On PGlite or PostgreSQL (TEST_DB).
 */

const ADMIN_EMAIL = 'admin.feminin@synergie.test';
const t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
const db = t.database.db;

const catalogue = await db
  .select({ id: trades.id, slug: trades.slug, label: trades.label, labelFeminine: trades.labelFeminine })
  .from(trades);
const bySlug = (slug: string) => {
  const found = catalogue.find((trade) => trade.slug === slug);
  if (!found) throw new Error(`no trade ${slug}`);
  return found;
};

/** A valid /profile form, as the browser sends it. */
const profileForm = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Claire Martin',
  companyName: 'Martin Conseil',
  phone: '',
  bio: '',
  industry: 'Conseil',
  city: 'Lyon',
  sponsorName: '',
  websiteUrl: '',
  linkedinUrl: '',
  twitterUrl: '',
  githubUrl: '',
  facebookUrl: '',
  skills: [],
  lookingFor: [],
  ...overrides,
});

describe('the catalogue’s feminine labels (migration 0029)', () => {
  it('gives the feminine where French has a distinct one, by slug', () => {
    const feminine = (slug: string) => bySlug(slug).labelFeminine;
    expect(feminine('avocat')).toBe('Avocate');
    expect(feminine('consultant')).toBe('Consultante');
    expect(feminine('consultant-en-marketing')).toBe('Consultante en marketing');
    expect(feminine('plombier-chauffagiste')).toBe('Plombière chauffagiste');
    expect(feminine('expert-comptable')).toBe('Experte-comptable');
    expect(feminine('agent-immobilier')).toBe('Agente immobilière');
    expect(feminine('conseiller-en-gestion-de-patrimoine')).toBe('Conseillère en gestion de patrimoine');
    expect(feminine('boulanger-patissier')).toBe('Boulangère-pâtissière');
    expect(feminine('chirurgien-dentiste')).toBe('Chirurgienne-dentiste');
    expect(feminine('developpeur-web')).toBe('Développeuse web');
    expect(feminine('formateur')).toBe('Formatrice');
    expect(feminine('courtier-en-assurances')).toBe('Courtière en assurances');
    expect(feminine('chauffeur-de-taxi')).toBe('Chauffeuse de taxi');
    expect(feminine('agent-general-d-assurance')).toBe('Agente générale d’assurance');
  });

  it('leaves null the same words and the companies', () => {
    for (const slug of [
      'architecte',
      'notaire',
      'photographe',
      'fleuriste',
      'sage-femme',
      'veterinaire',
      'psychologue',
      'medecin-generaliste',
      'peintre-en-batiment',
      'garagiste',
      'commissaire-de-justice',
      'agence-web',
      'auto-ecole',
      'bureau-d-etudes-techniques',
      'societe-de-domiciliation',
      'entreprise-de-nettoyage',
    ]) {
      expect(bySlug(slug).labelFeminine, slug).toBeNull();
    }
  });

  it('writes every feminine label in French typography, distinct from its label', () => {
    const filled = catalogue.filter((trade) => trade.labelFeminine !== null);
    expect(filled.length).toBeGreaterThanOrEqual(100);
    for (const trade of filled) {
      expect(typographyProblems(trade.labelFeminine ?? ''), trade.slug).toEqual([]);
      expect(trade.labelFeminine, trade.slug).not.toBe(trade.label);
      expect(trade.labelFeminine?.at(0), trade.slug).toBe(trade.labelFeminine?.at(0)?.toUpperCase());
    }
  });
});

describe('the member’s choice (PUT /api/me/profile, GET /api/me)', () => {
  it('is masculine by default, saved, kept when the key is missing, and in the RGPD export', async () => {
    const member = await signUp(t);
    expect((await member.get('/api/me')).json().profile.titleForm).toBe('masculine');

    const saved = await member.put('/api/me/profile', profileForm({ titleForm: 'feminine' }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().titleForm).toBe('feminine');
    expect((await member.get('/api/me')).json().profile.titleForm).toBe('feminine');

    // An older client, without the key, leaves the choice as it is.
    expect((await member.put('/api/me/profile', profileForm({ city: 'Lille' }))).json().titleForm).toBe('feminine');
    expect((await member.get('/api/me/export')).json().profile.titleForm).toBe('feminine');
  });

  it('refuses an unknown value in French, and changes nothing', async () => {
    const member = await signUp(t);
    const res = await member.put('/api/me/profile', profileForm({ titleForm: 'neutre', city: 'Nice' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION',
      message: 'Choisissez l’accord de vos titres',
      fields: { titleForm: 'Choisissez l’accord de vos titres' },
    });
    const [row] = await db
      .select({ titleForm: profiles.titleForm, city: profiles.city })
      .from(profiles)
      .where(eq(profiles.userId, member.userId));
    expect(row).toEqual({ titleForm: 'masculine', city: null });
  });

  it('is refused by the database outside the two forms', async () => {
    const [userId] = await insertMembers(t, 1, [{ fullName: 'Rita Contrainte' }]);
    await expect(
      db.execute(`update profiles set title_form = 'neutre' where user_id = '${userId}'`),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23514' }) });
  });
});

/**
 * A group led by Sophie (feminine, consultant), with Marc (masculine, expert-comptable) as
 * vice-président and Léa (feminine, architecte: the same word) as a plain member.
 */
async function groupOfThree() {
  const group = await createGroup(db, { name: 'Synergie Pro Lyon Féminin' });
  const sophie = await signUpSubscriber(
    t,
    {},
    { fullName: 'Sophie Marchand', tradeId: bySlug('consultant').id, titleForm: 'feminine' },
  );
  const [marc, lea] = (await insertMembers(t, 2, [
    { fullName: 'Marc Fontaine', tradeId: bySlug('expert-comptable').id },
    { fullName: 'Léa Chevalier', tradeId: bySlug('architecte').id, titleForm: 'feminine' },
  ])) as [string, string];
  await seat(db, group.id, [
    { userId: sophie.userId, tradeId: bySlug('consultant').id, role: 'president' },
    { userId: marc, tradeId: bySlug('expert-comptable').id, role: 'vice_president' },
    { userId: lea, tradeId: bySlug('architecte').id },
  ]);
  return { group, sophie, marc, lea };
}

const cardOf = (page: Pick<GroupPage, 'members'>, userId: string) => {
  const card = page.members.find((m) => m.userId === userId);
  if (!card) throw new Error(`no card for ${userId}`);
  return card;
};

describe('a member’s title and trade where the network names them', () => {
  it('the group page: `Présidente` and `Consultante` for her, the masculine for him', async () => {
    const { group, sophie, marc, lea } = await groupOfThree();
    const page: GroupPage = (await client(t).get(`/api/group-pages/${group.slug}`)).json();
    expect(cardOf(page, sophie.userId)).toMatchObject({
      role: 'president',
      roleLabel: 'Présidente',
      tradeLabel: 'Consultante',
    });
    expect(cardOf(page, marc)).toMatchObject({
      role: 'vice_president',
      roleLabel: 'Vice-président',
      tradeLabel: 'Expert-comptable',
    });
    // A trade without a feminine label reads the same; no role, no title.
    expect(cardOf(page, lea)).toMatchObject({ role: null, roleLabel: null, tradeLabel: 'Architecte' });
    // Open seats are trades in general: their plain label.
    const openLabels = page.openSeatsByFamily.flatMap((f) => f.trades.map((trade) => trade.label));
    expect(openLabels).toContain('Avocat');
    expect(openLabels).not.toContain('Avocate');
  });

  it('my group, the leaders’ page (with its history) and the admins’ list of groups', async () => {
    const { group, sophie, lea } = await groupOfThree();
    const mine: MyGroup = (await sophie.get('/api/me/group')).json();
    expect(mine.membership).toMatchObject({ role: 'president', roleLabel: 'Présidente' });
    expect(cardOf(mine.group as GroupPage, sophie.userId).tradeLabel).toBe('Consultante');

    // Sophie names Léa secretary-treasurer: the history words it as Léa reads it.
    const named = await sophie.put(`/api/groups/${group.id}/leaders/secretary_treasurer`, { userId: lea });
    expect(named.statusCode, named.body).toBe(204);
    const [entry] = await db
      .select({ message: groupHistory.message })
      .from(groupHistory)
      .where(and(eq(groupHistory.groupId, group.id), eq(groupHistory.kind, 'role_named')));
    expect(entry?.message).toBe('Secrétaire-trésorière');

    const leaders: LeaderPage = (await sophie.get(`/api/groups/${group.id}/leaders-page`)).json();
    expect(cardOf(leaders, lea)).toMatchObject({ roleLabel: 'Secrétaire-trésorière', titleForm: 'feminine' });
    expect(leaders.history.find((h) => h.kind === 'role_named')?.message).toBe('Secrétaire-trésorière');

    const admin = await signUp(t, { email: ADMIN_EMAIL });
    const listed = (await admin.get('/api/admin/groups')).json().groups.find((g: { id: string }) => g.id === group.id);
    expect(listed.leaders.map((l: { roleLabel: string }) => l.roleLabel)).toEqual([
      'Présidente',
      'Vice-président',
      'Secrétaire-trésorière',
    ]);
  });

  it('the directory, the member page and the vCard read the feminine label', async () => {
    const viewer = await signUpSubscriber(t);
    const [avocate, avocat] = (await insertMembers(t, 2, [
      { fullName: 'Isabelle Caron Féminin', tradeId: bySlug('avocat').id, titleForm: 'feminine' },
      { fullName: 'Antoine Lefèvre Féminin', tradeId: bySlug('avocat').id },
    ])) as [string, string];
    const found = (await viewer.get(`/api/members?q=${encodeURIComponent('Féminin')}`)).json().members as {
      userId: string;
      trade: { label: string } | null;
    }[];
    expect(found.find((m) => m.userId === avocate)?.trade?.label).toBe('Avocate');
    expect(found.find((m) => m.userId === avocat)?.trade?.label).toBe('Avocat');

    const page = (await client(t).get(`/api/members/${avocate}/page`)).json();
    expect(page).toMatchObject({ trade: { label: 'Avocate' }, profession: 'Avocate' });
    const vcard = (await client(t).get(`/api/members/${avocate}/vcard`)).body;
    expect(vcard).toContain('TITLE:Avocate\r\n');
    // The stored profession stays the trade's plain label (the directory's keys read it).
    const [row] = await db
      .select({ profession: profiles.profession })
      .from(profiles)
      .where(eq(profiles.userId, avocate));
    expect(row?.profession).toBe('Avocat');
  });

  it('the roster import reads a title and a trade written in the feminine', async () => {
    const { group, sophie } = await groupOfThree();
    const stamp = Date.now().toString(36);
    const review: RosterReview = (
      await sophie.post(`/api/groups/${group.id}/roster/dry-run`, {
        headers: ['Nom', 'Email', 'Métier', 'Rôle'],
        rows: [
          { line: 2, cells: ['Nadia Benali', `nadia.${stamp}@roster.example`, 'Avocate', 'Trésorière'] },
          { line: 3, cells: ['Inès Garnier', `ines.${stamp}@roster.example`, 'Développeuse web', 'Membre'] },
        ],
        mapping: { name: [0], email: 1, phone: null, company: null, trade: 2, role: 3 },
        tradeChoices: {},
      })
    ).json();
    expect(review.lines[0]).toMatchObject({ trade: { label: 'Avocat' }, role: 'secretary_treasurer', problems: [] });
    expect(review.lines[1]).toMatchObject({ trade: { label: 'Développeur web' }, role: null, problems: [] });
  });
});

describe('the admins’ trade form (/admin/metiers)', () => {
  it('saves the feminine label with its typography, none when empty or the same word', async () => {
    const admin = await signUp(t, { email: ADMIN_EMAIL });
    const created = await admin.post('/api/admin/trades', {
      label: 'Conseiller en art floral',
      labelFeminine: " Conseillère en art floral d'intérieur ",
      family: 'commerce',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().labelFeminine).toBe('Conseillère en art floral d’intérieur');
    const id = created.json().id as string;

    const form = { label: 'Conseiller en art floral', family: 'commerce', nafCode: '', regulated: false };
    expect(
      (await admin.put(`/api/admin/trades/${id}`, { ...form, labelFeminine: '' })).json().labelFeminine,
    ).toBeNull();
    const same = await admin.put(`/api/admin/trades/${id}`, { ...form, labelFeminine: 'Conseiller en art floral' });
    expect(same.json().labelFeminine).toBeNull();
    const refused = await admin.put(`/api/admin/trades/${id}`, { ...form, labelFeminine: 'C' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.labelFeminine).toBe('Le libellé au féminin doit contenir au moins 2 caractères');

    await admin.put(`/api/admin/trades/${id}`, { ...form, labelFeminine: 'Conseillère en art floral' });
    const listed = (await admin.get('/api/admin/trades')).json().trades.find((x: { id: string }) => x.id === id);
    expect(listed.labelFeminine).toBe('Conseillère en art floral');
    const stored = await db
      .select({ labelFeminine: trades.labelFeminine })
      .from(trades)
      .where(and(eq(trades.id, id), isNotNull(trades.labelFeminine)));
    expect(stored).toEqual([{ labelFeminine: 'Conseillère en art floral' }]);
  });
});
