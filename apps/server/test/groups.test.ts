import { apiErrors, type GroupPage, groupMessages, type MyGroup } from '@synergie/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { groupApplications, groupHistory, groupMembers, mailOutbox, trades } from '../src/db/schema';
import { createTestApp } from './helpers/app';
import { client, signUp } from './helpers/auth';
import { catalogue, createGroup, insertApplication, seat } from './helpers/groups';
import { insertMembers, setProfile, signUpSubscriber } from './helpers/members';

const ADMIN_EMAIL = 'admin.groupes@synergie.test';
const t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
const db = t.database.db;
const TRADES = await catalogue(db);
const trade = (i: number) => TRADES[i] as { id: string; label: string; family: string };

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

const expectError = (res: { statusCode: number; json(): unknown }, code: keyof typeof apiErrors) => {
  expect(res.statusCode).toBe(apiErrors[code].status);
  expect((res.json() as { error: { code: string; message: string } }).error).toEqual({
    code,
    message: apiErrors[code].message,
  });
};

const mailsTo = (to: string) => db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
const historyOf = (groupId: string) => db.select().from(groupHistory).where(eq(groupHistory.groupId, groupId));

/** A subscriber with a trade of the catalogue. */
const subscriberWithTrade = async (tradeIndex: number, fullName?: string) => {
  const m = await signUpSubscriber(t, {}, { tradeId: trade(tradeIndex).id, ...(fullName ? { fullName } : {}) });
  return m;
};

/**
 * A group with a président, a vice-président and a plain member, each a signed-in subscriber on
 * their own trade (catalogue indexes `base`, `base+1`, `base+2`).
 */
async function groupWithLeaders(base: number) {
  const group = await createGroup(db);
  const president = await subscriberWithTrade(base, 'Paul Président');
  const vice = await subscriberWithTrade(base + 1, 'Valérie Vice');
  const plain = await subscriberWithTrade(base + 2, 'Marc Membre');
  await seat(db, group.id, [
    { userId: president.userId, tradeId: trade(base).id, role: 'president' },
    { userId: vice.userId, tradeId: trade(base + 1).id, role: 'vice_president' },
    { userId: plain.userId, tradeId: trade(base + 2).id },
  ]);
  return { group, president, vice, plain };
}

const admin = await signUp(t, { email: ADMIN_EMAIL });

describe('the trade catalogue and the list of groups (public)', () => {
  it('GET /api/trades: the whole catalogue by family, publicly cacheable', async () => {
    const res = await client(t).get('/api/trades');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const list = res.json().trades as { family: string; label: string; regulated: boolean }[];
    expect(list.length).toBe(TRADES.length);
    expect(list.length).toBeGreaterThanOrEqual(200);
    expect(list[0]?.family).toBe('batiment');
    expect(list.some((x) => x.label === 'Notaire' && x.regulated)).toBe(true);
  });

  it('GET /api/groups: open seats = catalogue − active members, filters by region and département', async () => {
    const paris = await createGroup(db, { region: 'Île-de-France', departmentCode: '75', city: 'Paris' });
    await createGroup(db, { region: 'Île-de-France', departmentCode: '94', city: 'Champigny-sur-Marne' });
    const people = await insertMembers(t, 3, (i) => ({ fullName: `Parisien ${i}` }));
    await seat(
      db,
      paris.id,
      people.map((userId, i) => ({ userId, tradeId: trade(i).id })),
    );
    const all = (await client(t).get('/api/groups')).json();
    const summary = all.groups.find((g: { id: string }) => g.id === paris.id);
    expect(summary).toMatchObject({ activeMembers: 3, openSeats: TRADES.length - 3, status: 'forming' });
    expect(all.regions).toContain('Île-de-France');
    expect(all.departments).toContainEqual({ code: '94', region: 'Île-de-France' });

    const in75 = (await client(t).get('/api/groups?department=75')).json();
    expect(in75.groups.map((g: { id: string }) => g.id)).toEqual([paris.id]);
    // The filters' choices stay whole whatever the filter.
    expect(in75.departments).toContainEqual({ code: '94', region: 'Île-de-France' });
    const idf = (await client(t).get(`/api/groups?region=${encodeURIComponent('Île-de-France')}`)).json();
    expect(idf.groups).toHaveLength(2);
    expect((await client(t).get('/api/groups?region=Nulle%20part')).json().groups).toEqual([]);
  });
});

