import { directoryMessages } from '@synergie/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberRatings, profiles, trades, user } from '../src/db/schema';
import { createTestApp } from './helpers/app';
import { client, signUp } from './helpers/auth';
import { insertMembers, type Member, setProfile, signUpSubscriber } from './helpers/members';
import { routeRecorder, subscriberCalls } from './helpers/route-table';

const table = routeRecorder();
const t = await createTestApp({ onRoute: table.onRoute });
const db = t.database.db;

interface Card {
  userId: string;
  fullName: string;
  skills: string[];
  lookingFor: string[];
  averageRating: number | null;
  ratingsCount: number;
  myRating: number | null;
  contactStatus: string;
  synergyScore: number | null;
}
const members = async (member: Member, query: string) => {
  const res = await member.get(`/api/members?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { members: Card[]; total: number; page: number; pageSize: number };
};
const names = (page: { members: Card[] }) => page.members.map((m) => m.fullName);

/** Counts the SQL statements the database driver receives while `run` goes on. */
async function countQueries(run: () => Promise<unknown>): Promise<number> {
  const driver = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = driver.query;
  let count = 0;
  driver.query = function (this: unknown, ...args: unknown[]) {
    count += 1;
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    driver.query = original;
  }
  return count;
}

const directoryPrefixes = ['/api/members', '/api/me/contact-requests', '/api/me/shared-projects'];
// The routes declared for subscribers (config.access), as the app registered them.
const ours = subscriberCalls(table.routes()).filter((r) => directoryPrefixes.some((p) => r.url.startsWith(p)));

describe('subscribers only', () => {
  it('every directory and network route: 401 signed out, 403 without a subscription, open to a subscriber', async () => {
    expect(ours.length).toBe(9);
    const visitor = client(t);
    const member = await signUp(t);
    const subscriber = await signUpSubscriber(t);
    for (const route of ours) {
      const call = (c: typeof visitor) =>
        route.method === 'GET' ? c.get(route.url) : c[route.method === 'POST' ? 'post' : 'put'](route.url, route.body);
      const label = `${route.method} ${route.url}`;
      expect((await call(visitor)).statusCode, label).toBe(401);
      const refused = await call(member);
      expect(refused.statusCode, label).toBe(403);
      expect(refused.json().error.code, label).toBe('SUBSCRIPTION_REQUIRED');
      const open = await call(subscriber);
      expect(open.statusCode, label).toBe(route.method === 'GET' ? 200 : 404);
    }
    // Invalid input from a visitor is still 401 (checked before validation).
    expect((await visitor.get('/api/members?pageSize=1000')).statusCode).toBe(401);
    expect((await member.put(`/api/members/${subscriber.userId}/rating`, { rating: 9 })).statusCode).toBe(403);
  });
});

describe('search, filters, pagination', () => {
  it('searches name, company, profession, skills and city without case or accents; filters; never lists the viewer', async () => {
    const viewer = await signUpSubscriber(t, { name: 'Zoé Recherche' }, { profession: 'Ébéniste', city: 'Quimperlé' });
    const [helene, bruno, chloe] = await insertMembers(t, 3, [
      {
        fullName: 'Hélène Quartz',
        companyName: 'Atelier Lumière',
        profession: 'Photographe',
        industry: 'Création',
        city: 'Quimperlé',
        skills: ['Retouche', 'Portrait'],
      },
      {
        fullName: 'Bruno Quartz',
        companyName: 'Quartz Conseil',
        profession: 'Comptable',
        industry: 'Finance',
        city: 'Brest',
        skills: ['Fiscalité'],
      },
      {
        fullName: 'Chloé Marin',
        companyName: null,
        profession: 'Photographe',
        industry: 'Finance',
        city: 'Quimperlé',
        skills: ['Drone 100%_sûr'],
      },
    ]);

    // Name, accent- and case-insensitive; several words must all match.
    expect(names(await members(viewer, 'q=HELENE'))).toEqual(['Hélène Quartz']);
    expect(names(await members(viewer, 'q=quartz%20brest'))).toEqual(['Bruno Quartz']);
    // Company, profession, skills, city.
    expect(names(await members(viewer, 'q=lumiere'))).toEqual(['Hélène Quartz']);
    expect(names(await members(viewer, 'q=comptable'))).toEqual(['Bruno Quartz']);
    expect(names(await members(viewer, 'q=fiscalit%C3%A9'))).toEqual(['Bruno Quartz']);
    // The viewer lives in Quimperlé too, but is never listed.
    const city = await members(viewer, 'q=quimperle');
    expect(names(city).sort()).toEqual(['Chloé Marin', 'Hélène Quartz']);
    expect(city.total).toBe(2);
    // LIKE's wildcards typed by the member are literal.
    expect(names(await members(viewer, 'q=100%25_s'))).toEqual(['Chloé Marin']);
    expect((await members(viewer, 'q=%25%25%25')).members.every((m) => m.fullName === 'Chloé Marin')).toBe(true);

    // Filters, alone and together with a search.
    expect(names(await members(viewer, 'profession=Photographe')).sort()).toEqual(['Chloé Marin', 'Hélène Quartz']);
    expect(names(await members(viewer, 'profession=Photographe&industry=Finance'))).toEqual(['Chloé Marin']);
    expect(names(await members(viewer, 'industry=Finance&q=quartz'))).toEqual(['Bruno Quartz']);
    expect(names(await members(viewer, 'profession=&industry=&q='))).toContain('Bruno Quartz');

    const facets = (await viewer.get('/api/members/facets')).json();
    expect(facets.professions).toEqual(expect.arrayContaining(['Comptable', 'Photographe', 'Ébéniste']));
    expect(facets.industries).toEqual(expect.arrayContaining(['Création', 'Finance']));
    expect(new Set(facets.professions).size).toBe(facets.professions.length);

    const card = (await members(viewer, 'q=helene')).members[0];
    expect(card).toMatchObject({
      userId: helene,
      companyName: 'Atelier Lumière',
      city: 'Quimperlé',
      averageRating: null,
      ratingsCount: 0,
      myRating: null,
      contactStatus: 'none',
      synergyScore: null,
    });
    expect([bruno, chloe]).not.toContain(card?.userId);

    // Bad query input is a 400 with a French message, never a 500.
    const long = await viewer.get(`/api/members?q=${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toMatch(/100 caractères/);
    expect((await viewer.get('/api/members?sort=age')).statusCode).toBe(400);
    expect((await viewer.get('/api/members?page=0')).statusCode).toBe(400);
    expect((await viewer.get('/api/members?pageSize=51')).statusCode).toBe(400);
  });

  it('finds a member by either form of her trade’s label, and follows the catalogue’s edits (issue 31)', async () => {
    const viewer = await signUpSubscriber(t);
    const tradeOf = async (slug: string) => {
      const [row] = await db.select({ id: trades.id }).from(trades).where(eq(trades.slug, slug));
      if (!row) throw new Error(`no trade ${slug}`);
      return row.id;
    };
    const [avocate, avocat, plombiere, notaire] = await insertMembers(t, 4, [
      { fullName: 'Isabelle Accord', tradeId: await tradeOf('avocat'), titleForm: 'feminine' },
      { fullName: 'Antoine Accord', tradeId: await tradeOf('avocat') },
      { fullName: 'Nadia Accord', tradeId: await tradeOf('plombier-chauffagiste'), titleForm: 'feminine' },
      { fullName: 'Léa Accord', tradeId: await tradeOf('notaire'), titleForm: 'feminine' },
    ]);
    const ids = async (q: string) =>
      (await members(viewer, `q=${encodeURIComponent(q)}%20accord&pageSize=50`)).members.map((m) => m.userId).sort();
    // A trade is one thing under its two words: either finds all its members, whatever their form.
    expect(await ids('avocate')).toEqual([avocate, avocat].sort());
    expect(await ids('AVOCAT')).toEqual([avocate, avocat].sort());
    expect(await ids('plombière')).toEqual([plombiere]);
    expect(await ids('plombiere chauffagiste')).toEqual([plombiere]);
    expect(await ids('notaire')).toEqual([notaire]);

    // An admin writes a feminine label later, or renames it: the keys follow.
    const notaireId = await tradeOf('notaire');
    await db.update(trades).set({ labelFeminine: 'Notairesse' }).where(eq(trades.id, notaireId));
    expect(await ids('notairesse')).toEqual([notaire]);
    await db.update(trades).set({ labelFeminine: null }).where(eq(trades.id, notaireId));
    expect(await ids('notairesse')).toEqual([]);
    expect(await ids('notaire')).toEqual([notaire]);
    const avocatId = await tradeOf('avocat');
    await db
      .update(trades)
      .set({ label: 'Avocat conseil', labelFeminine: 'Avocate conseil' })
      .where(eq(trades.id, avocatId));
    expect(await ids('conseil')).toEqual([avocate, avocat].sort());
    await db.update(trades).set({ label: 'Avocat', labelFeminine: 'Avocate' }).where(eq(trades.id, avocatId));
    expect(await ids('conseil')).toEqual([]);
    // A member who changes trade leaves the old one's words behind.
    await db
      .update(profiles)
      .set({ tradeId: await tradeOf('notaire') })
      .where(eq(profiles.userId, plombiere as string));
    expect(await ids('plombière')).toEqual([]);
    expect(await ids('notaire')).toEqual([notaire, plombiere].sort());
  });

  it('writes the catalogue with the typographic apostrophe, and finds its trades typed either way', async () => {
    const viewer = await signUpSubscriber(t);
    const straight = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from trades where position(${"'"} in label) > 0 or position(${"'"} in coalesce(label_feminine, '')) > 0`,
    );
    expect(Number(straight.rows[0]?.n)).toBe(0);
    const [trade] = await db
      .select({ id: trades.id, label: trades.label, labelFeminine: trades.labelFeminine })
      .from(trades)
      .where(eq(trades.slug, 'architecte-d-interieur'));
    expect(trade?.label).toBe('Architecte d’intérieur');
    const [creation] = await db
      .select({ label: trades.label, labelFeminine: trades.labelFeminine })
      .from(trades)
      .where(eq(trades.slug, 'conseiller-en-creation-d-entreprise'));
    expect(creation).toEqual({
      label: 'Conseiller en création d’entreprise',
      labelFeminine: 'Conseillère en création d’entreprise',
    });
    const [member] = await insertMembers(t, 1, [
      { fullName: 'Chloé Apostrophe', companyName: 'L’Atelier d’Ici', tradeId: trade?.id },
    ]);
    const ids = async (q: string) =>
      (await members(viewer, `q=${encodeURIComponent(q)}&pageSize=50`)).members.map((m) => m.userId);
    // A phone types one or the other: both find the trade and the company.
    expect(await ids('d’intérieur apostrophe')).toEqual([member]);
    expect(await ids("d'intérieur apostrophe")).toEqual([member]);
    expect(await ids("l'atelier d'ici")).toEqual([member]);
  });

  it('pages in name order with the total; skills cut to 10 and looking-for to 3', async () => {
    const viewer = await signUpSubscriber(t);
    await insertMembers(t, 7, (i) => ({
      fullName: `Paginé ${String.fromCharCode(71 - i)}`, // G, F, ..., A
      profession: 'Pagination',
      skills: Array.from({ length: 12 }, (_, k) => `Compétence ${k + 1}`),
      lookingFor: ['Un', 'Deux', 'Trois', 'Quatre'],
    }));
    const first = await members(viewer, 'profession=Pagination&pageSize=3');
    expect(first).toMatchObject({ total: 7, page: 1, pageSize: 3 });
    expect(names(first)).toEqual(['Paginé A', 'Paginé B', 'Paginé C']);
    expect(names(await members(viewer, 'profession=Pagination&pageSize=3&page=3'))).toEqual(['Paginé G']);
    const past = await members(viewer, 'profession=Pagination&pageSize=3&page=4');
    expect(past.members).toEqual([]);
    expect(past.total).toBe(7);
    expect(first.members[0]?.skills).toHaveLength(10);
    expect(first.members[0]?.skills[9]).toBe('Compétence 10');
    expect(first.members[0]?.lookingFor).toEqual(['Un', 'Deux', 'Trois']);
    // Default page size is 20.
    expect((await members(viewer, 'profession=Pagination')).pageSize).toBe(20);
  });

  it('a page costs the same number of queries with 5 or 50 members, ratings and contacts included', async () => {
    const viewer = await signUpSubscriber(t);
    const seed = async (from: number, count: number) => {
      const ids = await insertMembers(t, count, (i) => ({ fullName: `Constant ${from + i}`, profession: 'Constante' }));
      const raters = await insertMembers(t, 2, (i) => ({ fullName: `Évaluateur ${from}-${i}` }));
      await db.insert(memberRatings).values(
        ids.flatMap((ratedId, i) => [
          { raterId: raters[0] as string, ratedId, rating: (i % 5) + 1 },
          { raterId: raters[1] as string, ratedId, rating: 5 },
          { raterId: viewer.userId, ratedId, rating: 3 },
        ]),
      );
    };
    await seed(0, 5);
    const query = '/api/members?profession=Constante&pageSize=50';
    let page: Awaited<ReturnType<typeof members>> | undefined;
    // The viewer's session and subscription are looked up once, then remembered
    // (auth/session-cache.ts): counted from the second page on.
    await members(viewer, query.slice('/api/members?'.length));
    const few = await countQueries(async () => {
      page = await members(viewer, query.slice('/api/members?'.length));
    });
    expect(page?.members).toHaveLength(5);
    await seed(5, 45);
    const many = await countQueries(async () => {
      page = await members(viewer, query.slice('/api/members?'.length));
    });
    expect(page?.members).toHaveLength(50);
    expect(page?.members.every((m) => m.ratingsCount === 3 && m.myRating === 3)).toBe(true);
    expect(many).toBe(few);
    for (const sort of ['rating', 'synergy']) {
      const withSort = await countQueries(() => members(viewer, `profession=Constante&pageSize=50&sort=${sort}`));
      expect(withSort, sort).toBe(few);
    }
    // The page itself: a handful, whatever the number of members.
    expect(few).toBeGreaterThan(0);
    expect(few).toBeLessThanOrEqual(4);
  });
});

describe('groups and trades (network-core §1-2)', () => {
  const tradesOf = async (family: string) =>
    (
      await db.execute<{ id: string; label: string; regulated: boolean }>(
        sql`select id, label, regulated from trades where family = ${family} order by label`,
      )
    ).rows;
  const newGroup = async (slug: string) => {
    const { rows } = await db.execute<{ id: string }>(sql`
      insert into groups (slug, name, city, department_code, region, meeting_place, meeting_rhythm, meeting_weekday, meeting_time)
      values (${slug}, ${`Synergie Pro ${slug}`}, 'Lyon', '69', 'Auvergne-Rhône-Alpes', 'Lyon', 'weekly', 2, '07:00')
      returning id`);
    return rows[0]?.id as string;
  };
  const seatAll = async (groupId: string, ids: string[], tradeIds: string[]) => {
    for (const [i, id] of ids.entries()) {
      await db.execute(
        sql`insert into group_members (group_id, user_id, trade_id) values (${groupId}, ${id}, ${tradeIds[i]})`,
      );
    }
  };

  it('filters by group (id or slug) and by trade family; cards show the trade, specialty and group', async () => {
    const viewer = await signUpSubscriber(t);
    const building = await tradesOf('batiment');
    const health = await tradesOf('sante');
    const group = await newGroup('annuaire-confluence');
    const other = await newGroup('annuaire-part-dieu');
    const inGroup = await insertMembers(t, 3, (i) => ({
      fullName: `Groupé ${i}`,
      tradeId: building[i]?.id,
      specialty: i === 0 ? 'Rénovation énergétique' : null,
    }));
    const elsewhere = await insertMembers(t, 2, (i) => ({ fullName: `Ailleurs ${i}`, tradeId: health[i]?.id }));
    const former = await insertMembers(t, 1, [{ fullName: 'Groupé parti', tradeId: building[5]?.id }]);
    await seatAll(
      group,
      inGroup,
      inGroup.map((_, i) => building[i]?.id as string),
    );
    await seatAll(
      other,
      elsewhere,
      elsewhere.map((_, i) => health[i]?.id as string),
    );
    await db.execute(sql`insert into group_members (group_id, user_id, trade_id, status, ended_at)
      values (${group}, ${former[0]}, ${building[5]?.id}, 'left', now())`);

    const byId = await members(viewer, `group=${group}`);
    expect(names(byId).sort()).toEqual(['Groupé 0', 'Groupé 1', 'Groupé 2']);
    expect(byId.total).toBe(3);
    const bySlug = await members(viewer, 'group=annuaire-confluence');
    expect(names(bySlug)).toEqual(names(byId));
    expect((await members(viewer, 'group=inconnu')).members).toEqual([]);

    const card = (byId.members as unknown as Record<string, unknown>[]).find((m) => m.fullName === 'Groupé 0');
    expect(card).toMatchObject({
      profession: building[0]?.label,
      trade: { id: building[0]?.id, label: building[0]?.label, family: 'batiment', regulated: building[0]?.regulated },
      specialty: 'Rénovation énergétique',
      group: { id: group, name: 'Synergie Pro annuaire-confluence', slug: 'annuaire-confluence' },
    });
    const formerCard = (await members(viewer, 'q=Groupé parti')).members[0] as unknown as Record<string, unknown>;
    expect(formerCard).toMatchObject({ fullName: 'Groupé parti', group: null, trade: { id: building[5]?.id } });

    const healthPage = await members(viewer, 'family=sante&q=Ailleurs');
    expect(names(healthPage).sort()).toEqual(['Ailleurs 0', 'Ailleurs 1']);
    expect(names(await members(viewer, 'family=sante&group=annuaire-confluence'))).toEqual([]);
    expect(names(await members(viewer, 'family=&q=Ailleurs')).length).toBe(2);
    const bad = await viewer.get('/api/members?family=cuisine');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.family).toBe('Famille de métiers inconnue');

    const facets = (await viewer.get('/api/members/facets')).json();
    expect(facets.groups).toEqual(
      expect.arrayContaining([{ id: group, name: 'Synergie Pro annuaire-confluence', slug: 'annuaire-confluence' }]),
    );
  });

  it('a page of a group costs the same number of queries with 3 or 30 seated members', async () => {
    const viewer = await signUpSubscriber(t);
    const trades = await tradesOf('commerce');
    const group = await newGroup('annuaire-constant');
    const seed = async (from: number, count: number) => {
      const ids = await insertMembers(t, count, (i) => ({
        fullName: `Siège ${from + i}`,
        tradeId: trades[from + i]?.id,
      }));
      await seatAll(
        group,
        ids,
        ids.map((_, i) => trades[from + i]?.id as string),
      );
    };
    expect(trades.length).toBeGreaterThanOrEqual(10);
    await seed(0, 3);
    await members(viewer, 'group=annuaire-constant&pageSize=50'); // session and subscription, then remembered
    const few = await countQueries(() => members(viewer, 'group=annuaire-constant&pageSize=50'));
    const more = Math.min(trades.length - 3, 27);
    await seed(3, more);
    let page: Awaited<ReturnType<typeof members>> | undefined;
    const many = await countQueries(async () => {
      page = await members(viewer, 'group=annuaire-constant&pageSize=50&family=commerce');
    });
    expect(page?.members).toHaveLength(3 + more);
    expect(many).toBe(few);
  });
});

describe('synergy ordering', () => {
  it('ranks by complementarity both ways, never proposes my own trade, leaves out members with no synergy', async () => {
    const viewer = await signUpSubscriber(
      t,
      { name: 'Victor Synergie' },
      {
        profession: 'Développeur Synergique',
        industry: 'Numérique Synergique',
        skills: ['React Synergique'],
        lookingFor: [' graphiste synergique ', 'MARKETING SYNERGIQUE'],
      },
    );
    const [graphiste, sameTrade, comptable, photographe, boulanger, agence, double] = await insertMembers(t, 7, [
      // My looking-for matches their profession (case, spaces, accents aside): 3.
      { fullName: 'S Graphiste', profession: 'Graphiste Synergique' },
      // My own trade: never proposed, even though their skills match what I seek.
      { fullName: 'S Même métier', profession: 'développeur synergique', skills: ['Graphiste Synergique'] },
      // What they look for matches my profession: 3.
      { fullName: 'S Comptable', profession: 'Comptable Synergique', lookingFor: ['Developpeur Synergique'] },
      // A skill matches what I seek: 2.
      { fullName: 'S Photographe', profession: 'Photographe Synergique', skills: ['Marketing Synergique'] },
      // Nothing in common: 0, left out.
      { fullName: 'S Boulanger', profession: 'Boulanger Synergique', lookingFor: ['Pain Synergique'] },
      // Industry matches what I seek (1), and they seek my skill (2): 3.
      {
        fullName: 'S Agence',
        companyName: 'Agence Synergique',
        industry: 'Marketing Synergique',
        lookingFor: ['react synergique'],
      },
      // Profession matches (3) and they seek my industry (1) and my skill (2): 6.
      {
        fullName: 'S Double',
        profession: 'Graphiste Synergique',
        lookingFor: ['Numerique Synergique', 'React Synergique'],
      },
    ]);
    const page = await members(viewer, 'sort=synergy&q=synergique&pageSize=50');
    const ids = page.members.map((m) => m.userId);
    expect(ids).not.toContain(sameTrade);
    expect(ids).not.toContain(boulanger);
    expect(ids[0]).toBe(double);
    expect(page.members.map((m) => [m.fullName, m.synergyScore])).toEqual([
      ['S Double', 6],
      ['S Agence', 3],
      ['S Comptable', 3],
      ['S Graphiste', 3],
      ['S Photographe', 2],
    ]);
    expect(page.total).toBe(5);
    // Past the last page: no cards, the same total (counted apart).
    expect(await members(viewer, 'sort=synergy&q=synergique&page=2')).toMatchObject({ members: [], total: 5 });
    expect([graphiste, comptable, photographe, agence].every((id) => ids.includes(id as string))).toBe(true);
    // Sorted by name, everyone is listed (my own trade included).
    expect((await members(viewer, 'q=synergique&pageSize=50')).members.map((m) => m.userId)).toContain(sameTrade);

    // A viewer with nothing to match has no synergy at all.
    const blank = await signUpSubscriber(t);
    expect((await members(blank, 'sort=synergy&q=synergique')).total).toBe(0);

    // Without a profession of my own, nobody is left out for their trade.
    await setProfile(t, viewer.userId, { profession: null });
    const noTrade = await members(viewer, 'sort=synergy&q=synergique&pageSize=50');
    expect(noTrade.members.map((m) => m.userId)).toContain(sameTrade);
  });
});

describe('ratings', () => {
  it('one rating per member, updated by the next, averaged to one decimal; never oneself; 1 to 5 only', async () => {
    const rated = await signUpSubscriber(t, { name: 'Noémie Notée' }, { profession: 'Notation' });
    const raters = await Promise.all([signUpSubscriber(t), signUpSubscriber(t), signUpSubscriber(t)]);
    const [a, b, c] = raters as [Member, Member, Member];
    const url = `/api/members/${rated.userId}/rating`;

    const self = await rated.put(url, { rating: 5 });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe('Vous ne pouvez pas vous évaluer vous-même');

    for (const bad of [0, 6, 3.5, '4', null]) {
      expect((await a.put(url, { rating: bad })).statusCode, String(bad)).toBe(400);
    }
    expect((await a.put(url, {})).json().error.message).toBe(directoryMessages.ratingRequired);
    const unknown = await a.put('/api/members/nobody-here/rating', { rating: 3 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(directoryMessages.memberNotFound);

    expect((await a.put(url, { rating: 5 })).json()).toEqual({ averageRating: 5, ratingsCount: 1, myRating: 5 });
    expect((await b.put(url, { rating: 4 })).json()).toEqual({ averageRating: 4.5, ratingsCount: 2, myRating: 4 });
    expect((await c.put(url, { rating: 4 })).json()).toEqual({ averageRating: 4.3, ratingsCount: 3, myRating: 4 });
    // A second rating replaces the first: still three ratings.
    expect((await a.put(url, { rating: 1 })).json()).toEqual({ averageRating: 3, ratingsCount: 3, myRating: 1 });
    const stored = await db
      .select()
      .from(memberRatings)
      .where(and(eq(memberRatings.raterId, a.userId), eq(memberRatings.ratedId, rated.userId)));
    expect(stored.map((r) => r.rating)).toEqual([1]);
    // Two clicks at once still make one rating.
    await Promise.all([b.put(url, { rating: 2 }), b.put(url, { rating: 2 })]);

    const card = (await members(a, 'profession=Notation')).members[0];
    expect(card).toMatchObject({ userId: rated.userId, averageRating: 2.3, ratingsCount: 3, myRating: 1 });
    expect((await members(c, 'profession=Notation')).members[0]?.myRating).toBe(4);

    // Sorted by rating: best average first, unrated last.
    await insertMembers(t, 2, (i) => ({ fullName: `Non noté ${i}`, profession: 'Notation' }));
    const best = await signUpSubscriber(t, {}, { profession: 'Notation' });
    await a.put(`/api/members/${best.userId}/rating`, { rating: 5 });
    const byRating = await members(c, 'profession=Notation&sort=rating');
    expect(byRating.members.map((m) => m.averageRating)).toEqual([5, 2.3, null, null]);
  });
});

describe('stored directory keys', () => {
  /** What the database keeps on the profile, and the truth computed from member_ratings. */
  const stored = async (userId: string) => {
    const [row] = (
      await db.execute<{
        name_key: string;
        search_text: string;
        profession_key: string;
        skills_keys: string[];
        looking_for_keys: string[];
        offer_keys: string[];
        rating_sum: number;
        rating_count: number;
        rating_average: string | null;
        true_sum: number;
        true_count: number;
      }>(sql`
        select p.name_key, p.search_text, p.profession_key, p.skills_keys, p.looking_for_keys, p.offer_keys,
               p.rating_sum, p.rating_count, p.rating_average,
               (select coalesce(sum(rating), 0)::int from member_ratings where rated_id = p.user_id) as true_sum,
               (select count(*)::int from member_ratings where rated_id = p.user_id) as true_count
          from profiles p where p.user_id = ${userId}`)
    ).rows;
    if (!row) throw new Error('no profile');
    expect([row.rating_sum, row.rating_count]).toEqual([row.true_sum, row.true_count]);
    return row;
  };

  it('folded name, search text and terms follow every write, the account name included; accents ignored', async () => {
    const viewer = await signUpSubscriber(t);
    const [emilie] = (await insertMembers(t, 1, [
      {
        fullName: '  Émilie Çalvez ',
        companyName: 'Forêt & Cie',
        profession: ' Ébéniste ',
        industry: 'Artisanat',
        city: 'Besançon',
        skills: ['Marqueterie', ' ', 'Dorure'],
        lookingFor: ['Graphiste', ''],
      },
    ])) as [string];
    const keys = await stored(emilie);
    expect(keys).toMatchObject({
      name_key: 'emilie calvez',
      profession_key: 'ebeniste',
      skills_keys: ['marqueterie', 'dorure'],
      looking_for_keys: ['graphiste'],
    });
    expect([...keys.offer_keys].sort()).toEqual(['artisanat', 'dorure', 'ebeniste', 'marqueterie']);
    expect(names(await members(viewer, 'q=emilie'))).toEqual(['Émilie Çalvez']);
    expect(names(await members(viewer, 'q=EMILIE%20besancon%20foret'))).toEqual(['Émilie Çalvez']);

    // Renamed: the old name no longer finds her, the new one does, and the name order follows.
    await setProfile(t, emilie, { fullName: 'Aurélie Ébène', skills: ['Laque'] });
    expect((await members(viewer, 'q=emilie')).total).toBe(0);
    expect((await members(viewer, 'q=marqueterie')).total).toBe(0);
    expect(names(await members(viewer, 'q=aurelie%20laque'))).toEqual(['Aurélie Ébène']);
    expect(await members(viewer, 'q=aurelie%20laque&page=2')).toMatchObject({ members: [], total: 1 });
    expect((await stored(emilie)).name_key).toBe('aurelie ebene');

    // Without a full name the account's name is shown, searched and sorted on, and follows a rename.
    await setProfile(t, emilie, { fullName: ' ' });
    expect(names(await members(viewer, 'q=calvez'))).toEqual(['  Émilie Çalvez ']);
    await db.update(user).set({ name: 'Éloïse Compte' }).where(eq(user.id, emilie));
    expect(names(await members(viewer, 'q=eloise'))).toEqual(['Éloïse Compte']);
    expect((await stored(emilie)).name_key).toBe('eloise compte');
    // A full name again: the account's name is no longer searched.
    await setProfile(t, emilie, { fullName: 'Émilie Retour' });
    expect((await members(viewer, 'q=eloise')).total).toBe(0);
  });

  it('rating sum, count and average follow rating, re-rating, deleting and bulk writes', async () => {
    const rated = await signUpSubscriber(t, {}, { profession: 'Agrégats' });
    const [a, b] = (await Promise.all([signUpSubscriber(t), signUpSubscriber(t)])) as [Member, Member];
    const url = `/api/members/${rated.userId}/rating`;
    const card = async () => (await members(a, 'profession=Agr%C3%A9gats')).members[0];

    expect(await stored(rated.userId)).toMatchObject({ rating_sum: 0, rating_count: 0, rating_average: null });
    await a.put(url, { rating: 4 });
    await b.put(url, { rating: 5 });
    expect(await card()).toMatchObject({ averageRating: 4.5, ratingsCount: 2, myRating: 4 });
    // Re-rated: replaced, not added.
    await a.put(url, { rating: 1 });
    expect(await stored(rated.userId)).toMatchObject({ rating_sum: 6, rating_count: 2, rating_average: '3.0' });
    expect(await card()).toMatchObject({ averageRating: 3, ratingsCount: 2, myRating: 1 });
    // A rating deleted (as when its author's account goes).
    await db
      .delete(memberRatings)
      .where(and(eq(memberRatings.raterId, b.userId), eq(memberRatings.ratedId, rated.userId)));
    expect(await card()).toMatchObject({ averageRating: 1, ratingsCount: 1, myRating: 1 });
    // Bulk: many raters in one statement, then one update statement moving several ratings at once.
    const raters = await insertMembers(t, 6, (i) => ({ fullName: `Votant ${i}` }));
    await db
      .insert(memberRatings)
      .values(raters.map((raterId, i) => ({ raterId, ratedId: rated.userId, rating: (i % 5) + 1 })));
    expect(await stored(rated.userId)).toMatchObject({ rating_sum: 17, rating_count: 7 });
    await db.update(memberRatings).set({ rating: 5 }).where(eq(memberRatings.ratedId, rated.userId));
    expect(await card()).toMatchObject({ averageRating: 5, ratingsCount: 7 });
    // The author's account deleted: their rating goes, and with it from the totals.
    await db.delete(user).where(eq(user.id, raters[0] as string));
    expect(await stored(rated.userId)).toMatchObject({ rating_sum: 30, rating_count: 6, rating_average: '5.0' });
  });
});
