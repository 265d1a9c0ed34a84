import { randomUUID } from 'node:crypto';
import { STALE_RECOMMENDATION_DAYS, type Today } from '@synergie/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  eventRegistrations,
  events,
  guests,
  meetingAttendance,
  meetings,
  memberScores,
  notifications,
  profiles,
  recommendations,
  seatWaitlist,
  user,
} from '../src/db/schema';
import { parisNow } from '../src/domain/events/clock';
import { createTestApp } from './helpers/app';
import { client, signUp } from './helpers/auth';
import { countQueries } from './helpers/db';
import { catalogue, createGroup, seat } from './helpers/groups';
import { signUpSubscriber } from './helpers/members';

const t = await createTestApp();
const db = t.database.db;
const trades = await catalogue(db);
const trade = (i: number) => trades[i]?.id as string;
const minute = 60_000;
const day = 24 * 60 * minute;

async function today(member: { get: (url: string) => Promise<{ statusCode: number; json: () => unknown }> }) {
  const res = await member.get('/api/me/today');
  expect(res.statusCode).toBe(200);
  return res.json() as Today;
}

/** A member who never signs in, straight into the database. */
async function insertMember(fullName: string) {
  const id = randomUUID();
  await db.insert(user).values({ id, name: fullName, email: `${id}@exemple.test`, emailVerified: true });
  await db.insert(profiles).values({ userId: id, fullName });
  return id;
}

