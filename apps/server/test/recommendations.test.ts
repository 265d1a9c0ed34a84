import { randomUUID } from 'node:crypto';
import type { RecommendationDetail } from '@synergie/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, recommendationEvents, recommendations, subscriptions } from '../src/db/schema';
import { getRecommendation, listMyRecommendations } from '../src/domain/recommendations/reading';
import { recommendationTotals } from '../src/domain/recommendations/totals';
import { createTestApp } from './helpers/app';
import { signUp } from './helpers/auth';
import { catalogue, createGroup, seat } from './helpers/groups';
import { type Member, signUpSubscriber } from './helpers/members';

/**
 * Recommendations and closed business (network-core §3) through the routes: giving, reading,
 * moving along, declaring and answering the business, the lists and the CSV export, the totals.
 */

const ADMIN_EMAIL = 'admin.recommandations@synergie.test';
const t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
const db = t.database.db;

const marie = await signUpSubscriber(t, { name: 'Marie Dupont' }, { fullName: 'Marie Dupont' });
const paul = await signUpSubscriber(t, { name: 'Paul Martin' }, { fullName: 'Paul Martin' });
const stranger = await signUpSubscriber(t, { name: 'Jean Inconnu' });
const admin = await signUp(t, { email: ADMIN_EMAIL });

const external = (receiverId: string, extra: Record<string, unknown> = {}) => ({
  receiverId,
  kind: 'external',
  contactName: 'Sophie Leroy',
  contactPhone: '06 12 34 56 78',
  contactEmail: 'sophie@cabinet-x.fr',
  contactCompany: 'Cabinet X',
  need: 'Refaire la toiture de son entrepôt',
  consent: true,
  heat: 4,
  message: 'Elle attend ton appel.',
  ...extra,
});

async function give(from: Member, to: Member, extra: Record<string, unknown> = {}): Promise<RecommendationDetail> {
  const res = await from.post('/api/recommendations', external(to.userId, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const rowCount = async () => Number((await db.select({ n: count() }).from(recommendations))[0]?.n);
const eventCount = async () => Number((await db.select({ n: count() }).from(recommendationEvents))[0]?.n);

describe('giving a recommendation', () => {
  it('stores it with the consent time and home groups, writes the history and tells the receiver', async () => {
    const [trade] = await catalogue(db);
    const group = await createGroup(db);
    await seat(db, group.id, [{ userId: marie.userId, tradeId: (trade as { id: string }).id }]);
    const detail = await give(marie, paul);
    expect(detail).toMatchObject({
      kind: 'external',
      status: 'received',
      viewerRole: 'giver',
      nextStatuses: [],
      giver: { id: marie.userId, name: 'Marie Dupont' },
      receiver: { id: paul.userId, name: 'Paul Martin' },
      contactName: 'Sophie Leroy',
      contactPhone: '+33612345678',
      contactEmail: 'sophie@cabinet-x.fr',
      contactCompany: 'Cabinet X',
    });
    expect(detail.consentAt).not.toBeNull();
    expect(detail.history).toMatchObject([
      { kind: 'given', fromStatus: null, toStatus: 'received', actorName: 'Marie Dupont' },
    ]);
    const [row] = await db.select().from(recommendations).where(eq(recommendations.id, detail.id));
    expect(row?.giverGroupId).toBe(group.id);
    expect(row?.receiverGroupId).toBeNull();
    const [note] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, paul.userId), eq(notifications.kind, 'recommendation_received')));
    expect(note?.title).toBe('Marie Dupont vous recommande un contact externe');
    expect(note?.link).toBe(`/recommandations/${detail.id}`);
  });

  it('`Pour vous` keeps no contact data', async () => {
    const res = await paul.post('/api/recommendations', {
      receiverId: marie.userId,
      kind: 'for_you',
      contactName: 'Quelqu’un',
      contactEmail: 'x@y.fr',
      need: 'Un bilan comptable',
      heat: 3,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'for_you', contactName: null, contactEmail: null, consentAt: null });
    const [note] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, marie.userId), eq(notifications.kind, 'recommendation_received')));
    expect(note?.title).toBe('Paul Martin a besoin de vos services');
  });
});