describe('the public group page', () => {
  it('404 in French for an unknown slug', async () => {
    expectError(await client(t).get('/api/group-pages/inconnu'), 'GROUP_NOT_FOUND');
  });

  it('shows members (name, company, trade, specialty, role) and the open seats by family', async () => {
    const group = await createGroup(db, { name: 'Synergie Pro Lyon Confluence', slug: 'lyon-confluence-page' });
    const [a, b] = await insertMembers(t, 2, [
      { fullName: 'Zoé Plombier', companyName: 'Zoé SARL', specialty: 'Chauffage' },
      { fullName: 'Albert Notaire', companyName: null },
    ]);
    await seat(db, group.id, [
      { userId: a as string, tradeId: trade(0).id },
      { userId: b as string, tradeId: trade(1).id, role: 'president' },
    ]);
    const res = await client(t).get('/api/group-pages/lyon-confluence-page');
    expect(res.statusCode).toBe(200);
    const page = res.json() as GroupPage;
    expect(page.group).toMatchObject({ name: 'Synergie Pro Lyon Confluence', activeMembers: 2, status: 'forming' });
    // Leaders first.
    expect(page.members.map((m) => m.fullName)).toEqual(['Albert Notaire', 'Zoé Plombier']);
    expect(page.members[1]).toMatchObject({
      companyName: 'Zoé SARL',
      tradeLabel: trade(0).label,
      specialty: 'Chauffage',
      role: null,
    });
    expect(page.members[0]?.role).toBe('president');
    const open = page.openSeatsByFamily.flatMap((f) => f.trades.map((x) => x.id));
    expect(open).toHaveLength(TRADES.length - 2);
    expect(open).not.toContain(trade(0).id);
    expect(open).not.toContain(trade(1).id);
    expect(page.group.openSeats).toBe(TRADES.length - 2);
    // Families in the catalogue's order, each family once.
    const families = page.openSeatsByFamily.map((f) => f.family);
    expect(new Set(families).size).toBe(families.length);
    expect(families[0]).toBe('batiment');
  });

  it('answers from ONE query (and one for its events), with 200+ trades and 40 members as with 2', async () => {
    // A bigger catalogue: 30 more trades.
    await db.insert(trades).values(
      Array.from({ length: 30 }, (_, i) => ({
        slug: `metier-supplementaire-${i}`,
        label: `Métier supplémentaire ${i}`,
        family: 'conseil',
      })),
    );
    const big = await createGroup(db, { slug: 'quarante-membres' });
    const people = await insertMembers(t, 40, (i) => ({ fullName: `Membre ${i}`, companyName: `Société ${i}` }));
    await seat(
      db,
      big.id,
      people.map((userId, i) => ({ userId, tradeId: trade(i).id, role: i === 0 ? 'president' : null })),
    );
    const visitor = client(t);
    let page: GroupPage | undefined;
    const queries = await countQueries(async () => {
      const res = await visitor.get('/api/group-pages/quarante-membres');
      expect(res.statusCode).toBe(200);
      page = res.json();
    });
    // The page in one query, its upcoming events (network-core §6) in one more.
    expect(queries).toBe(2);
    expect(page?.members).toHaveLength(40);
    const tradeCount = (await db.select({ n: sql<number>`count(*)::int` }).from(trades))[0]?.n ?? 0;
    expect(tradeCount).toBeGreaterThanOrEqual(230);
    expect(page?.openSeatsByFamily.flatMap((f) => f.trades)).toHaveLength(tradeCount - 40);
    // The list of groups too: one query whatever the number of groups.
    expect(await countQueries(() => visitor.get('/api/groups'))).toBe(1);
    expect(await countQueries(() => visitor.get('/api/trades'))).toBe(1);
  });
});

