import { randomUUID } from 'node:crypto';
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
  memberServices,
  profiles,
  sharedProjects,
  user,
} from '../src/db/schema';
import { getDashboard } from '../src/domain/dashboard';
import { createTestApp } from './helpers/app';
import { client, signUp } from './helpers/auth';
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
    const confirm = async (by: Member, id: string) =>
      expect((await by.post(`/api/recommendations/${id}/business/answer`, { answer: 'confirm' })).statusCode).toBe(200);

    // Received 4: won 1 000 € (declared only), won 2 000 € (confirmed), lost, one still open.
    const [declared, confirmed, lost] = [await give(x, member), await give(y, member), await give(x, member)];
    await give(y, member);
    await move(member, declared as string, { status: 'won', amount: '1000' });
    await move(member, confirmed as string, { status: 'won', amount: '2000' });
    await confirm(y, confirmed as string);
    await move(member, lost as string, { status: 'lost', lostReason: 'Budget' });
    // Given 2: one won 500 € by x, which the member confirms.
    const brought = await give(member, x);
    await give(member, y);
    await move(x, brought, { status: 'won', amount: '500' });
    await confirm(member, brought);
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
