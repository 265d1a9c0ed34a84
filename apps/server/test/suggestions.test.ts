import { randomUUID } from 'node:crypto';
import type { MissingTrades, OneToOneSuggestions } from '@synergie/shared';
import { describe, expect, it } from 'vitest';
import { oneToOnes, profiles, recommendations, subscriptions, user } from '../src/db/schema';
import { getMissingTrades, getOneToOneSuggestions } from '../src/domain/suggestions';
import { createTestApp } from './helpers/app';
import { client } from './helpers/auth';
import { countQueries } from './helpers/db';
import { catalogue, createGroup, seat } from './helpers/groups';
import { signUpSubscriber } from './helpers/members';

const t = await createTestApp();
const db = t.database.db;
const trades = await catalogue(db);
const [A, B, C, D, E, F] = trades.slice(0, 6).map((tr) => tr.id) as [string, string, string, string, string, string];

/** A member straight into the database, subscribed (an active subscription) unless told otherwise. */
async function member(fullName: string, tradeId: string, values: { city?: string; subscribed?: boolean } = {}) {
  const id = randomUUID();
  await db.insert(user).values({ id, name: fullName, email: `${id}@suggestions.test`, emailVerified: true });
  await db.insert(profiles).values({ userId: id, fullName, tradeId, city: values.city ?? null });
  if (values.subscribed ?? true) {
    await db.insert(subscriptions).values({
      userId: id,
      provider: 'demo',
      planId: 'monthly',
      status: 'active',
      providerUpdatedAt: new Date(),
    });
  }
  return id;
}

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
const rec = (
  giverId: string,
  receiverId: string,
  values: {
    status?: string;
    business?: 'declared' | 'confirmed' | 'disputed';
    amount?: number;
    at?: Date;
    receiverGroupId?: string;
  } = {},
) => ({
  giverId,
  receiverId,
  kind: 'for_you',
  heat: 3,
  status: values.status ?? 'won',
  amountCents: values.business ? (values.amount ?? 10_000) : null,
  businessStatus: values.business ?? null,
  businessDeclaredAt: values.business ? new Date() : null,
  businessAnsweredAt: values.business && values.business !== 'declared' ? new Date() : null,
  createdAt: values.at ?? daysAgo(10),
  receiverGroupId: values.receiverGroupId ?? null,
});

// The territories: my group in Lyon; Villeurbanne and Vénissieux in the Rhône (69); Grenoble in
// the same région (38); Paris elsewhere.
const g1 = await createGroup(db, { name: 'Lyon Centre', city: 'Lyon', departmentCode: '69' });
const g2 = await createGroup(db, { name: 'Villeurbanne', city: 'Villeurbanne', departmentCode: '69' });
const g5 = await createGroup(db, { name: 'Vénissieux', city: 'Vénissieux', departmentCode: '69' });
const g3 = await createGroup(db, { name: 'Grenoble', city: 'Grenoble', departmentCode: '38' });
const g4 = await createGroup(db, { name: 'Paris Est', city: 'Paris', departmentCode: '75', region: 'Île-de-France' });

const me = await signUpSubscriber(t, { name: 'Moi Membre' }, { fullName: 'Moi Membre', tradeId: A, city: 'Lyon' });
const b1 = await member('Bernard Groupe', B);
const b2 = await member('Béatrice Ville', B, { city: 'LYON ' });
const b3 = await member('Basile Sans Abonnement', B, { city: 'Lyon', subscribed: false });
const c1 = await member('Claire Un', C);
const c5 = await member('Cyril Cinq', C);
const c2 = await member('Camille Deux', C);
const c3 = await member('Cédric Rencontré', C, { city: 'Lyon' });
const c4 = await member('Chloé En Attente', C, { city: 'Lyon' });
const d1 = await member('Denis Paris', D);
const d2 = await member('Zoé Ailleurs', D);
const dX = await member('Dominique Grenoble', D);
const bG3 = await member('Bruno Grenoble', B);
const fX = await member('Fanny Partie', F);
const e1 = await member('Emma Perdue', E, { city: 'Lyon' });
const a2 = await member('Alain Même Métier', A, { city: 'Lyon', subscribed: false });
const x = await member('Xavier Externe', A, { subscribed: false });

