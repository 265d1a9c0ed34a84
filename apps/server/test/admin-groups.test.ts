import { randomUUID } from 'node:crypto';
import { type AdminGroup, type AdminTrade, apiErrors, type TradeMergeResult } from '@synergie/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tradeSlugFromLabel } from '../src/domain/groups/admin-groups';
import { isTradeGone } from '../src/lib/pg-errors';
import { createTestApp } from './helpers/app';
import { client, signUp } from './helpers/auth';
import { insertMembers } from './helpers/members';

const ADMIN_EMAIL = 'admin.groupes@synergie.test';
const t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
const db = t.database.db;
const admin = await signUp(t, { email: ADMIN_EMAIL, name: 'Admin Groupes' });
const member = await signUp(t);
const visitor = client(t);

const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await db.execute<T>(query)).rows;

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

let groupCounter = 0;
const groupBody = (overrides: Record<string, unknown> = {}) => {
  groupCounter += 1;
  return {
    name: `Synergie Pro Test ${groupCounter}`,
    slug: `groupe-test-${groupCounter}`,
    city: 'Lyon',
    departmentCode: '69',
    region: 'Auvergne-Rhône-Alpes',
    description: 'Un groupe de test.',
    meetingPlace: '12 quai Rambaud, 69002 Lyon',
    meetingRhythm: 'weekly',
    meetingWeekday: 2,
    meetingTime: '07:00',
    ...overrides,
  };
};
async function createGroup(overrides: Record<string, unknown> = {}): Promise<AdminGroup> {
  const res = await admin.post('/api/admin/groups', groupBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
let tradeCounter = 0;
async function createTrade(overrides: Record<string, unknown> = {}): Promise<AdminTrade> {
  tradeCounter += 1;
  const res = await admin.post('/api/admin/trades', {
    label: `Métier d'essai numéro ${tradeCounter}`,
    family: 'artisanat',
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
/** A member with a profile on `tradeId` (the trigger sets their profession to the label). */
async function memberOn(tradeId: string, name = 'Membre'): Promise<string> {
  const [id] = await insertMembers(t, 1, [{ fullName: name, tradeId }]);
  return id as string;
}
async function seat(groupId: string, userId: string, tradeId: string, status = 'active', role: string | null = null) {
  await db.execute(sql`insert into group_members (group_id, user_id, trade_id, status, role, ended_at)
    values (${groupId}, ${userId}, ${tradeId}, ${status}, ${role}, ${status === 'active' ? null : new Date()})`);
}
async function waitFor(groupId: string, userId: string, tradeId: string, status = 'waiting'): Promise<string> {
  const offered = status === 'offered';
  const [row] = await rows<{ id: string }>(sql`
    insert into seat_waitlist (group_id, user_id, trade_id, status, offered_at, offer_expires_at)
    values (${groupId}, ${userId}, ${tradeId}, ${status}, ${offered ? new Date() : null},
            ${offered ? new Date(Date.now() + 7 * 86_400_000) : null})
    returning id`);
  return (row as { id: string }).id;
}
const allTrades = async (): Promise<AdminTrade[]> => {
  const res = await admin.get('/api/admin/trades');
  expect(res.statusCode).toBe(200);
  return res.json().trades;
};
const allGroups = async (): Promise<AdminGroup[]> => {
  const res = await admin.get('/api/admin/groups');
  expect(res.statusCode).toBe(200);
  return res.json().groups;
};

describe('admin only', () => {
  it('answers 401 to a visitor and 403 to a member on every route, before reading the body', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const attempts = [
      (c: typeof visitor) => c.get('/api/admin/trades'),
      (c: typeof visitor) => c.post('/api/admin/trades', {}),
      (c: typeof visitor) => c.put(`/api/admin/trades/${id}`, {}),
      (c: typeof visitor) => c.post(`/api/admin/trades/${id}/merge`, {}),
      (c: typeof visitor) => c.get('/api/admin/groups'),
      (c: typeof visitor) => c.post('/api/admin/groups', {}),
      (c: typeof visitor) => c.put(`/api/admin/groups/${id}`, {}),
    ];
    for (const attempt of attempts) {
      const anonymous = await attempt(visitor);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().error.message).toBe(apiErrors.UNAUTHENTICATED.message);
      const forbidden = await attempt(member);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().error.message).toBe('Accès non autorisé');
    }
  });
});

describe('trade catalogue', () => {
  it('lists the shipped catalogue by family then label, with members and active seats, in one query', async () => {
    const trades = await allTrades();
    expect(trades.length).toBeGreaterThanOrEqual(200);
    const notaire = trades.find((tr) => tr.label === 'Notaire');
    expect(notaire).toMatchObject({ family: 'droit-chiffre', regulated: true });
    // Families in TRADE_FAMILIES order: Bâtiment first, Industrie last.
    expect(trades[0]?.family).toBe('batiment');
    expect(trades.at(-1)?.family).toBe('industrie');

    const trade = await createTrade();
    const group = await createGroup();
    const holder = await memberOn(trade.id);
    await memberOn(trade.id);
    const former = await memberOn(trade.id);
    await seat(group.id, holder, trade.id);
    await seat(group.id, former, trade.id, 'left');
    let counted: AdminTrade[] = [];
    const few = await countQueries(async () => {
      counted = await allTrades();
    });
    expect(counted.find((tr) => tr.id === trade.id)).toMatchObject({ members: 3, activeSeats: 1 });
    // The catalogue's size does not change the number of queries.
    for (let i = 0; i < 5; i++) await createTrade();
    expect(await countQueries(() => allTrades())).toBe(few);
  });

  it('adds a trade with a slug from its label without accents, unique, and refuses a label equal once folded', async () => {
    expect(tradeSlugFromLabel('Électricien domoticien (maison connectée)')).toBe(
      'electricien-domoticien-maison-connectee',
    );
    expect(tradeSlugFromLabel("Œnologue d'entreprise")).toBe('oenologue-d-entreprise');

    const res = await admin.post('/api/admin/trades', {
      label: '  Électricien domoticien  ',
      family: 'batiment',
      nafCode: '43.21a',
      regulated: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created: AdminTrade = res.json();
    expect(created).toMatchObject({
      slug: 'electricien-domoticien',
      label: 'Électricien domoticien',
      family: 'batiment',
      nafCode: '43.21A',
      regulated: false,
      members: 0,
      activeSeats: 0,
    });

    for (const label of ['ELECTRICIEN DOMOTICIEN', 'électricien domoticien']) {
      const duplicate = await admin.post('/api/admin/trades', { label, family: 'batiment' });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().error.code).toBe('DUPLICATE_TRADE');
      expect(duplicate.json().error.message).toBe('Un métier porte déjà ce libellé.');
    }
    // Another label whose slug is taken: `-2`.
    const sameSlug = await admin.post('/api/admin/trades', { label: 'Électricien-domoticien', family: 'batiment' });
    expect(sameSlug.statusCode, sameSlug.body).toBe(201);
    expect(sameSlug.json().slug).toBe('electricien-domoticien-2');

    const bad = await admin.post('/api/admin/trades', { label: 'X', family: 'inconnue', nafCode: '4321' });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().error.fields;
    expect(Object.keys(fields).sort()).toEqual(['family', 'label', 'nafCode']);
    expect(fields.nafCode).toBe('Le code NAF doit avoir la forme 43.22A');
    expect(fields.family).toBe('Choisissez une famille de métiers');
  });

  it('renames a trade: its members’ profession follows; refuses a taken label and an unknown trade', async () => {
    const trade = await createTrade({ label: 'Tapissier garnisseur d’essai' });
    const other = await createTrade({ label: 'Tapissier décorateur d’essai' });
    const holder = await memberOn(trade.id);
    const res = await admin.put(`/api/admin/trades/${trade.id}`, {
      label: 'Tapissier d’ameublement',
      family: 'artisanat',
      nafCode: '',
      regulated: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: trade.id,
      slug: trade.slug,
      label: 'Tapissier d’ameublement',
      nafCode: null,
      regulated: true,
      members: 1,
    });
    const [profile] = await rows<{ profession: string; search_text: string }>(
      sql`select profession, search_text from profiles where user_id = ${holder}`,
    );
    expect(profile?.profession).toBe('Tapissier d’ameublement');
    // The search keys fold ’ to ' (a phone types either: migration 0032).
    expect(profile?.search_text).toContain("tapissier d'ameublement");

    const taken = await admin.put(`/api/admin/trades/${other.id}`, {
      label: 'TAPISSIER D’AMEUBLEMENT',
      family: 'artisanat',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('DUPLICATE_TRADE');

    for (const id of ['00000000-0000-4000-8000-000000000000', 'pas-un-uuid']) {
      const missing = await admin.put(`/api/admin/trades/${id}`, { label: 'Introuvable', family: 'artisanat' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toBe('Ce métier est introuvable.');
    }
  });
});

describe('merging trades', () => {
  it('moves every profile, seat, application, waiting-list place and history row, then deletes the trade', async () => {
    const from = await createTrade({ label: 'Plaquiste d’essai', family: 'batiment' });
    const into = await createTrade({ label: 'Plaquiste plâtrier d’essai', family: 'batiment' });
    const [g1, g2, g3, g4] = [await createGroup(), await createGroup(), await createGroup(), await createGroup()];
    if (!g1 || !g2 || !g3 || !g4) throw new Error('groups');

    const holderFrom = await memberOn(from.id, 'Titulaire Plaquiste');
    const holderInto = await memberOn(into.id, 'Titulaire Plâtrier');
    const former = await memberOn(from.id, 'Ancien');
    const applicant = await memberOn(from.id, 'Candidat');
    const both = await memberOn(into.id, 'Double liste');
    const offerFrom = await memberOn(from.id, 'Offre ancienne');
    const offerInto = await memberOn(into.id, 'Offre récente');
    const offerDup = await memberOn(into.id, 'Offre en double');
    const offerHeld = await memberOn(from.id, 'Offre sur siège tenu');
    await db.execute(sql`update profiles set specialty = 'Cloisons sèches' where user_id = ${holderFrom}`);

    await seat(g1.id, holderFrom, from.id, 'active', 'president');
    await seat(g2.id, holderInto, into.id);
    await seat(g2.id, former, from.id, 'removed');
    await db.execute(sql`insert into group_applications (group_id, user_id, trade_id, objection_period_ends_at)
      values (${g2.id}, ${applicant}, ${from.id}, now() + interval '7 days')`);
    await db.execute(sql`insert into group_history (group_id, kind, subject_id, trade_id)
      values (${g2.id}, 'removed', ${former}, ${from.id})`);
    // One member on both lists of g1: the older place (on `into`) is kept.
    const bothOlder = await waitFor(g1.id, both, into.id);
    const bothNewer = await waitFor(g1.id, both, from.id);
    // g3: both seats free, one offer on each: the older offer stays.
    const olderOffer = await waitFor(g3.id, offerFrom, from.id, 'offered');
    const newerOffer = await waitFor(g3.id, offerInto, into.id, 'offered');
    // g4: a member waiting on `into` (older) holds the offer on `from` (newer): the kept place takes the offer.
    const dupKept = await waitFor(g4.id, offerDup, into.id);
    const dupClosed = await waitFor(g4.id, offerDup, from.id, 'offered');
    const [closedOffer] = await rows<{ offer_expires_at: Date | string }>(
      sql`select offer_expires_at from seat_waitlist where id = ${dupClosed}`,
    );
    // g2: the seat of `into` is held; an offer on `from` there becomes a place in line.
    const heldOffer = await waitFor(g2.id, offerHeld, from.id, 'offered');

    const res = await admin.post(`/api/admin/trades/${from.id}/merge`, { intoTradeId: into.id });
    expect(res.statusCode, res.body).toBe(200);
    const result: TradeMergeResult = res.json();
    expect(result.trade).toMatchObject({
      id: into.id,
      label: 'Plaquiste plâtrier d’essai',
      members: 9,
      activeSeats: 2,
    });
    expect(result.moved).toEqual({ profiles: 5, seats: 2, applications: 1, waitlist: 4, history: 1 });
    expect(result.waitlistDuplicatesClosed).toBe(2);

    expect(await rows(sql`select id from trades where id = ${from.id}`)).toEqual([]);
    for (const table of ['profiles', 'group_members', 'group_applications', 'seat_waitlist', 'group_history']) {
      const left = await rows<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table)} where trade_id = ${from.id}`,
      );
      expect(left[0]?.n, table).toBe(0);
    }
    const [profile] = await rows<{ profession: string; specialty: string; trade_id: string }>(
      sql`select profession, specialty, trade_id from profiles where user_id = ${holderFrom}`,
    );
    expect(profile).toEqual({
      profession: 'Plaquiste plâtrier d’essai',
      specialty: 'Cloisons sèches',
      trade_id: into.id,
    });
    // The président keeps their seat and role, now on the target trade.
    const [g1Seat] = await rows<{ trade_id: string; role: string; status: string }>(
      sql`select trade_id, role, status from group_members where user_id = ${holderFrom}`,
    );
    expect(g1Seat).toEqual({ trade_id: into.id, role: 'president', status: 'active' });
    expect((await allGroups()).find((g) => g.id === g1.id)?.activeMembers).toBe(1);

    const places = await rows<{ id: string; status: string; trade_id: string; offer_expires_at: Date | string | null }>(
      sql`select id, status, trade_id, offer_expires_at from seat_waitlist where trade_id = ${into.id}`,
    );
    const place = (id: string) => places.find((p) => p.id === id);
    expect(place(bothOlder)?.status).toBe('waiting');
    expect(place(bothNewer)?.status).toBe('left');
    expect(place(olderOffer)?.status).toBe('offered');
    expect(place(newerOffer)?.status).toBe('waiting');
    expect(place(dupClosed)?.status).toBe('left');
    expect(place(dupKept)?.status).toBe('offered');
    expect(new Date(place(dupKept)?.offer_expires_at ?? 0).getTime()).toBe(
      new Date(closedOffer?.offer_expires_at ?? 1).getTime(),
    );
    expect(place(heldOffer)?.status).toBe('waiting');
    // Never two open places of one member, never two offers on one seat.
    const dupes = await rows(sql`select group_id, user_id from seat_waitlist where status in ('waiting', 'offered')
      group by group_id, trade_id, user_id having count(*) > 1`);
    expect(dupes).toEqual([]);
  });

  it('refuses a merge that would put two active members on one seat, and changes nothing', async () => {
    const from = await createTrade({ label: 'Carreleur mosaïste' });
    const into = await createTrade({ label: 'Carreleur faïencier' });
    const group = await createGroup();
    const other = await createGroup();
    const a = await memberOn(from.id);
    const b = await memberOn(into.id);
    const c = await memberOn(from.id);
    await seat(group.id, a, from.id);
    await seat(group.id, b, into.id);
    await seat(other.id, c, from.id);
    await db.execute(sql`insert into group_applications (group_id, user_id, trade_id, objection_period_ends_at)
      values (${other.id}, ${b}, ${into.id}, now() + interval '7 days')`);
    await waitFor(other.id, b, from.id);
    await waitFor(group.id, c, into.id);

    const snapshot = async () => ({
      trades: await rows(sql`select * from trades where id in (${from.id}, ${into.id}) order by id`),
      profiles: await rows(
        sql`select user_id, trade_id, profession from profiles where user_id in (${a}, ${b}, ${c}) order by user_id`,
      ),
      seats: await rows(sql`select * from group_members where group_id in (${group.id}, ${other.id}) order by id`),
      applications: await rows(
        sql`select * from group_applications where group_id in (${group.id}, ${other.id}) order by id`,
      ),
      waitlist: await rows(sql`select * from seat_waitlist where group_id in (${group.id}, ${other.id}) order by id`),
      counts: await rows(sql`select id, active_members from groups where id in (${group.id}, ${other.id}) order by id`),
    });
    const before = await snapshot();
    const res = await admin.post(`/api/admin/trades/${from.id}/merge`, { intoTradeId: into.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'TRADE_MERGE_CONFLICT',
      message: apiErrors.TRADE_MERGE_CONFLICT.message,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('two opposite merges at once: one wins, the other finds its trade gone (404), nothing is lost', async () => {
    const a = await createTrade({ label: 'Métier croisé A' });
    const b = await createTrade({ label: 'Métier croisé B' });
    const members = [await memberOn(a.id), await memberOn(b.id)];
    const results = await Promise.all([
      admin.post(`/api/admin/trades/${a.id}/merge`, { intoTradeId: b.id }),
      admin.post(`/api/admin/trades/${b.id}/merge`, { intoTradeId: a.id }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    const winner = results.find((r) => r.statusCode === 200);
    const kept = (winner?.json() as TradeMergeResult | undefined)?.trade as TradeMergeResult['trade'];
    const left = await rows<{ id: string }>(sql`select id from trades where id in (${a.id}, ${b.id})`);
    expect(left.map((r) => r.id)).toEqual([kept.id]);
    const profiles = await rows<{ trade_id: string }>(
      sql`select trade_id from profiles where user_id in (${members[0]}, ${members[1]})`,
    );
    expect(profiles.map((p) => p.trade_id)).toEqual([kept.id, kept.id]);
  });

  it('a merge at the same moment as an acceptance on the merged trade: never 500, one seat on the kept trade', async () => {
    for (let round = 0; round < 4; round++) {
      const from = await createTrade();
      const into = await createTrade();
      const group = await createGroup();
      const applicant = await memberOn(from.id, 'Candidat pendant la fusion');
      // A second group with a line on the merged trade: the merge locks it too.
      const other = await createGroup();
      await seat(other.id, await memberOn(from.id), from.id);
      await waitFor(other.id, await memberOn(from.id), from.id);
      const [application] = await rows<{ id: string }>(sql`
        insert into group_applications (group_id, user_id, trade_id, objection_period_ends_at)
        values (${group.id}, ${applicant}, ${from.id}, now() - interval '1 day') returning id`);
      const [accepted, merged] = await Promise.all([
        admin.post(`/api/groups/${group.id}/applications/${application?.id}/accept`, {}),
        admin.post(`/api/admin/trades/${from.id}/merge`, { intoTradeId: into.id }),
      ]);
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(merged.statusCode, merged.body).toBe(200);
      const seats = await rows<{ trade_id: string }>(
        sql`select trade_id from group_members where user_id = ${applicant} and status = 'active'`,
      );
      expect(seats.map((r) => r.trade_id)).toEqual([into.id]);
    }
  });

  it('a write naming a trade a merge deleted meanwhile is recognised (TRADE_CHANGED, not 500)', async () => {
    const group = await createGroup();
    const userId = await memberOn((await createTrade()).id);
    const error = await db
      .execute(
        sql`insert into seat_waitlist (group_id, user_id, trade_id) values (${group.id}, ${userId}, ${randomUUID()})`,
      )
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(isTradeGone(error)).toBe(true);
    const duplicate = await db
      .execute(sql`insert into trades (slug, label, family) select slug, label, family from trades limit 1`)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(isTradeGone(duplicate)).toBe(false);
    expect(apiErrors.TRADE_CHANGED.status).toBe(409);
  });

  it('refuses a merge into itself (400), and an unknown trade on either side (404)', async () => {
    const trade = await createTrade();
    const same = await admin.post(`/api/admin/trades/${trade.id}/merge`, { intoTradeId: trade.id });
    expect(same.statusCode).toBe(400);
    expect(same.json().error).toMatchObject({
      code: 'TRADE_MERGE_SAME',
      message: 'Choisissez un autre métier que celui à fusionner.',
    });

    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [fromId, intoId] of [
      [unknown, trade.id],
      [trade.id, unknown],
      ['pas-un-uuid', trade.id],
    ]) {
      const res = await admin.post(`/api/admin/trades/${fromId}/merge`, { intoTradeId: intoId });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'TRADE_NOT_FOUND', message: 'Ce métier est introuvable.' });
    }
    const badBody = await admin.post(`/api/admin/trades/${trade.id}/merge`, { intoTradeId: 'plombier' });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().error.fields.intoTradeId).toBe('Choisissez le métier de destination');
    expect((await allTrades()).some((tr) => tr.id === trade.id)).toBe(true);
  });
});

describe('groups', () => {
  it('creates a group (En formation, its creation in the history) and refuses a taken slug', async () => {
    const res = await admin.post(
      '/api/admin/groups',
      groupBody({
        name: 'Synergie Pro Lyon Confluence',
        slug: 'lyon-confluence',
        departmentCode: '69',
        meetingTime: '07:00:00',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const group: AdminGroup = res.json();
    expect(group).toMatchObject({
      name: 'Synergie Pro Lyon Confluence',
      slug: 'lyon-confluence',
      meetingTime: '07:00',
      meetingWeekday: 2,
      activeMembers: 0,
      status: 'forming',
      pendingApplications: 0,
      waitlist: 0,
      leaders: [],
    });
    const history = await rows<{ kind: string; actor_id: string }>(
      sql`select kind, actor_id from group_history where group_id = ${group.id}`,
    );
    expect(history).toEqual([{ kind: 'created', actor_id: admin.userId }]);

    const taken = await admin.post('/api/admin/groups', groupBody({ slug: 'lyon-confluence' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      code: 'DUPLICATE_GROUP_SLUG',
      message: 'Un groupe porte déjà cet identifiant.',
    });

    const bad = await admin.post(
      '/api/admin/groups',
      groupBody({
        slug: 'Lyon Confluence',
        departmentCode: '96',
        meetingRhythm: 'daily',
        meetingWeekday: 8,
        meetingTime: '25:00',
      }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      slug: 'L’identifiant ne peut contenir que des lettres minuscules sans accent, des chiffres et des tirets',
      departmentCode: 'Le département est invalide (ex. 69, 2A, 974)',
      meetingRhythm: 'Choisissez un rythme de réunion',
      meetingWeekday: 'Choisissez un jour',
      meetingTime: "L'heure est invalide",
    });
  });

  it('edits a group; refuses another group’s slug and an unknown group', async () => {
    const group = await createGroup();
    const other = await createGroup();
    const res = await admin.put(
      `/api/admin/groups/${group.id}`,
      groupBody({
        name: 'Synergie Pro Paris 11e',
        slug: 'paris-11',
        city: 'Paris',
        departmentCode: '75',
        region: 'Île-de-France',
        meetingRhythm: 'monthly',
        meetingWeekday: 4,
        meetingTime: '19:30',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: group.id,
      name: 'Synergie Pro Paris 11e',
      slug: 'paris-11',
      city: 'Paris',
      departmentCode: '75',
      region: 'Île-de-France',
      meetingRhythm: 'monthly',
      meetingWeekday: 4,
      meetingTime: '19:30',
    });
    const taken = await admin.put(`/api/admin/groups/${other.id}`, groupBody({ slug: 'paris-11' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('DUPLICATE_GROUP_SLUG');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'inconnu']) {
      const missing = await admin.put(`/api/admin/groups/${id}`, groupBody());
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toBe('Ce groupe est introuvable.');
    }
  });

  it('lists every group with its counts and leaders’ names, in one query whatever the number of groups', async () => {
    const group = await createGroup({ region: 'Zzz Région de test', departmentCode: '2A' });
    const trades = (await allTrades()).slice(0, 12);
    const ids = await insertMembers(t, 12, (i) => ({
      fullName: `Membre ${String(i).padStart(2, '0')}`,
      tradeId: trades[i]?.id,
    }));
    for (const [i, id] of ids.entries()) {
      const role = i === 0 ? 'secretary_treasurer' : i === 1 ? 'president' : null;
      await seat(group.id, id, trades[i]?.id as string, 'active', role);
    }
    const applicant = await memberOn(trades[0]?.id as string);
    await db.execute(sql`insert into group_applications (group_id, user_id, trade_id, objection_period_ends_at)
      values (${group.id}, ${applicant}, ${trades[0]?.id}, now() + interval '7 days')`);
    await waitFor(group.id, applicant, trades[0]?.id as string);

    let groups: AdminGroup[] = [];
    const few = await countQueries(async () => {
      groups = await allGroups();
    });
    expect(groups.find((g) => g.id === group.id)).toMatchObject({
      id: group.id,
      activeMembers: 12,
      status: 'active',
      pendingApplications: 1,
      waitlist: 1,
      leaders: [
        { role: 'president', userId: ids[1], fullName: 'Membre 01' },
        { role: 'secretary_treasurer', userId: ids[0], fullName: 'Membre 00' },
      ],
    });
    for (let i = 0; i < 5; i++) await createGroup();
    const many = await countQueries(() => allGroups());
    expect(many).toBe(few);
  });
});
