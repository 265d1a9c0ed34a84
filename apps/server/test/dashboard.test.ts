import { randomUUID } from 'node:crypto';
import { type Dashboard, dashboardActions, dashboardSchema } from '@synergie/shared';
import { describe, expect, it } from 'vitest';
import {
  applications,
  commissions,
  eventRegistrations,
  events,
  invoices,
  jobPositions,
  memberContacts,
  memberProjects,
  memberRatings,
  memberScores,
  memberServices,
  profiles,
  recommendations,
  sharedProjects,
  user,
} from '../src/db/schema';
import { getDashboard } from '../src/domain/dashboard';
import { lastParisMonths } from '../src/domain/member-return';
import { createTestApp } from './helpers/app';
import { client, signUp } from './helpers/auth';
import { countQueries } from './helpers/db';
import { signUpSubscriber } from './helpers/members';

const t = await createTestApp();
const db = t.database.db;

type Member = Awaited<ReturnType<typeof signUp>>;

async function subscribe(member: Member) {
  const checkout = await member.post('/api/billing/checkout', { planId: 'monthly' });
  expect(checkout.statusCode).toBe(200);
  const session = new URL(checkout.json().url).searchParams.get('session');
  expect((await member.post('/api/billing/demo/complete', { session })).statusCode).toBe(200);
  return member;
}

/** Another member, straight into the database. */
async function insertUser(values: Partial<typeof profiles.$inferInsert> = {}) {
  const id = randomUUID();
  await db.insert(user).values({ id, name: `Membre ${id.slice(0, 6)}`, email: `${id}@exemple.test` });
  await db.insert(profiles).values({ userId: id, ...values });
  return id;
}

const day = 24 * 60 * 60 * 1000;
const isoDate = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString().slice(0, 10);

async function addCommission(
  sponsorId: string,
  referredId: string,
  amountCents: number,
  status: string,
  payableAt: Date,
) {
  const [invoice] = await db
    .insert(invoices)
    .values({
      provider: 'demo',
      providerInvoiceId: randomUUID(),
      userId: referredId,
      planId: 'monthly',
      amountCents: 9900,
      amountExclVatCents: 8250,
      vatCents: 1650,
      kind: 'first',
      paidAt: new Date(),
    })
    .returning({ id: invoices.id });
  await db.insert(commissions).values({
    sponsorId,
    referredId,
    invoiceId: invoice?.id as string,
    kind: 'first',
    rateBps: 1000,
    amountCents,
    status,
    payableAt,
    statementMonth: payableAt.toISOString().slice(0, 7),
  });
}