describe('applying for a seat', () => {
  it('refuses a visitor (401) and a member without a subscription (403)', async () => {
    const group = await createGroup(db);
    expect((await client(t).post(`/api/groups/${group.id}/applications`, {})).statusCode).toBe(401);
    const member = await signUp(t);
    expectError(await member.post(`/api/groups/${group.id}/applications`, {}), 'SUBSCRIPTION_REQUIRED');
  });

  it('404 in French for an unknown group, whatever its id looks like', async () => {
    const s = await subscriberWithTrade(10);
    expectError(await s.post('/api/groups/00000000-0000-4000-8000-000000000000/applications', {}), 'GROUP_NOT_FOUND');
    expectError(await s.post('/api/groups/pas-un-id/applications', {}), 'GROUP_NOT_FOUND');
  });

  it('needs a trade: 409 TRADE_REQUIRED', async () => {
    const group = await createGroup(db);
    const s = await signUpSubscriber(t);
    expectError(await s.post(`/api/groups/${group.id}/applications`, {}), 'TRADE_REQUIRED');
  });

  it('applies for the seat of the profile trade; 7 days of objections; the leaders hear of it; twice → 409', async () => {
    const { group, president, vice, plain } = await groupWithLeaders(20);
    const applicant = await subscriberWithTrade(30, 'Anne Candidate');
    const before = Date.now();
    const res = await applicant.post(`/api/groups/${group.id}/applications`, { message: 'Bonjour à tous' });
    expect(res.statusCode, res.body).toBe(201);
    const application = res.json();
    expect(application).toMatchObject({
      groupId: group.id,
      userId: applicant.userId,
      tradeId: trade(30).id,
      tradeLabel: trade(30).label,
      status: 'pending',
      message: 'Bonjour à tous',
      objections: null,
      objectedByViewer: false,
    });
    const days = (Date.parse(application.objectionPeriodEndsAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    for (const leader of [president, vice]) {
      const mails = await mailsTo(leader.member.email);
      expect(mails.map((m) => m.template)).toContain('group-application');
      expect(mails.find((m) => m.template === 'group-application')?.text).toContain('Anne Candidate');
    }
    expect((await mailsTo(plain.member.email)).map((m) => m.template)).not.toContain('group-application');

    expectError(await applicant.post(`/api/groups/${group.id}/applications`, {}), 'APPLICATION_PENDING');
    const pending = await db
      .select()
      .from(groupApplications)
      .where(and(eq(groupApplications.userId, applicant.userId), eq(groupApplications.status, 'pending')));
    expect(pending).toHaveLength(1);
  });

  it('409 ALREADY_IN_GROUP while holding a seat, SEAT_TAKEN for a held seat, GROUP_FULL at 50', async () => {
    const { group, plain } = await groupWithLeaders(40);
    const other = await createGroup(db);
    expectError(await plain.post(`/api/groups/${other.id}/applications`, {}), 'ALREADY_IN_GROUP');

    // Same trade as the président (index 40).
    const sameTrade = await subscriberWithTrade(40);
    const res = await sameTrade.post(`/api/groups/${group.id}/applications`, {});
    expectError(res, 'SEAT_TAKEN');
    expect(res.json().error.message).toBe('Ce métier est déjà représenté dans ce groupe.');
    expect(res.json().error.message).toBe(groupMessages.seatTaken);

    const full = await createGroup(db);
    const fifty = await insertMembers(t, 50, (i) => ({ fullName: `Plein ${i}` }));
    await seat(
      db,
      full.id,
      fifty.map((userId, i) => ({ userId, tradeId: trade(100 + i).id })),
    );
    const late = await subscriberWithTrade(0);
    expectError(await late.post(`/api/groups/${full.id}/applications`, {}), 'GROUP_FULL');
    expect((await client(t).get(`/api/group-pages/${full.slug}`)).json().group.status).toBe('full');
  });

  it('the applicant withdraws a pending application; nobody else can; twice → 409 APPLICATION_CLOSED', async () => {
    const { group, president } = await groupWithLeaders(50);
    const applicant = await subscriberWithTrade(53);
    const { id } = (await applicant.post(`/api/groups/${group.id}/applications`, {})).json();
    const stranger = await subscriberWithTrade(54);
    expectError(await stranger.delete(`/api/me/applications/${id}`), 'APPLICATION_NOT_FOUND');
    expectError(await stranger.delete('/api/me/applications/pas-un-id'), 'APPLICATION_NOT_FOUND');
    const res = await applicant.delete(`/api/me/applications/${id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expectError(await applicant.delete(`/api/me/applications/${id}`), 'APPLICATION_CLOSED');
    // Accepting a withdrawn application: 409.
    expectError(
      await president.post(`/api/groups/${group.id}/applications/${id}/accept`, { override: true }),
      'APPLICATION_CLOSED',
    );
    // A new application is possible once the first is withdrawn.
    expect((await applicant.post(`/api/groups/${group.id}/applications`, {})).statusCode).toBe(201);
  });
});

describe('objections', () => {
  it('any member of the group, once, on a pending application; seen by leaders only', async () => {
    const { group, president, plain } = await groupWithLeaders(60);
    const applicant = await subscriberWithTrade(63, 'Bruno Candidat');
    const { id } = (await applicant.post(`/api/groups/${group.id}/applications`, {})).json();
    const url = `/api/groups/${group.id}/applications/${id}/objections`;

    const outsider = await subscriberWithTrade(64);
    expectError(await outsider.post(url, { reason: 'Je ne le connais pas.' }), 'FORBIDDEN');
    expect((await plain.post(url, { reason: '' })).statusCode).toBe(400);

    const res = await plain.post(url, { reason: 'Il travaille déjà avec un concurrent.' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().id).toEqual(expect.any(String));
    expectError(await plain.post(url, { reason: 'Encore une fois.' }), 'ALREADY_OBJECTED');

    // The leaders hear of it, with the reason; the applicant and the other members do not.
    const leaderMail = (await mailsTo(president.member.email)).find((m) => m.template === 'group-objection');
    expect(leaderMail?.text).toContain('Il travaille déjà avec un concurrent.');
    expect(leaderMail?.text).toContain('Marc Membre');
    expect((await mailsTo(applicant.member.email)).map((m) => m.template)).not.toContain('group-objection');
    expect((await mailsTo(plain.member.email)).map((m) => m.template)).not.toContain('group-objection');

    // The member sees the application, that they objected, not the objections.
    const mine = (await plain.get('/api/me/group')).json() as MyGroup;
    const seen = mine.groupApplications.find((a) => a.id === id);
    expect(seen).toMatchObject({ objections: null, objectedByViewer: true });
    // The applicant never reads them.
    const own = (await applicant.get('/api/me/group')).json() as MyGroup;
    expect(own.myApplications.find((a) => a.id === id)).toMatchObject({ objections: null });
    // The leaders do, on their page and in their own space.
    const leaders = (await president.get(`/api/groups/${group.id}/leaders-page`)).json();
    const withObjections = leaders.applications.find((a: { id: string }) => a.id === id);
    expect(withObjections.objections).toEqual([
      expect.objectContaining({ fullName: 'Marc Membre', reason: 'Il travaille déjà avec un concurrent.' }),
    ]);
    expect(withObjections.objectedByViewer).toBe(false);
    const presidentSpace = (await president.get('/api/me/group')).json() as MyGroup;
    expect(presidentSpace.groupApplications.find((a) => a.id === id)?.objections).toHaveLength(1);

    // Closed applications take no objection.
    await president.post(`/api/groups/${group.id}/applications/${id}/refuse`, { message: 'Désolé.' });
    const late = await subscriberWithTrade(65);
    await seat(db, group.id, [{ userId: late.userId, tradeId: trade(65).id }]);
    expectError(await late.post(url, { reason: 'Trop tard pour moi.' }), 'APPLICATION_CLOSED');
  });

  it('403 OWN_APPLICATION for the applicant (an admin who applied), 404 for an application of another group', async () => {
    const { group, plain } = await groupWithLeaders(70);
    const subscribedAdmin = await signUpSubscriber(t, { email: 'admin.candidat@synergie.test' });
    await db.execute(sql`insert into user_roles (user_id, role) values (${subscribedAdmin.userId}, 'admin')`);
    await setProfile(t, subscribedAdmin.userId, { tradeId: trade(73).id });
    const { id } = (await subscribedAdmin.post(`/api/groups/${group.id}/applications`, {})).json();
    expectError(
      await subscribedAdmin.post(`/api/groups/${group.id}/applications/${id}/objections`, { reason: 'Moi-même ?' }),
      'OWN_APPLICATION',
    );
    const { group: other, plain: otherMember } = await groupWithLeaders(74);
    expectError(
      await otherMember.post(`/api/groups/${other.id}/applications/${id}/objections`, { reason: 'Pas ici.' }),
      'APPLICATION_NOT_FOUND',
    );
    expect(plain).toBeDefined();
  });
});

describe('accepting and refusing', () => {
  it('before the 7 days: 409 OBJECTION_PERIOD_RUNNING, override refused after an objection, accepted without', async () => {
    const { group, president, plain } = await groupWithLeaders(80);
    const objected = await subscriberWithTrade(83);
    const clean = await subscriberWithTrade(84, 'Claire Acceptée');
    const a1 = (await objected.post(`/api/groups/${group.id}/applications`, {})).json().id;
    const a2 = (await clean.post(`/api/groups/${group.id}/applications`, {})).json().id;
    await plain.post(`/api/groups/${group.id}/applications/${a1}/objections`, { reason: 'Une vraie raison.' });

    expectError(
      await president.post(`/api/groups/${group.id}/applications/${a2}/accept`, {}),
      'OBJECTION_PERIOD_RUNNING',
    );
    expectError(
      await president.post(`/api/groups/${group.id}/applications/${a1}/accept`, { override: true }),
      'OBJECTION_RAISED',
    );
    // A plain member is not a leader.
    expectError(await plain.post(`/api/groups/${group.id}/applications/${a2}/accept`, { override: true }), 'FORBIDDEN');

    const res = await president.post(`/api/groups/${group.id}/applications/${a2}/accept`, {
      override: true,
      message: 'Bienvenue parmi nous !',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'accepted', decisionMessage: 'Bienvenue parmi nous !', objections: [] });
    const [row] = await db.select().from(groupApplications).where(eq(groupApplications.id, a2));
    expect(row).toMatchObject({ status: 'accepted', decidedBy: president.userId, override: true });
    const [membership] = await db
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.userId, clean.userId), eq(groupMembers.status, 'active')));
    expect(membership).toMatchObject({ groupId: group.id, tradeId: trade(84).id });
    const mail = (await mailsTo(clean.member.email)).find((m) => m.template === 'group-application-accepted');
    expect(mail?.text).toContain('Bienvenue parmi nous !');
    expect((await historyOf(group.id)).map((h) => h.kind)).toContain('accepted');

    // Once the 7 days are over, an application with an objection may be accepted.
    await db
      .update(groupApplications)
      .set({ objectionPeriodEndsAt: sql`now() - interval '1 minute'` })
      .where(eq(groupApplications.id, a1));
    const late = await president.post(`/api/groups/${group.id}/applications/${a1}/accept`, {});
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().objections).toHaveLength(1);
    // Accepting twice: closed.
    expectError(await president.post(`/api/groups/${group.id}/applications/${a1}/accept`, {}), 'APPLICATION_CLOSED');
  });

  it('409 SEAT_TAKEN for the second applicant of an accepted trade', async () => {
    const { group, vice } = await groupWithLeaders(90);
    const [x, y] = await insertMembers(t, 2, (i) => ({ fullName: `Même métier ${i}` }));
    const first = await insertApplication(db, {
      groupId: group.id,
      userId: x as string,
      tradeId: trade(95).id,
      periodOver: true,
    });
    const second = await insertApplication(db, {
      groupId: group.id,
      userId: y as string,
      tradeId: trade(95).id,
      periodOver: true,
    });
    expect((await vice.post(`/api/groups/${group.id}/applications/${first}/accept`, {})).statusCode).toBe(200);
    const res = await vice.post(`/api/groups/${group.id}/applications/${second}/accept`, {});
    expectError(res, 'SEAT_TAKEN');
    const [still] = await db.select().from(groupApplications).where(eq(groupApplications.id, second));
    expect(still?.status).toBe('pending');
  });

  it('a leader of group A acting on group B: 403; an admin leads every group', async () => {
    const a = await groupWithLeaders(100);
    const b = await groupWithLeaders(103);
    const [applicantId] = await insertMembers(t, 1, [{ fullName: 'Candidat B' }]);
    const inB = await insertApplication(db, {
      groupId: b.group.id,
      userId: applicantId as string,
      tradeId: trade(106).id,
      periodOver: true,
    });
    for (const call of [
      a.president.post(`/api/groups/${b.group.id}/applications/${inB}/accept`, {}),
      a.president.post(`/api/groups/${b.group.id}/applications/${inB}/refuse`, { message: 'Non.' }),
      a.president.get(`/api/groups/${b.group.id}/leaders-page`),
      a.president.post(`/api/groups/${b.group.id}/members/${b.plain.userId}/remove`, { reason: 'Pour voir.' }),
      a.president.put(`/api/groups/${b.group.id}/leaders/vice_president`, { userId: b.plain.userId }),
    ]) {
      expectError(await call, 'FORBIDDEN');
    }
    // The application id of group B through group A's URL: unknown there.
    expectError(
      await a.president.post(`/api/groups/${a.group.id}/applications/${inB}/accept`, {}),
      'APPLICATION_NOT_FOUND',
    );
    expectError(
      await a.president.get('/api/groups/00000000-0000-4000-8000-000000000000/leaders-page'),
      'GROUP_NOT_FOUND',
    );
    const res = await admin.post(`/api/groups/${b.group.id}/applications/${inB}/accept`, {});
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses with a message (required), tells the applicant; a decided application stays closed', async () => {
    const { group, president } = await groupWithLeaders(110);
    const applicant = await subscriberWithTrade(113);
    const { id } = (await applicant.post(`/api/groups/${group.id}/applications`, {})).json();
    const empty = await president.post(`/api/groups/${group.id}/applications/${id}/refuse`, { message: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('VALIDATION');
    const res = await president.post(`/api/groups/${group.id}/applications/${id}/refuse`, {
      message: 'Le groupe compte déjà un métier voisin.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'refused', decisionMessage: 'Le groupe compte déjà un métier voisin.' });
    const mail = (await mailsTo(applicant.member.email)).find((m) => m.template === 'group-application-refused');
    expect(mail?.text).toContain('Le groupe compte déjà un métier voisin.');
    expectError(
      await president.post(`/api/groups/${group.id}/applications/${id}/refuse`, { message: 'Encore.' }),
      'APPLICATION_CLOSED',
    );
    expectError(await president.post(`/api/groups/${group.id}/applications/${id}/accept`, {}), 'APPLICATION_CLOSED');
  });
});

describe('leaders', () => {
  it('the président names and clears roles; one holder per role; others get 403 LEADER_NAMING_FORBIDDEN', async () => {
    const { group, president, vice, plain } = await groupWithLeaders(120);
    const url = (role: string) => `/api/groups/${group.id}/leaders/${role}`;
    expectError(await vice.put(url('secretary_treasurer'), { userId: plain.userId }), 'LEADER_NAMING_FORBIDDEN');
    expectError(await plain.put(url('secretary_treasurer'), { userId: plain.userId }), 'FORBIDDEN');
    const outsider = await subscriberWithTrade(124);
    expectError(await president.put(url('secretary_treasurer'), { userId: outsider.userId }), 'GROUP_MEMBER_NOT_FOUND');
    expect((await president.put(url('bad_role'), { userId: plain.userId })).statusCode).toBe(400);

    // The vice-présidence moves from Valérie to Marc: the previous holder loses it.
    expect((await president.put(url('vice_president'), { userId: plain.userId })).statusCode).toBe(204);
    const roles = async () =>
      Object.fromEntries(
        (
          await db
            .select({ userId: groupMembers.userId, role: groupMembers.role })
            .from(groupMembers)
            .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.status, 'active')))
        ).map((r) => [r.userId, r.role]),
      );
    expect(await roles()).toEqual({
      [president.userId]: 'president',
      [vice.userId]: null,
      [plain.userId]: 'vice_president',
    });
    expect((await president.put(url('vice_president'), { userId: null })).statusCode).toBe(204);
    expect((await roles())[plain.userId]).toBeNull();
    const kinds = (await historyOf(group.id)).map((h) => [h.kind, h.message]);
    expect(kinds).toContainEqual(['role_named', 'Vice-président']);
    expect(kinds).toContainEqual(['role_cleared', 'Vice-président']);

    // The président hands over: the outgoing président is no longer one.
    expect((await president.put(url('president'), { userId: vice.userId })).statusCode).toBe(204);
    expect(await roles()).toMatchObject({ [president.userId]: null, [vice.userId]: 'president' });
    expectError(await president.put(url('secretary_treasurer'), { userId: plain.userId }), 'FORBIDDEN');
  });

  it('an admin names the first président of a new group; canNameLeaders on the leaders page', async () => {
    const group = await createGroup(db);
    const founder = await subscriberWithTrade(130, 'Fanny Fondatrice');
    const second = await subscriberWithTrade(131);
    await seat(db, group.id, [
      { userId: founder.userId, tradeId: trade(130).id },
      { userId: second.userId, tradeId: trade(131).id },
    ]);
    expect((await admin.put(`/api/groups/${group.id}/leaders/president`, { userId: founder.userId })).statusCode).toBe(
      204,
    );
    const page = (await founder.get(`/api/groups/${group.id}/leaders-page`)).json();
    expect(page.canNameLeaders).toBe(true);
    expect(page.members.find((m: { userId: string }) => m.userId === founder.userId)).toMatchObject({
      role: 'president',
      joinedAt: expect.any(String),
    });
    expect(page.history[0]).toMatchObject({
      kind: 'role_named',
      subjectName: 'Fanny Fondatrice',
      message: 'Président',
    });
    expect(page.waitlist).toEqual([]);
    await founder.put(`/api/groups/${group.id}/leaders/vice_president`, { userId: second.userId });
    expect((await second.get(`/api/groups/${group.id}/leaders-page`)).json().canNameLeaders).toBe(false);
  });
});

describe('leaving and removal', () => {
  it('a member leaves with a reason: the seat frees at once, the reason stays in the history', async () => {
    const { group, president, plain } = await groupWithLeaders(140);
    expect((await plain.post('/api/me/group/leave', { reason: '' })).statusCode).toBe(400);
    const res = await plain.post('/api/me/group/leave', { reason: 'Je déménage à Bordeaux.' });
    expect(res.statusCode).toBe(204);
    const page = (await client(t).get(`/api/group-pages/${group.slug}`)).json() as GroupPage;
    expect(page.group.activeMembers).toBe(2);
    expect(page.openSeatsByFamily.flatMap((f) => f.trades.map((x) => x.id))).toContain(trade(142).id);
    const [ended] = await db.select().from(groupMembers).where(eq(groupMembers.userId, plain.userId));
    expect(ended).toMatchObject({ status: 'left', endReason: 'Je déménage à Bordeaux.', endedBy: plain.userId });
    expect(ended?.endedAt).toBeInstanceOf(Date);
    const history = (await president.get(`/api/groups/${group.id}/leaders-page`)).json().history;
    expect(history[0]).toMatchObject({ kind: 'left', subjectName: 'Marc Membre', message: 'Je déménage à Bordeaux.' });
    expectError(await plain.post('/api/me/group/leave', { reason: 'Encore.' }), 'NOT_IN_GROUP');

    // A leader leaving loses their role with the seat.
    expect((await president.post('/api/me/group/leave', { reason: 'Je passe la main.' })).statusCode).toBe(204);
    const [former] = await db.select().from(groupMembers).where(eq(groupMembers.userId, president.userId));
    expect(former).toMatchObject({ status: 'left', role: null });

    // The freed seat can be applied for.
    const next = await subscriberWithTrade(142);
    expect((await next.post(`/api/groups/${group.id}/applications`, {})).statusCode).toBe(201);
  });

  it('a leader removes a member with a reason; the member is told; a leader cannot remove themselves', async () => {
    const { group, president, vice, plain } = await groupWithLeaders(150);
    const url = (userId: string) => `/api/groups/${group.id}/members/${userId}/remove`;
    expect((await vice.post(url(plain.userId), {})).statusCode).toBe(400);
    expectError(await vice.post(url(vice.userId), { reason: 'Je pars.' }), 'SELF_REMOVAL');
    const outsider = await subscriberWithTrade(154);
    expectError(await vice.post(url(outsider.userId), { reason: 'Absences répétées.' }), 'GROUP_MEMBER_NOT_FOUND');
    expectError(await plain.post(url(president.userId), { reason: 'Coup d’État.' }), 'FORBIDDEN');

    const res = await vice.post(url(plain.userId), { reason: 'Absences répétées sans excuse.' });
    expect(res.statusCode).toBe(204);
    const [ended] = await db.select().from(groupMembers).where(eq(groupMembers.userId, plain.userId));
    expect(ended).toMatchObject({
      status: 'removed',
      endReason: 'Absences répétées sans excuse.',
      endedBy: vice.userId,
    });
    const mail = (await mailsTo(plain.member.email)).find((m) => m.template === 'group-member-removed');
    expect(mail?.text).toContain('Absences répétées sans excuse.');
    const removed = (await historyOf(group.id)).find((h) => h.kind === 'removed');
    expect(removed).toMatchObject({
      actorId: vice.userId,
      subjectId: plain.userId,
      message: 'Absences répétées sans excuse.',
    });
    // The seat is free again; the removed member's space shows no group.
    const mine = (await plain.get('/api/me/group')).json() as MyGroup;
    expect(mine.membership).toBeNull();
    expect(mine.group).toBeNull();
    expectError(await vice.post(url(plain.userId), { reason: 'Encore une fois.' }), 'GROUP_MEMBER_NOT_FOUND');
  });
});

describe('my group', () => {
  it('GET /api/me/group: membership, group page, pending applications, own applications, trade', async () => {
    const { group, plain } = await groupWithLeaders(160);
    const applicant = await subscriberWithTrade(163);
    const { id } = (await applicant.post(`/api/groups/${group.id}/applications`, {})).json();
    const mine = (await plain.get('/api/me/group')).json() as MyGroup;
    expect(mine.membership).toMatchObject({ groupId: group.id, role: null });
    expect(mine.group?.group.id).toBe(group.id);
    expect(mine.group?.members).toHaveLength(3);
    expect(mine.groupApplications.map((a) => a.id)).toEqual([id]);
    expect(mine.myApplications).toEqual([]);
    expect(mine.trade?.id).toBe(trade(162).id);
    expect(mine.mustPickTrade).toBe(false);
    expect(mine.myWaitlist).toEqual([]);

    const theirs = (await applicant.get('/api/me/group')).json() as MyGroup;
    expect(theirs.membership).toBeNull();
    expect(theirs.myApplications.map((a) => a.id)).toEqual([id]);

    const fresh = await signUp(t);
    await setProfile(t, fresh.userId, { mustPickTrade: true });
    const none = (await fresh.get('/api/me/group')).json() as MyGroup;
    expect(none).toMatchObject({ membership: null, group: null, trade: null, mustPickTrade: true });
    expect((await client(t).get('/api/me/group')).statusCode).toBe(401);
  });

  it('reads the same number of queries for a group of 3 or of 40 with many applications', async () => {
    const small = await groupWithLeaders(170);
    const big = await groupWithLeaders(0);
    const extra = await insertMembers(t, 37, (i) => ({ fullName: `Grand ${i}` }));
    await seat(
      db,
      big.group.id,
      extra.map((userId, i) => ({ userId, tradeId: trade(3 + i).id })),
    );
    const applicants = await insertMembers(t, 10, (i) => ({ fullName: `Candidat ${i}` }));
    for (const [i, userId] of applicants.entries()) {
      await insertApplication(db, { groupId: big.group.id, userId, tradeId: trade(180 + i).id });
    }
    await small.plain.get('/api/me/group');
    await big.plain.get('/api/me/group');
    const few = await countQueries(() => small.plain.get('/api/me/group'));
    const many = await countQueries(() => big.plain.get('/api/me/group'));
    expect(many).toBe(few);
    const leadersFew = await countQueries(() => small.president.get(`/api/groups/${small.group.id}/leaders-page`));
    const leadersMany = await countQueries(() => big.president.get(`/api/groups/${big.group.id}/leaders-page`));
    expect(leadersMany).toBe(leadersFew);
  });
});