await seat(db, g1.id, [
  { userId: me.userId, tradeId: A },
  { userId: b1, tradeId: B },
]);
await seat(db, g2.id, [{ userId: c1, tradeId: C }]);
await seat(db, g5.id, [{ userId: c5, tradeId: C }]);
await seat(db, g3.id, [
  { userId: c2, tradeId: C },
  { userId: dX, tradeId: D },
  { userId: bG3, tradeId: B },
]);
await seat(db, g4.id, [{ userId: d1, tradeId: D }]);
await db.insert(oneToOnes).values([
  { requesterId: me.userId, partnerId: c3, metOn: '2026-11-02', status: 'confirmed' },
  { requesterId: c4, partnerId: me.userId, metOn: '2026-11-03', status: 'pending' },
  { requesterId: me.userId, partnerId: c5, metOn: '2026-11-04', status: 'declined' },
]);

await db.insert(recommendations).values([
  // Trade pair A–B: 2 won (1 confirmed, 1 000 €), whichever way; an older one and a lost one left out.
  rec(x, b3, { business: 'confirmed', amount: 100_000 }),
  rec(b2, a2, { business: 'declared' }),
  rec(x, b1, { business: 'confirmed', at: daysAgo(400) }),
  rec(x, b1, { status: 'lost' }),
  // Pair A–C: 3 won (2 confirmed: 500 € + 200 €, 1 disputed).
  rec(x, c3, { business: 'confirmed', amount: 50_000 }),
  rec(c4, x, { business: 'confirmed', amount: 20_000 }),
  rec(x, c1, { business: 'disputed' }),
  // Pair A–D: 1 won, confirmed, 50 €.
  rec(d2, me.userId, { business: 'confirmed', amount: 5_000 }),
  // A–E only lost; A–A and B–C won but neither pair is mine.
  rec(x, e1, { status: 'lost' }),
  rec(x, a2, { business: 'confirmed' }),
  rec(b1, c1, { business: 'confirmed' }),
]);
await db.insert(recommendations).values([
  // Received in the groups of my région but mine: C 4 (Villeurbanne 2, Vénissieux 2), D 3 and
  // B 5 (Grenoble), F 2 (Grenoble, the member has left); E in Paris, and one too old in Villeurbanne.
  ...[c1, c1].map((id) => rec(x, id, { status: 'received', receiverGroupId: g2.id })),
  ...[c5, c5].map((id) => rec(x, id, { status: 'received', receiverGroupId: g5.id })),
  ...[dX, dX, dX].map((id) => rec(x, id, { status: 'contacted', receiverGroupId: g3.id })),
  ...[bG3, bG3, bG3, bG3, bG3].map((id) => rec(x, id, { status: 'received', receiverGroupId: g3.id })),
  ...[fX, fX].map((id) => rec(x, id, { status: 'lost', receiverGroupId: g3.id })),
  rec(x, e1, { status: 'received', receiverGroupId: g4.id }),
  rec(x, e1, { status: 'received', receiverGroupId: g2.id, at: daysAgo(400) }),
]);