describe('GET /api/me/dashboard', () => {
  it('answers 401 to a visitor and 403 to a member without a subscription', async () => {
    const visitor = await client(t).get('/api/me/dashboard');
    expect(visitor.statusCode).toBe(401);
    const member = await signUp(t);
    const res = await member.get('/api/me/dashboard');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('SUBSCRIPTION_REQUIRED');
  });

  it('starts at zero for a new subscriber', async () => {
    const member = await subscribe(await signUp(t));
    const res = await member.get('/api/me/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      contactRequests: {
        sent: { pending: 0, accepted: 0, declined: 0 },
        received: { pending: 0, accepted: 0, declined: 0 },
      },
      sharedProjects: 0,
      ratings: { average: null, received: 0, given: 0 },
      events: { upcoming: 0, total: 0, organized: 0 },
      referral: { referrals: 0, pendingCents: 0, payableCents: 0, paidCents: 0 },
      content: { services: 0, projects: 0, jobOffers: 0, applicationsReceived: 0, applicationsSent: 0 },
      recommendations: {
        given: 0,
        received: 0,
        won: 0,
        declaredCents: 0,
        confirmedCents: 0,
        givenConfirmedCents: 0,
        conversionPercent: null,
      },
      oneToOnes: 0,
      testimonials: 0,
      months: lastParisMonths(new Date(), 12).map((month) => ({ month, given: 0, received: 0, won: 0, confirmed: 0 })),
      business: {
        confirmedReceivedCents: 0,
        confirmedGivenCents: 0,
        toConfirm: { count: 0, amountCents: 0, recommendationId: null },
        awaiting: { count: 0, amountCents: 0, recommendationId: null },
        disputed: { count: 0, amountCents: 0, recommendationId: null },
      },
      stale: { count: 0, recommendationId: null },
      scoreAction: null,
    });
  });

  it("counts the member's own figures, never another member's", async () => {
    const member = await subscribe(await signUp(t));
    const me = member.userId;
    const [a, b, c, d] = [await insertUser(), await insertUser(), await insertUser(), await insertUser()] as string[];
    const other = await insertUser();

    // Contact requests: sent 1 pending + 1 accepted (with its shared project), received 2 pending + 1 declined.
    const [accepted] = await db
      .insert(memberContacts)
      .values([
        { requesterId: me, contactId: a as string, status: 'pending' },
        { requesterId: me, contactId: b as string, status: 'accepted' },
        { requesterId: a as string, contactId: me, status: 'pending' },
        { requesterId: c as string, contactId: me, status: 'pending' },
        { requesterId: d as string, contactId: me, status: 'declined' },
        { requesterId: a as string, contactId: other, status: 'pending' },
      ])
      .returning({ id: memberContacts.id, status: memberContacts.status })
      .then((rows) => rows.filter((r) => r.status === 'accepted'));
    await db.insert(sharedProjects).values({
      contactRequestId: accepted?.id as string,
      memberAId: me,
      memberBId: b as string,
      title: 'Projet commun',
    });

    // Ratings: received 4 and 5 (4.5), given 1; others' ratings of others are not counted.
    await db.insert(memberRatings).values([
      { raterId: a as string, ratedId: me, rating: 4 },
      { raterId: b as string, ratedId: me, rating: 5 },
      { raterId: me, ratedId: c as string, rating: 3 },
      { raterId: c as string, ratedId: other, rating: 1 },
    ]);

    // Events: registered to one upcoming and one past event; organises one.
    const [future, past, mine] = await db
      .insert(events)
      .values([
        { organizerId: a as string, title: 'Afterwork', date: isoDate(10), time: '18:30', location: 'Lyon' },
        { organizerId: a as string, title: 'Atelier passé', date: isoDate(-10), time: '09:00', location: 'Paris' },
        { organizerId: me, title: 'Mon forum', date: isoDate(20), time: '10:00', location: 'Nantes' },
      ])
      .returning({ id: events.id });
    await db.insert(eventRegistrations).values([
      { eventId: future?.id as string, userId: me },
      { eventId: past?.id as string, userId: me },
      { eventId: mine?.id as string, userId: other },
    ]);

    // Referral: two referrals; commissions paid 1 000, payable 500, pending 300 (+ one of another sponsor).
    const referred = [await insertUser({ sponsorId: me }), await insertUser({ sponsorId: me })];
    await addCommission(me, referred[0] as string, 1000, 'paid', new Date(Date.now() - 40 * day));
    await addCommission(me, referred[0] as string, 500, 'pending', new Date(Date.now() - day));
    await addCommission(me, referred[1] as string, 300, 'pending', new Date(Date.now() + 10 * day));
    await addCommission(other, referred[1] as string, 700, 'pending', new Date(Date.now() - day));

    // Content: 1 service, 2 projects, 1 job offer with 2 applications; 1 application sent.
    await db.insert(memberServices).values({ userId: me, title: 'Audit', description: 'Audit énergétique' });
    await db.insert(memberProjects).values([
      { userId: me, title: 'Maison A' },
      { userId: me, title: 'Maison B' },
    ]);
    const job = { location: 'Lyon', type: 'CDI', experience: '3 ans', description: 'Une offre de test assez longue.' };
    const [myJob, theirJob] = await db
      .insert(jobPositions)
      .values([
        { userId: me, title: 'Chef de chantier', ...job },
        { userId: a as string, title: 'Comptable', ...job },
      ])
      .returning({ id: jobPositions.id });
    await db.insert(applications).values([
      { jobId: myJob?.id as string, applicantId: a as string, message: 'Je suis intéressé.' },
      { jobId: myJob?.id as string, applicantId: b as string, message: 'Je suis intéressée.' },
      { jobId: theirJob?.id as string, applicantId: me, message: 'Je postule volontiers.' },
    ]);

    const res = await member.get('/api/me/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual({
      contactRequests: {
        sent: { pending: 1, accepted: 1, declined: 0 },
        received: { pending: 2, accepted: 0, declined: 1 },
      },
      sharedProjects: 1,
      ratings: { average: 4.5, received: 2, given: 1 },
      events: { upcoming: 1, total: 2, organized: 1 },
      referral: { referrals: 2, pendingCents: 300, payableCents: 500, paidCents: 1000 },
      content: { services: 1, projects: 2, jobOffers: 1, applicationsReceived: 2, applicationsSent: 1 },
      recommendations: {
        given: 0,
        received: 0,
        won: 0,
        declaredCents: 0,
        confirmedCents: 0,
        givenConfirmedCents: 0,
        conversionPercent: null,
      },
      oneToOnes: 0,
      testimonials: 0,
      months: lastParisMonths(new Date(), 12).map((month) => ({ month, given: 0, received: 0, won: 0, confirmed: 0 })),
      business: {
        confirmedReceivedCents: 0,
        confirmedGivenCents: 0,
        toConfirm: { count: 0, amountCents: 0, recommendationId: null },
        awaiting: { count: 0, amountCents: 0, recommendationId: null },
        disputed: { count: 0, amountCents: 0, recommendationId: null },
      },
      stale: { count: 0, recommendationId: null },
      scoreAction: null,
    });

    // The 300 becomes payable once its date has passed.
    const later = await getDashboard(db, me, new Date(Date.now() + 11 * day));
    expect(later.referral).toMatchObject({ pendingCents: 0, payableCents: 800, paidCents: 1000 });
  });

  it('shows real recommendations: given, received, won, declared apart from confirmed, conversion', async () => {
    const member = await subscribe(await signUp(t));
    const [x, y] = [await signUpSubscriber(t), await signUpSubscriber(t)];
    const give = async (from: Member, to: Member) => {
      const res = await from.post('/api/recommendations', { receiverId: to.userId, kind: 'for_you', heat: 3 });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const move = async (by: Member, id: string, body: Record<string, unknown>) =>
      expect((await by.post(`/api/recommendations/${id}/status`, body)).statusCode).toBe(200);
    const confirm = async (by: Member, id: string, seenAmountCents: number) =>
      expect(
        (await by.post(`/api/recommendations/${id}/business/answer`, { answer: 'confirm', seenAmountCents }))
          .statusCode,
      ).toBe(200);

    // Received 4: won 1 000 € (declared only), won 2 000 € (confirmed), lost, one still open.
    const [declared, confirmed, lost] = [await give(x, member), await give(y, member), await give(x, member)];
    await give(y, member);
    await move(member, declared as string, { status: 'won', amount: '1000' });
    await move(member, confirmed as string, { status: 'won', amount: '2000' });
    await confirm(y, confirmed as string, 200_000);
    await move(member, lost as string, { status: 'lost', lostReason: 'Budget' });
    // Given 2: one won 500 € by x, which the member confirms.
    const brought = await give(member, x);
    await give(member, y);
    await move(x, brought, { status: 'won', amount: '500' });
    await confirm(member, brought, 50_000);
    // Between others: not the member's.
    await move(y, await give(x, y), { status: 'won', amount: '9000' });

    const res = await member.get('/api/me/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.json().recommendations).toEqual({
      given: 2,
      received: 4,
      won: 2,
      declaredCents: 300_000,
      confirmedCents: 200_000,
      givenConfirmedCents: 50_000,
      conversionPercent: 67,
    });
  });
});