describe('GET /api/me/today', () => {
  it('refuses a visitor', async () => {
    const res = await client(t).get('/api/me/today');
    expect(res.statusCode).toBe(401);
  });

  it('gives a new member their first steps, and nothing else to do', async () => {
    const member = await signUp(t, { name: 'Inès Nouvelle' });
    const body = await today(member);
    expect(body.firstName).toBe('Inès');
    expect(body.steps).toEqual({
      emailVerified: false,
      subscribed: false,
      tradePicked: false,
      inGroup: false,
      photoAndCompany: false,
      guestInvited: false,
    });
    expect(body.seatSearch).toEqual({ application: null, freeSeats: [] });
    expect(body).toMatchObject({
      group: null,
      nextMeeting: null,
      businessToConfirm: [],
      businessToConfirmCount: 0,
      staleRecommendations: [],
      staleRecommendationsCount: 0,
      waitlist: [],
      eventsToday: [],
      score: null,
      unreadCount: 0,
      latestUnread: [],
    });
  });

  it('ticks each first step from the server’s facts, and names the groups where the seat is free', async () => {
    const member = await signUp(t, { name: 'Rose Débutante' });
    const steps = async () => (await today(member)).steps;
    // Groups of a city of their own, for the member's own trade: free, held by another member,
    // offered to the first in line: only the first is free.
    const city = `Vierzon-${randomUUID().slice(0, 6)}`;
    const myTrade = trade(150);
    const free = await createGroup(db, { city, name: 'Synergie Pro Vierzon Zénith' });
    const held = await createGroup(db, { city, name: 'Synergie Pro Vierzon Alpha' });
    const offered = await createGroup(db, { city, name: 'Synergie Pro Vierzon Bêta' });
    await seat(db, held.id, [{ userId: await insertMember('Titulaire Du Siège'), tradeId: myTrade }]);
    await db.insert(seatWaitlist).values({
      groupId: offered.id,
      tradeId: myTrade,
      userId: await insertMember('Premier En Ligne'),
      status: 'offered',
      offeredAt: new Date(),
      offerExpiresAt: new Date(Date.now() + 7 * day),
    });

    await db.update(user).set({ emailVerified: true }).where(eq(user.id, member.userId));
    expect(await steps()).toMatchObject({ emailVerified: true, subscribed: false, tradePicked: false });

    const checkout = await member.post('/api/billing/checkout', { planId: 'monthly' });
    const session = new URL(checkout.json().url).searchParams.get('session');
    expect((await member.post('/api/billing/demo/complete', { session })).statusCode).toBe(200);
    expect(await steps()).toMatchObject({ subscribed: true, tradePicked: false });
    // No trade, no seat to look for.
    expect((await today(member)).seatSearch.freeSeats).toEqual([]);

    await db.update(profiles).set({ tradeId: myTrade, city }).where(eq(profiles.userId, member.userId));
    let body = await today(member);
    expect(body.steps).toMatchObject({ tradePicked: true, inGroup: false });
    expect(body.seatSearch.application).toBeNull();
    expect(body.seatSearch.freeSeats.length).toBeLessThanOrEqual(3);
    expect(body.seatSearch.freeSeats[0]).toEqual({ name: free.name, slug: free.slug, city });
    const slugs = body.seatSearch.freeSeats.map((g) => g.slug);
    expect(slugs).not.toContain(held.slug);
    expect(slugs).not.toContain(offered.slug);
    // Applied through the route, as the group page's form does: the step is under way.
    const applied = await member.post(`/api/groups/${free.id}/applications`, {});
    expect(applied.statusCode).toBe(201);
    body = await today(member);
    expect(body.steps.inGroup).toBe(false);
    expect(body.seatSearch).toEqual({ application: { groupName: free.name, groupSlug: free.slug }, freeSeats: [] });

    // Seated: done, and the application no longer shows.
    await seat(db, free.id, [{ userId: member.userId, tradeId: myTrade }]);
    body = await today(member);
    expect(body.steps.inGroup).toBe(true);
    expect(body.seatSearch).toEqual({ application: null, freeSeats: [] });

    // A photo alone is half of the step; blanks are nothing.
    await db
      .update(profiles)
      .set({ avatarUrl: '/storage/avatars/rose.webp', companyName: '   ' })
      .where(eq(profiles.userId, member.userId));
    expect((await steps()).photoAndCompany).toBe(false);
    await db.update(profiles).set({ companyName: 'Atelier Rose' }).where(eq(profiles.userId, member.userId));
    expect((await steps()).photoAndCompany).toBe(true);

    // A visitor who registered alone, or one another member invited, is not the member's invitation.
    const [meeting] = await db
      .insert(meetings)
      .values({
        groupId: free.id,
        scheduledOn: new Date(Date.now() + 7 * day).toISOString().slice(0, 10),
        startsAt: new Date(Date.now() + 7 * day),
        endsAt: new Date(Date.now() + 7 * day + 90 * minute),
        place: '2 place de la Libération, Vierzon',
      })
      .returning();
    if (!meeting) throw new Error('meeting not stored');
    const guest = (invitedBy: string | null, source: 'invited' | 'self', email: string) => ({
      meetingId: meeting.id,
      groupId: free.id,
      invitedBy,
      source,
      name: 'Paul Visiteur',
      email,
      consentAt: new Date(),
      lastMeetingAt: meeting.startsAt,
    });
    await db
      .insert(guests)
      .values([
        guest(null, 'self', 'seul@exemple.test'),
        guest(await insertMember('Autre Parrain'), 'invited', 'autre@exemple.test'),
      ]);
    expect((await steps()).guestInvited).toBe(false);
    await db.insert(guests).values(guest(member.userId, 'invited', 'invite@exemple.test'));
    expect(await steps()).toEqual({
      emailVerified: true,
      subscribed: true,
      tradePicked: true,
      inGroup: true,
      photoAndCompany: true,
      guestInvited: true,
    });
  });

  it('shows a seated member what to do now, each part as counted by hand', async () => {
    const now = Date.now();
    const group = await createGroup(db, { name: 'Synergie Pro Lyon Test' });
    const other = await createGroup(db);
    const me = await signUpSubscriber(t, { name: 'Marc Petit' }, { fullName: 'Marc Petit', companyName: 'Petit SARL' });
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, me.userId));
    await db
      .update(profiles)
      .set({ tradeId: trade(0) })
      .where(eq(profiles.userId, me.userId));
    const presenter = await insertMember('Lucie Leroy');
    const receiver = await insertMember('Paul Martin');
    await seat(db, group.id, [
      { userId: me.userId, tradeId: trade(0) },
      { userId: presenter, tradeId: trade(1) },
      { userId: receiver, tradeId: trade(2) },
    ]);

    // A meeting that starts in 20 minutes (check-in opens 30 minutes before), and a later one.
    const [meeting] = await db
      .insert(meetings)
      .values({
        groupId: group.id,
        scheduledOn: new Date(now).toISOString().slice(0, 10),
        startsAt: new Date(now + 20 * minute),
        endsAt: new Date(now + 110 * minute),
        place: '1 place Bellecour, Lyon',
        presenterId: presenter,
      })
      .returning();
    await db.insert(meetings).values({
      groupId: group.id,
      scheduledOn: new Date(now + 7 * day).toISOString().slice(0, 10),
      startsAt: new Date(now + 7 * day),
      endsAt: new Date(now + 7 * day + 90 * minute),
      place: '1 place Bellecour, Lyon',
    });

    // Business: two declared by receivers of my recommendations (oldest first), one already
    // confirmed and one I received (neither waits for me).
    await db.insert(recommendations).values([
      {
        giverId: me.userId,
        receiverId: receiver,
        kind: 'for_you',
        heat: 3,
        status: 'won',
        amountCents: 920_000,
        businessStatus: 'declared',
        businessDeclaredAt: new Date(now - 2 * day),
      },
      {
        giverId: me.userId,
        receiverId: presenter,
        kind: 'for_you',
        heat: 3,
        status: 'won',
        amountCents: 150_000,
        businessStatus: 'declared',
        businessDeclaredAt: new Date(now - day),
      },
      {
        giverId: me.userId,
        receiverId: presenter,
        kind: 'for_you',
        heat: 3,
        status: 'won',
        amountCents: 5_000,
        businessStatus: 'confirmed',
        businessDeclaredAt: new Date(now - 3 * day),
      },
      {
        giverId: receiver,
        receiverId: me.userId,
        kind: 'for_you',
        heat: 3,
        status: 'won',
        amountCents: 7_000,
        businessStatus: 'declared',
        businessDeclaredAt: new Date(now - day),
        statusChangedAt: new Date(now - 10 * day),
      },
    ]);
    // Received and still open: 4 days without a move (shown), 2 days (not yet), closed (never).
    const stale = STALE_RECOMMENDATION_DAYS * day;
    await db.insert(recommendations).values([
      {
        giverId: presenter,
        receiverId: me.userId,
        kind: 'for_you',
        heat: 4,
        status: 'contacted',
        need: 'Refaire une salle de bains',
        statusChangedAt: new Date(now - stale - day),
      },
      {
        giverId: presenter,
        receiverId: me.userId,
        kind: 'for_you',
        heat: 4,
        status: 'received',
        statusChangedAt: new Date(now - stale + day),
      },
      {
        giverId: presenter,
        receiverId: me.userId,
        kind: 'for_you',
        heat: 4,
        status: 'lost',
        statusChangedAt: new Date(now - 20 * day),
      },
    ]);
    // A place on another group's waiting list (the seat of my trade held there).
    const holder = await insertMember('Titulaire Autre');
    await seat(db, other.id, [{ userId: holder, tradeId: trade(0) }]);
    await db.insert(seatWaitlist).values({ groupId: other.id, tradeId: trade(0), userId: me.userId });
    // Events: one today (registered), one today (not registered), one tomorrow (registered).
    const paris = parisNow();
    const tomorrow = parisNow(new Date(now + day)).date;
    const [eventToday, eventOther, eventTomorrow] = await db
      .insert(events)
      .values([
        { organizerId: presenter, title: 'Afterwork du jour', date: paris.date, time: '18:30', location: 'Lyon 2e' },
        { organizerId: presenter, title: 'Pas inscrit', date: paris.date, time: '12:00', location: 'Lyon' },
        { organizerId: presenter, title: 'Demain', date: tomorrow, time: '08:00', location: 'Lyon' },
      ])
      .returning();
    await db.insert(eventRegistrations).values([
      { eventId: eventToday?.id as string, userId: me.userId },
      { eventId: eventTomorrow?.id as string, userId: me.userId },
    ]);
    expect(eventOther).toBeDefined();
    // Score 41: attendance 10/25 (2 of 5 meetings), recommendations 8/20, guests 0/15,
    // one-to-ones 15/15, business 5/15, testimonials 3/10. One more of each would add:
    // attendance 25 × 3/6 − 10 = 2.5, recommendations 20/26 ≈ 0.77, guests 2.5, business 2.5,
    // testimonials 3.33: testimonials raise it most.
    await db.insert(memberScores).values({
      userId: me.userId,
      score: 41,
      colour: 'red',
      breakdown: [
        { key: 'attendance', found: 0.4, points: 10, note: null, detail: { attended: 2, counted: 5 } },
        { key: 'recommendations', found: 10, points: 8, note: null, detail: null },
        { key: 'guests', found: 0, points: 0, note: null, detail: null },
        { key: 'oneToOnes', found: 13, points: 15, note: null, detail: null },
        { key: 'business', found: 2, points: 5, note: null, detail: null },
        { key: 'testimonials', found: 1, points: 3, note: null, detail: null },
      ],
      periodStart: '2026-06-01',
      periodEnd: '2026-12-01',
      computedOn: '2026-12-01',
    });
    await db.insert(notifications).values(
      [1, 2, 3, 4].map((i) => ({
        userId: me.userId,
        kind: 'recommendation_received',
        title: `Notification ${i}`,
        link: '/recommandations',
        email: 'never',
        createdAt: new Date(now - i * minute),
        readAt: i === 4 ? new Date() : null,
      })),
    );

    const body = await today(me);
    expect(body.steps).toEqual({
      emailVerified: true,
      subscribed: true,
      tradePicked: true,
      inGroup: true,
      photoAndCompany: false,
      guestInvited: false,
    });
    expect(body.seatSearch).toEqual({ application: null, freeSeats: [] });
    expect(body.group).toEqual({ name: 'Synergie Pro Lyon Test', slug: group.slug });
    expect(body.nextMeeting).toMatchObject({
      id: meeting?.id,
      place: '1 place Bellecour, Lyon',
      presenterName: 'Lucie Leroy',
      presenterIsMe: false,
      checkinOpen: true,
      myAttendance: null,
    });
    expect(body.businessToConfirm.map((b) => [b.receiverName, b.amountCents])).toEqual([
      ['Paul Martin', 920_000],
      ['Lucie Leroy', 150_000],
    ]);
    expect(body.businessToConfirmCount).toBe(2);
    expect(body.staleRecommendations).toMatchObject([
      { giverName: 'Lucie Leroy', status: 'contacted', need: 'Refaire une salle de bains' },
    ]);
    expect(body.staleRecommendationsCount).toBe(1);
    expect(body.waitlist).toMatchObject([{ groupId: other.id, position: 1, status: 'waiting' }]);
    expect(body.eventsToday).toEqual([
      { id: eventToday?.id, title: 'Afterwork du jour', date: paris.date, time: '18:30', location: 'Lyon 2e' },
    ]);
    expect(body.score).toEqual({ score: 41, colour: 'red', computedOn: '2026-12-01', nextAction: 'testimonials' });
    expect(body.unreadCount).toBe(3);
    expect(body.latestUnread.map((n) => n.title)).toEqual(['Notification 1', 'Notification 2', 'Notification 3']);

    // Checked in: the meeting says so.
    await db.insert(meetingAttendance).values({
      meetingId: meeting?.id as string,
      userId: me.userId,
      status: 'present',
      source: 'qr',
      checkedInAt: new Date(),
    });
    expect((await today(me)).nextMeeting?.myAttendance).toBe('present');
  });

  it('says when check-in opens for a meeting further away, and who presents', async () => {
    const now = Date.now();
    const group = await createGroup(db);
    const me = await signUpSubscriber(t, { name: 'Présentatrice' });
    await seat(db, group.id, [{ userId: me.userId, tradeId: trade(3) }]);
    const startsAt = new Date(now + 2 * day);
    await db.insert(meetings).values({
      groupId: group.id,
      scheduledOn: startsAt.toISOString().slice(0, 10),
      startsAt,
      endsAt: new Date(startsAt.getTime() + 90 * minute),
      place: 'Salle du conseil',
      presenterId: me.userId,
    });
    const body = await today(me);
    expect(body.nextMeeting).toMatchObject({
      checkinOpen: false,
      checkinOpensAt: new Date(startsAt.getTime() - 30 * minute).toISOString(),
      presenterIsMe: true,
    });
  });

  it('answers in a constant number of queries, whatever the member’s data', async () => {
    const count = (run: () => Promise<unknown>) => countQueries(db, run);
    const group = await createGroup(db);
    const me = await signUpSubscriber(t, { name: 'Compte Constant' });
    await seat(db, group.id, [{ userId: me.userId, tradeId: trade(4) }]);
    await today(me); // The session, read once and then from its cache.
    const few = await count(() => today(me));
    expect(few).toBeLessThanOrEqual(10);
    const giver = await insertMember('Donneur Prolifique');
    await db.insert(recommendations).values(
      Array.from({ length: 12 }, () => ({
        giverId: giver,
        receiverId: me.userId,
        kind: 'for_you',
        heat: 2,
        status: 'received',
        statusChangedAt: new Date(Date.now() - 10 * day),
      })),
    );
    await db.insert(notifications).values(
      Array.from({ length: 12 }, (_, i) => ({
        userId: me.userId,
        kind: 'recommendation_received',
        title: `N${i}`,
        email: 'never',
      })),
    );
    let body: Today | undefined;
    expect(
      await count(async () => {
        body = await today(me);
      }),
    ).toBe(few);
    expect(body?.staleRecommendations).toHaveLength(5);
    expect(body?.staleRecommendationsCount).toBe(12);
    expect(body?.latestUnread).toHaveLength(3);
    expect(body?.unreadCount).toBe(12);

    // A newcomer looking for a seat (their trade picked, free seats to name) costs the same.
    const newcomer = await signUpSubscriber(t, { name: 'Compte Nouveau' }, { tradeId: trade(5), city: 'Lyon' });
    await today(newcomer);
    let newcomerBody: Today | undefined;
    expect(
      await count(async () => {
        newcomerBody = await today(newcomer);
      }),
    ).toBe(few);
    expect(newcomerBody?.seatSearch.freeSeats.length).toBeGreaterThan(0);
  });
});