describe('GET /api/me/suggestions/one-to-ones', () => {
  it('refuses a visitor', async () => {
    expect((await client(t).get('/api/me/suggestions/one-to-ones')).statusCode).toBe(401);
  });

  it('proposes the members of the paired trades not met yet, nearest first, with the figures', async () => {
    const res = await me.get('/api/me/suggestions/one-to-ones');
    expect(res.statusCode).toBe(200);
    const body = res.json() as OneToOneSuggestions;
    expect(body.myTrade).toBe(trades[0]?.label);
    expect(body.items.map((i) => [i.member.name, i.proximity, i.proximityPlace])).toEqual([
      ['Bernard Groupe', 'same_group', 'Lyon Centre'],
      ['Béatrice Ville', 'same_city', 'LYON'],
      // The same département; the declined one-to-one does not count as met.
      ['Claire Un', 'same_department', '69'],
      ['Cyril Cinq', 'same_department', '69'],
      // The same région: C (3 won) before B (2 won).
      ['Camille Deux', 'same_region', 'Auvergne-Rhône-Alpes'],
      ['Bruno Grenoble', 'same_region', 'Auvergne-Rhône-Alpes'],
      // Six at most: Dominique Grenoble (D, 1 won), then Denis Paris and Zoé Ailleurs elsewhere, are cut.
    ]);
    const why = Object.fromEntries(body.items.map((i) => [i.member.name, i.why]));
    expect(why['Bernard Groupe']).toEqual({
      wonBetweenTrades: 2,
      confirmedBetweenTrades: 1,
      confirmedAmountCents: 100_000,
    });
    expect(why['Claire Un']).toEqual({ wonBetweenTrades: 3, confirmedBetweenTrades: 2, confirmedAmountCents: 70_000 });
    expect(why['Bruno Grenoble']).toEqual(why['Bernard Groupe']);
    const all = await getOneToOneSuggestions(db, me.userId);
    expect(all.items).toHaveLength(6);
    expect(body.items[0]?.member).toMatchObject({ trade: trades[1]?.label, groupName: 'Lyon Centre' });
    // Never proposed: not subscribed (Basile), met or pending (Cédric, Chloé), my own trade, E.
    const names = body.items.map((i) => i.member.name);
    for (const name of [
      'Basile Sans Abonnement',
      'Cédric Rencontré',
      'Chloé En Attente',
      'Emma Perdue',
      'Alain Même Métier',
    ])
      expect(names).not.toContain(name);
  });

  it('puts members with no group and no city elsewhere', async () => {
    // Zoé (D, no group, no city): trade A is paired with D by 1 won (confirmed, 50 €); of its
    // members only I am subscribed.
    const body = await getOneToOneSuggestions(db, d2);
    expect(body.items.map((i) => [i.member.name, i.proximity, i.proximityPlace, i.why])).toEqual([
      [
        'Moi Membre',
        'elsewhere',
        null,
        { wonBetweenTrades: 1, confirmedBetweenTrades: 1, confirmedAmountCents: 5_000 },
      ],
    ]);
  });

  it('answers in one query, and nothing without a trade', async () => {
    expect(await countQueries(db, () => getOneToOneSuggestions(db, me.userId))).toBe(1);
    const noTrade = await signUpSubscriber(t, { name: 'Sans Métier' });
    const body = (await noTrade.get('/api/me/suggestions/one-to-ones')).json() as OneToOneSuggestions;
    expect(body).toEqual({ myTrade: null, items: [] });
  });
});

describe('GET /api/me/suggestions/missing-trades', () => {
  it('ranks the trades absent from my group by what they received in the groups of my région', async () => {
    const res = await me.get('/api/me/suggestions/missing-trades');
    expect(res.statusCode).toBe(200);
    const body = res.json() as MissingTrades;
    expect(body.group).toEqual({ id: g1.id, name: 'Lyon Centre', region: 'Auvergne-Rhône-Alpes' });
    expect(body.likeGroups).toEqual({ scope: 'region', count: 3 });
    expect(body.items.map((i) => [i.trade.id, i.why.recommendationsReceived, i.why.groupsWithTrade])).toEqual([
      [C, 4, 3],
      [D, 3, 1],
      [F, 2, 0],
    ]);
  });

  it('compares a group alone in its région with the whole network', async () => {
    const body = await getMissingTrades(db, d1);
    expect(body.likeGroups).toEqual({ scope: 'network', count: 4 });
    // D is seated in Paris Est; B 5 (Grenoble), C 4, F 2; A none received in a group.
    expect(body.items.map((i) => [i.trade.id, i.why.recommendationsReceived])).toEqual([
      [B, 5],
      [C, 4],
      [F, 2],
    ]);
  });

  it('answers in two queries, and nothing without a group', async () => {
    expect(await countQueries(db, () => getMissingTrades(db, me.userId))).toBe(2);
    expect(await getMissingTrades(db, d2)).toEqual({
      group: null,
      likeGroups: { scope: 'region', count: 0 },
      items: [],
    });
  });
});