describe('bad input: a French 4xx and no row written', () => {
  it.each([
    ['to oneself', () => marie.post('/api/recommendations', external(marie.userId)), 400, 'SELF_RECOMMENDATION'],
    ['to an unknown member', () => marie.post('/api/recommendations', external('inconnu')), 404, 'MEMBER_NOT_FOUND'],
    [
      'an external contact without the consent box',
      () => marie.post('/api/recommendations', external(paul.userId, { consent: false })),
      400,
      'VALIDATION',
    ],
  ])('%s', async (_label, call, status, code) => {
    const [rows, events] = [await rowCount(), await eventCount()];
    const res = await call();
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect(await rowCount()).toBe(rows);
    expect(await eventCount()).toBe(events);
  });

  it('to a member without an active subscription: 409 RECIPIENT_NOT_MEMBER', async () => {
    const lapsed = await signUp(t);
    const rows = await rowCount();
    const res = await marie.post('/api/recommendations', external(lapsed.userId));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'RECIPIENT_NOT_MEMBER' });
    // A subscription set to end whose period is over no longer counts.
    const ended = await signUpSubscriber(t);
    await db
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: true, currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, ended.userId));
    expect((await marie.post('/api/recommendations', external(ended.userId))).statusCode).toBe(409);
    expect(await rowCount()).toBe(rows);
  });

  it('the CHECK behind the consent is a CONSENT_REQUIRED, never a 500', async () => {
    await expect(
      db.execute(
        sql`insert into recommendations (giver_id, receiver_id, kind, contact_name, heat) values (${marie.userId}, ${paul.userId}, 'external', 'X', 3)`,
      ),
    ).rejects.toThrow();
  });

  it('unknown and malformed ids are 404, for reading, moving and answering', async () => {
    for (const id of [randomUUID(), 'pas-un-uuid', "1' or '1'='1"]) {
      const path = `/api/recommendations/${encodeURIComponent(id)}`;
      for (const res of [
        await marie.get(path),
        await marie.post(`${path}/status`, { status: 'contacted' }),
        await marie.put(`${path}/business`, { amount: '100' }),
        await marie.post(`${path}/business/answer`, { answer: 'confirm', seenAmountCents: 10_000 }),
      ]) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json().error.code).toBe('RECOMMENDATION_NOT_FOUND');
      }
    }
  });
});