describe('the dashboard’s trend, business and next actions (issue 29)', () => {
  // Hand-counted: a member M, two others (A, B), twelve recommendations, seen on 20 November 2026
  // (months December 2025 to November 2026, Paris).
  const now = new Date('2026-11-20T12:00:00Z');
  const at = (iso: string) => new Date(iso);

  it('counts each month and each amount as dashboardDefinitions says, in two queries', async () => {
    const [m, a, b] = [await insertUser(), await insertUser(), await insertUser()] as [string, string, string];
    const rec = (
      giverId: string,
      receiverId: string,
      createdAt: string,
      more: Partial<typeof recommendations.$inferInsert> = {},
    ): typeof recommendations.$inferInsert => ({
      giverId,
      receiverId,
      kind: 'for_you',
      heat: 3,
      createdAt: at(createdAt),
      statusChangedAt: at(createdAt),
      ...more,
    });
    const won = (
      wonAt: string,
      amountCents: number,
      businessStatus: 'declared' | 'confirmed' | 'disputed',
      answeredAt: string | null,
    ) => ({
      status: 'won',
      statusChangedAt: at(wonAt),
      amountCents,
      businessStatus,
      businessDeclaredAt: at(wonAt),
      businessAnsweredAt: answeredAt ? at(answeredAt) : null,
    });
    const ids = await db
      .insert(recommendations)
      .values([
        // 0. Given, 31 March 22:30 UTC = 1 April 00:30 in Paris (summer time): April.
        rec(m, a, '2026-03-31T22:30:00Z'),
        // 1. Given, 31 October 22:30 UTC = 23:30 in Paris (winter time): October; A declares 9 200 €
        //    that M has not confirmed yet.
        rec(m, a, '2026-10-31T22:30:00Z', won('2026-11-02T09:00:00Z', 920_000, 'declared', null)),
        // 2. Given, 31 October 23:30 UTC = 1 November 00:30 in Paris: November; 500 € confirmed by M.
        rec(m, b, '2026-10-31T23:30:00Z', won('2026-11-04T09:00:00Z', 50_000, 'confirmed', '2026-11-05T09:00:00Z')),
        // 3. Received in March, won 31 March 22:30 UTC (April in Paris), 1 200 € confirmed in April.
        rec(a, m, '2026-03-15T10:00:00Z', won('2026-03-31T22:30:00Z', 120_000, 'confirmed', '2026-04-02T08:00:00Z')),
        // 4. Received in September, won 31 October 23:30 UTC (November in Paris), 300 € disputed.
        rec(b, m, '2026-09-10T10:00:00Z', won('2026-10-31T23:30:00Z', 30_000, 'disputed', '2026-11-03T10:00:00Z')),
        // 5. Received and won in June, 700 € waiting for A's confirmation.
        rec(a, m, '2026-06-01T10:00:00Z', won('2026-06-20T10:00:00Z', 70_000, 'declared', null)),
        // 6. Received in July, lost.
        rec(b, m, '2026-07-01T10:00:00Z', {
          status: 'lost',
          lostReason: 'Budget',
          statusChangedAt: at('2026-07-15T10:00:00Z'),
        }),
        // 7. Received in November, contacted on the 10th: not moved for 10 days (stale).
        rec(a, m, '2026-11-01T10:00:00Z', { status: 'contacted', statusChangedAt: at('2026-11-10T10:00:00Z') }),
        // 8. Received on the 18th, still `Reçue` since the 19th: 1 day, not stale.
        rec(b, m, '2026-11-18T10:00:00Z', { statusChangedAt: at('2026-11-19T10:00:00Z') }),
        // 9. Received 30 November 2025 23:30 UTC = 1 December 00:30 in Paris: the oldest month;
        //    won in December, 1 000 € confirmed in January.
        rec(a, m, '2025-11-30T23:30:00Z', won('2025-12-10T10:00:00Z', 100_000, 'confirmed', '2026-01-05T10:00:00Z')),
        // 10. Received 30 November 2025 22:30 UTC = 23:30 in Paris: before the 12 months; closed without follow-up.
        rec(b, m, '2025-11-30T22:30:00Z', { status: 'no_follow_up', statusChangedAt: at('2025-12-01T10:00:00Z') }),
        // 11. Between others: never M's.
        rec(a, b, '2026-11-01T10:00:00Z', won('2026-11-02T10:00:00Z', 10_000, 'declared', null)),
      ])
      .returning({ id: recommendations.id })
      .then((rows) => rows.map((r) => r.id));
    // Every criterion full but the testimonials: the score's best action is to write one.
    const full = (key: string, points: number) => ({ key, found: 1, points, note: null, detail: null });
    await db.insert(memberScores).values({
      userId: m,
      score: 90,
      colour: 'green',
      breakdown: [
        { ...full('attendance', 25), detail: { attended: 10, counted: 10 } },
        full('recommendations', 20),
        full('guests', 15),
        full('oneToOnes', 15),
        full('business', 15),
        { ...full('testimonials', 0), found: 0 },
      ],
      periodStart: '2026-05-20',
      periodEnd: '2026-11-20',
      computedOn: '2026-11-20',
    });

    let dashboard: Dashboard | undefined;
    expect(
      await countQueries(db, async () => {
        dashboard = await getDashboard(db, m, now);
      }),
    ).toBe(2);
    const d = dashboardSchema.parse(dashboard);
    const month = (monthKey: string, given: number, received: number, won: number, confirmed: number) => ({
      month: monthKey,
      given,
      received,
      won,
      confirmed,
    });
    expect(d.months).toEqual([
      month('2025-12', 0, 1, 1, 0),
      month('2026-01', 0, 0, 0, 1),
      month('2026-02', 0, 0, 0, 0),
      month('2026-03', 0, 1, 0, 0),
      month('2026-04', 1, 0, 1, 1),
      month('2026-05', 0, 0, 0, 0),
      month('2026-06', 0, 1, 1, 0),
      month('2026-07', 0, 1, 0, 0),
      month('2026-08', 0, 0, 0, 0),
      month('2026-09', 0, 1, 0, 0),
      month('2026-10', 1, 0, 0, 0),
      month('2026-11', 1, 2, 1, 0),
    ]);
    // To date: 3 given, 8 received, 4 won of 6 closed (won, lost, without follow-up).
    expect(d.recommendations).toEqual({
      given: 3,
      received: 8,
      won: 4,
      declaredCents: 320_000,
      confirmedCents: 220_000,
      givenConfirmedCents: 50_000,
      conversionPercent: 67,
    });
    // 0 € confirmed for others never hides the 9 200 € waiting: each amount is its own figure.
    expect(d.business).toEqual({
      confirmedReceivedCents: 220_000,
      confirmedGivenCents: 50_000,
      toConfirm: { count: 1, amountCents: 920_000, recommendationId: ids[1] },
      awaiting: { count: 1, amountCents: 70_000, recommendationId: ids[5] },
      disputed: { count: 1, amountCents: 30_000, recommendationId: ids[4] },
    });
    expect(d.stale).toEqual({ count: 1, recommendationId: ids[7] });
    expect(d.scoreAction).toBe('testimonials');
    expect(dashboardActions(d).map((action) => [action.key, action.to])).toEqual([
      ['toConfirm', `/recommandations/${ids[1]}`],
      ['disputed', `/recommandations/${ids[4]}`],
      ['stale', `/recommandations/${ids[7]}`],
      ['score', '/temoignages'],
    ]);
    expect(dashboardActions(d)[0]?.detail).toBe('1 affaire pour 9\u202f200,00\u00a0€ HT attend votre confirmation.');
  });

  it('stays at two queries with many recommendations, and links several items to the list', async () => {
    const [m, a] = [await insertUser(), await insertUser()] as [string, string];
    await db.insert(recommendations).values(
      Array.from({ length: 30 }, (_, i) => ({
        giverId: i % 2 ? m : a,
        receiverId: i % 2 ? a : m,
        kind: 'for_you',
        heat: 2,
        status: 'won',
        amountCents: 10_000,
        businessStatus: 'declared',
        businessDeclaredAt: at('2026-10-01T10:00:00Z'),
        createdAt: at(`2026-${String((i % 10) + 1).padStart(2, '0')}-05T10:00:00Z`),
        statusChangedAt: at('2026-10-01T10:00:00Z'),
      })),
    );
    let dashboard: Dashboard | undefined;
    expect(
      await countQueries(db, async () => {
        dashboard = await getDashboard(db, m, now);
      }),
    ).toBe(2);
    const d = dashboard as Dashboard;
    expect(d.business.toConfirm).toMatchObject({ count: 15, amountCents: 150_000 });
    expect(d.business.awaiting).toMatchObject({ count: 15, amountCents: 150_000 });
    expect(d.months.reduce((n, x) => n + x.given + x.received, 0)).toBe(30);
    expect(d.months.find((x) => x.month === '2026-10')?.won).toBe(15);
    expect(dashboardActions(d).map((action) => [action.key, action.to])).toEqual([
      ['toConfirm', '/recommandations?side=given&status=won'],
    ]);
  });
});