describe('reading one', () => {
  it('giver, receiver and admin read it; anyone else is told it does not exist', async () => {
    const { id } = await give(marie, paul);
    expect((await marie.get(`/api/recommendations/${id}`)).json().viewerRole).toBe('giver');
    const asReceiver = (await paul.get(`/api/recommendations/${id}`)).json();
    expect(asReceiver.viewerRole).toBe('receiver');
    expect(asReceiver.nextStatuses).toEqual(['contacted', 'meeting', 'quote_sent', 'won', 'lost', 'no_follow_up']);
    const asAdmin = await admin.get(`/api/recommendations/${id}`);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toMatchObject({ viewerRole: 'admin', nextStatuses: [] });
    const res = await stranger.get(`/api/recommendations/${id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('RECOMMENDATION_NOT_FOUND');
  });
});

describe('moving it along and the closed business', () => {
  it('receiver moves it to won with an amount; the giver is told each time and confirms', async () => {
    const { id } = await give(marie, paul);
    const contacted = await paul.post(`/api/recommendations/${id}/status`, { status: 'contacted', note: 'Appelée' });
    expect(contacted.statusCode, contacted.body).toBe(200);
    expect(contacted.json()).toMatchObject({
      status: 'contacted',
      nextStatuses: ['meeting', 'quote_sent', 'won', 'lost', 'no_follow_up'],
    });
    const won = await paul.post(`/api/recommendations/${id}/status`, { status: 'won', amount: '12 500,50' });
    expect(won.statusCode, won.body).toBe(200);
    expect(won.json()).toMatchObject({
      status: 'won',
      amountCents: 1_250_050,
      businessStatus: 'declared',
      nextStatuses: [],
    });
    const kinds = await db
      .select({ kind: notifications.kind, title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.userId, marie.userId), sql`${notifications.link} = ${`/recommandations/${id}`}`))
      .orderBy(notifications.createdAt);
    // The move to `Gagnée` writes its two notifications in one statement (same instant): compare
    // the kinds as a set per step, and the first step's title.
    expect(kinds.map((k) => k.kind).sort()).toEqual(
      ['business_to_confirm', 'recommendation_updated', 'recommendation_updated'].sort(),
    );
    expect(kinds.map((k) => k.title)).toContain('Paul Martin a fait avancer votre recommandation\u00a0: Contactée');
    // Titles and mail subjects never name the external contact (kept beyond its 12 months).
    const all = await db.select({ title: notifications.title }).from(notifications);
    for (const n of all) expect(n.title).not.toMatch(/Cabinet X|Sophie Leroy/);
    expect(kinds.find((k) => k.kind === 'business_to_confirm')?.title).toContain('12\u202f500,50\u00a0€');

    // Backwards, or from a closed status: 409 naming the current step.
    const back = await paul.post(`/api/recommendations/${id}/status`, { status: 'meeting' });
    expect(back.statusCode).toBe(409);
    expect(back.json().error).toMatchObject({ code: 'STATUS_NOT_ALLOWED' });
    expect(back.json().error.message).toContain('«\u00a0Gagnée\u00a0»');

    // The receiver corrects the amount; the giver confirms; no more correction afterwards.
    const corrected = await paul.put(`/api/recommendations/${id}/business`, { amount: 13000 });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toMatchObject({ amountCents: 1_300_000, businessStatus: 'declared' });
    const own = await paul.post(`/api/recommendations/${id}/business/answer`, {
      answer: 'confirm',
      seenAmountCents: 1_300_000,
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().error.code).toBe('OWN_DECLARATION');
    expect(
      (
        await stranger.post(`/api/recommendations/${id}/business/answer`, {
          answer: 'confirm',
          seenAmountCents: 1_300_000,
        })
      ).statusCode,
    ).toBe(404);
    const confirmed = await marie.post(`/api/recommendations/${id}/business/answer`, {
      answer: 'confirm',
      seenAmountCents: 1_300_000,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ businessStatus: 'confirmed', viewerRole: 'giver' });
    expect(confirmed.json().businessAnsweredAt).not.toBeNull();
    const again = await marie.post(`/api/recommendations/${id}/business/answer`, {
      answer: 'dispute',
      reason: 'Non',
      seenAmountCents: 1_300_000,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('BUSINESS_ALREADY_CONFIRMED');
    const late = await paul.put(`/api/recommendations/${id}/business`, { amount: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('BUSINESS_ALREADY_CONFIRMED');

    const history = (await marie.get(`/api/recommendations/${id}`)).json().history;
    expect(history.map((h: { kind: string }) => h.kind)).toEqual([
      'given',
      'status',
      'status',
      'business_declared',
      'business_confirmed',
    ]);
    expect(history[1]).toMatchObject({
      fromStatus: 'received',
      toStatus: 'contacted',
      note: 'Appelée',
      actorName: 'Paul Martin',
    });
    expect(history[2]).toMatchObject({ fromStatus: 'contacted', toStatus: 'won', amountCents: 1_250_050 });
  });

  it('refuses the giver (403 NOT_RECEIVER) and a stranger (404); a dispute keeps its reason', async () => {
    const { id } = await give(marie, paul);
    const giver = await marie.post(`/api/recommendations/${id}/status`, { status: 'contacted' });
    expect(giver.statusCode).toBe(403);
    expect(giver.json().error.code).toBe('NOT_RECEIVER');
    expect((await stranger.post(`/api/recommendations/${id}/status`, { status: 'contacted' })).statusCode).toBe(404);
    const notDeclared = await marie.post(`/api/recommendations/${id}/business/answer`, {
      answer: 'confirm',
      seenAmountCents: 0,
    });
    expect(notDeclared.statusCode).toBe(409);
    expect(notDeclared.json().error.code).toBe('BUSINESS_NOT_DECLARED');
    await paul.post(`/api/recommendations/${id}/status`, { status: 'won', amount: '800' });
    const disputed = await marie.post(`/api/recommendations/${id}/business/answer`, {
      answer: 'dispute',
      reason: 'Le devis était de 500 €',
      seenAmountCents: 80_000,
    });
    expect(disputed.statusCode, disputed.body).toBe(200);
    expect(disputed.json()).toMatchObject({ businessStatus: 'disputed', disputeReason: 'Le devis était de 500 €' });
    const [toReceiver] = await db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, paul.userId),
          eq(notifications.kind, 'business_to_confirm'),
          eq(notifications.link, `/recommandations/${id}`),
        ),
      );
    expect(toReceiver?.title).toBe('Marie Dupont conteste votre affaire conclue de 800,00\u00a0€ HT');
  });

  it.each([
    ['negative', '-100'],
    ['not a number', 'beaucoup'],
    ['above 10 million euros', '10000000,01'],
    ['missing', undefined],
  ])('an amount %s is a 400 and nothing changes', async (_label, amount) => {
    const { id } = await give(marie, paul);
    const events = await eventCount();
    const res = await paul.post(`/api/recommendations/${id}/status`, { status: 'won', amount });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    expect(res.json().error.fields.amount).toBeTruthy();
    expect((await paul.get(`/api/recommendations/${id}`)).json().status).toBe('received');
    expect(await eventCount()).toBe(events);
  });

  it('two status changes at the same instant leave a consistent history', async () => {
    for (let round = 0; round < 5; round++) {
      const { id } = await give(marie, paul);
      const results = await Promise.all([
        paul.post(`/api/recommendations/${id}/status`, { status: 'contacted' }),
        paul.post(`/api/recommendations/${id}/status`, { status: 'meeting' }),
        paul.post(`/api/recommendations/${id}/status`, { status: 'lost', lostReason: 'Trop cher' }),
      ]);
      for (const r of results) expect([200, 409], r.body).toContain(r.statusCode);
      const history = (await paul.get(`/api/recommendations/${id}`)).json().history as RecommendationDetail['history'];
      for (let i = 1; i < history.length; i++) expect(history[i]?.fromStatus).toBe(history[i - 1]?.toStatus);
      const [row] = await db.select().from(recommendations).where(eq(recommendations.id, id));
      expect(history.at(-1)?.toStatus).toBe(row?.status);
      expect(history.length).toBe(1 + results.filter((r) => r.statusCode === 200).length);
    }
  });
});

describe('my lists and the CSV export', () => {
  it('lists one side, filtered by status and month, page by page, and exports the same as CSV', async () => {
    const giver = await signUpSubscriber(t, { name: 'Claire Giraud' }, { fullName: 'Claire Giraud' });
    const a = await give(giver, paul, { contactName: '=HYPERLINK("http://x")', contactCompany: null });
    await give(giver, marie);
    await give(giver, paul, { kind: 'for_you' });
    await paul.post(`/api/recommendations/${a.id}/status`, { status: 'won', amount: '1234,5' });

    const all = (await giver.get('/api/me/recommendations?side=given&pageSize=2')).json();
    expect(all.total).toBe(3);
    expect(all.items).toHaveLength(2);
    const page2 = (await giver.get('/api/me/recommendations?side=given&pageSize=2&page=2')).json();
    expect(page2.items).toHaveLength(1);
    const won = (await giver.get('/api/me/recommendations?side=given&status=won')).json();
    expect(won.items.map((i: { id: string }) => i.id)).toEqual([a.id]);
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit' })
      .format(new Date())
      .slice(0, 7);
    expect((await giver.get(`/api/me/recommendations?side=given&month=${month}`)).json().total).toBe(3);
    expect((await giver.get('/api/me/recommendations?side=given&month=2020-01')).json().total).toBe(0);
    expect((await giver.get('/api/me/recommendations?side=received')).json().total).toBe(0);
    const bad = await giver.get('/api/me/recommendations?month=2026-13');
    expect(bad.statusCode).toBe(400);

    const csv = await giver.get('/api/me/recommendations.csv?side=given');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="recommandations-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const lines = csv.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('Date;Sens;Membre;Type;Contact;Besoin;Chaleur;Statut;Montant HT (€);Affaire');
    expect(lines).toHaveLength(4);
    const wonLine = lines.find((l) => l.includes('Gagnée')) as string;
    expect(wonLine).toContain(';1234,50;Déclarée');
    expect(wonLine).toContain(`;"'=HYPERLINK(""http://x"")";`);
    expect(wonLine).toContain(';Donnée;Paul Martin;Un contact externe;');
    // Someone else's recommendations are not in my export.
    const other = await stranger.get('/api/me/recommendations.csv?side=given');
    expect(other.body.slice(1).trim().split('\r\n')).toHaveLength(1);
  });
});

describe('the RGPD export', () => {
  it('holds the recommendations given and received with their history, and the notifications', async () => {
    const giver = await signUpSubscriber(t, { name: 'Léa Export' }, { fullName: 'Léa Export' });
    const given = await give(giver, paul);
    await paul.post(`/api/recommendations/${given.id}/status`, { status: 'contacted' });
    const mine = (await giver.get('/api/me/export')).json();
    expect(mine.recommendations.map((r: { id: string }) => r.id)).toEqual([given.id]);
    expect(mine.recommendationHistory.map((e: { kind: string }) => e.kind)).toEqual(['given', 'status']);
    expect(mine.notifications.map((n: { kind: string }) => n.kind)).toEqual(['recommendation_updated']);
    const his = (await paul.get('/api/me/export')).json();
    expect(his.recommendations.map((r: { id: string }) => r.id)).toContain(given.id);
  });
});

describe('totals', () => {
  it('a group leader sees the group’s last 12 months, zeros included; an admin the network’s', async () => {
    const [trade, other] = await catalogue(db);
    const group = await createGroup(db);
    const leader = await signUpSubscriber(t, {}, { fullName: 'Léa Responsable' });
    const member = await signUpSubscriber(t, {}, { fullName: 'Hugo Membre' });
    await seat(db, group.id, [
      { userId: leader.userId, tradeId: (trade as { id: string }).id, role: 'president' },
      { userId: member.userId, tradeId: (other as { id: string }).id },
    ]);
    const r1 = await give(member, paul);
    await give(member, marie);
    await paul.post(`/api/recommendations/${r1.id}/status`, { status: 'won', amount: '1000' });
    await member.post(`/api/recommendations/${r1.id}/business/answer`, { answer: 'confirm', seenAmountCents: 100_000 });

    const res = await leader.get(`/api/groups/${group.id}/recommendations/totals`);
    expect(res.statusCode, res.body).toBe(200);
    const totals = res.json();
    expect(totals.months).toHaveLength(12);
    expect(totals.months[0]).toMatchObject({ given: 2, won: 1, declaredCents: 100_000, confirmedCents: 100_000 });
    expect(totals.months.slice(1).every((m: { given: number }) => m.given === 0)).toBe(true);
    expect(totals.total).toMatchObject({ given: 2, won: 1, confirmedCents: 100_000, conversionPercent: 100 });
    expect(totals.months[0].month > totals.months[1].month).toBe(true);

    expect((await member.get(`/api/groups/${group.id}/recommendations/totals`)).statusCode).toBe(403);
    expect((await admin.get('/api/admin/recommendations/totals')).statusCode).toBe(200);
    expect((await leader.get('/api/admin/recommendations/totals')).statusCode).toBe(403);
  });
});

describe('totals add up (issue 29)', () => {
  it('counts the recommendations given each Paris month and where they are today; the rate is won / closed', async () => {
    const group = await createGroup(db);
    const now = new Date('2026-04-20T10:00:00Z');
    const rec = (createdAt: string, status: string, amountCents: number | null = null, confirmed = false) => ({
      giverId: marie.userId,
      receiverId: paul.userId,
      giverGroupId: group.id,
      kind: 'for_you',
      heat: 3,
      status,
      amountCents,
      businessStatus: amountCents === null ? null : confirmed ? 'confirmed' : 'declared',
      createdAt: new Date(createdAt),
      statusChangedAt: new Date(createdAt),
    });
    await db.insert(recommendations).values([
      // 1 April 00:30 in Paris (summer time), 31 March in UTC: April's.
      rec('2026-03-31T22:30:00Z', 'won', 100_000, true),
      rec('2026-04-02T10:00:00Z', 'won', 50_000),
      rec('2026-04-03T10:00:00Z', 'won', 20_000, true),
      rec('2026-04-04T10:00:00Z', 'lost'),
      rec('2026-04-05T10:00:00Z', 'received'),
      rec('2026-04-06T10:00:00Z', 'meeting'),
      rec('2026-04-07T10:00:00Z', 'contacted'),
      // 31 March 23:30 in Paris: March's; 1 March 00:30 winter time: March's too.
      rec('2026-03-31T21:30:00Z', 'no_follow_up'),
      rec('2026-02-28T23:30:00Z', 'quote_sent'),
      // Before the 12 months: left out.
      rec('2025-04-10T10:00:00Z', 'won', 10_000, true),
    ]);
    const totals = await recommendationTotals(db, { groupId: group.id }, now);
    expect(totals.months[0]).toEqual({
      month: '2026-04',
      given: 7,
      won: 3,
      lost: 1,
      noFollowUp: 0,
      open: 3,
      declaredCents: 170_000,
      confirmedCents: 120_000,
    });
    expect(totals.months[1]).toMatchObject({ month: '2026-03', given: 2, noFollowUp: 1, open: 1 });
    expect(totals.months.at(-1)?.month).toBe('2025-05');
    // 9 given = 3 won + 1 lost + 1 without follow-up + 4 open; 3 / (3 + 1 + 1) = 60 %.
    expect(totals.total).toMatchObject({ given: 9, won: 3, lost: 1, noFollowUp: 1, open: 4, conversionPercent: 60 });
    const t2 = totals.total;
    expect(t2.won + t2.lost + t2.noFollowUp + t2.open).toBe(t2.given);
  });
});

describe('queries per request', () => {
  /** The statements the driver receives while `run` runs (the bench counts them the same way). */
  async function statements(run: () => Promise<unknown>): Promise<number> {
    const driver = (db as unknown as { $client: unknown }).$client as { query: (...args: unknown[]) => unknown };
    const original = driver.query;
    let n = 0;
    driver.query = function (this: unknown, ...args: unknown[]) {
      n += 1;
      return original.apply(this, args);
    };
    try {
      await run();
    } finally {
      driver.query = original;
    }
    return n;
  }

  it('a list page is 2 queries, a recommendation 2, totals 1, however many rows', async () => {
    const few = await signUpSubscriber(t);
    const many = await signUpSubscriber(t);
    // Another giver than Marie: her recommendations of the hour are near their quota (issue 33).
    const giver = await signUpSubscriber(t);
    await give(giver, few);
    for (let i = 0; i < 12; i++) await give(giver, many);
    const list = async (m: Member) => statements(() => listMyRecommendations(db, m.userId, { side: 'received' }));
    expect(await list(few)).toBe(2);
    expect(await list(many)).toBe(2);
    const [one] = (await listMyRecommendations(db, many.userId, {})).items;
    expect(await statements(() => getRecommendation(db, many.userId, (one as { id: string }).id))).toBe(2);
    expect(await statements(() => recommendationTotals(db, 'network'))).toBe(1);
  });
});

describe('confirming what was seen (issue 33)', () => {
  const CHANGED = 'Le montant a changé\u00a0: vérifiez-le avant de confirmer.';

  it('the giver saw 100 €, the receiver changed it to 999 999 €: `Je confirme` is a 409, nothing recorded', async () => {
    const giver = await signUpSubscriber(t, {}, { fullName: 'Gisèle Donne' });
    const receiver = await signUpSubscriber(t, {}, { fullName: 'Rémi Reçoit' });
    const { id } = await give(giver, receiver);
    expect(
      (await receiver.post(`/api/recommendations/${id}/status`, { status: 'won', amount: '100' })).statusCode,
    ).toBe(200);
    const seen = (await giver.get(`/api/recommendations/${id}`)).json().amountCents as number;
    expect(seen).toBe(10_000);
    expect((await receiver.put(`/api/recommendations/${id}/business`, { amount: '999999' })).statusCode).toBe(200);
    const events = await eventCount();
    for (const body of [
      { answer: 'confirm', seenAmountCents: seen },
      { answer: 'dispute', reason: 'Ce n’est pas le montant', seenAmountCents: seen },
    ]) {
      const res = await giver.post(`/api/recommendations/${id}/business/answer`, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({ code: 'BUSINESS_AMOUNT_CHANGED', message: CHANGED });
    }
    expect(await eventCount()).toBe(events);
    const [row] = await db.select().from(recommendations).where(eq(recommendations.id, id));
    expect(row).toMatchObject({ businessStatus: 'declared' });
    // Without the amount seen: a clear 400.
    const blind = await giver.post(`/api/recommendations/${id}/business/answer`, { answer: 'confirm' });
    expect(blind.statusCode).toBe(400);
    expect(blind.json().error.message).toBe('Le montant affiché manque\u00a0: rechargez la page avant de répondre.');
    // Having read it again, the giver decides on 999 999 €.
    const confirmed = await giver.post(`/api/recommendations/${id}/business/answer`, {
      answer: 'dispute',
      reason: 'Bien trop',
      seenAmountCents: 99_999_900,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ businessStatus: 'disputed', amountCents: 99_999_900 });
  });

  it('a correction and a confirmation at the same moment: never a confirmation of an amount not seen', {
    timeout: 120_000,
  }, async () => {
    const giver = await signUpSubscriber(t);
    const receiver = await signUpSubscriber(t);
    for (let round = 0; round < 4; round += 1) {
      const { id } = await give(giver, receiver);
      await receiver.post(`/api/recommendations/${id}/status`, { status: 'won', amount: '100' });
      const [correction, confirmation] = await Promise.all([
        receiver.put(`/api/recommendations/${id}/business`, { amount: '999999' }),
        giver.post(`/api/recommendations/${id}/business/answer`, { answer: 'confirm', seenAmountCents: 10_000 }),
      ]);
      const [row] = await db.select().from(recommendations).where(eq(recommendations.id, id));
      if (confirmation.statusCode === 200) {
        expect(correction.json().error.code).toBe('BUSINESS_ALREADY_CONFIRMED');
        expect(row).toMatchObject({ businessStatus: 'confirmed', amountCents: 10_000 });
      } else {
        expect(confirmation.json().error.code).toBe('BUSINESS_AMOUNT_CHANGED');
        expect(correction.statusCode).toBe(200);
        expect(row).toMatchObject({ businessStatus: 'declared', amountCents: 99_999_900 });
      }
    }
  });
});
