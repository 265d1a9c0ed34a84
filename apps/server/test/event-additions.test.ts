import { apiErrors, EVENT_CHECKIN_PURPOSE } from '@synergie/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/client';
import { eventRegistrations, events, eventWaitlist, mailOutbox, notifications, subscriptions } from '../src/db/schema';
import { parisNow } from '../src/domain/events/clock';
import { remindEvents } from '../src/domain/events/jobs';
import { createTestApp } from './helpers/app';
import { client, signUp } from './helpers/auth';
import { catalogue, createGroup, seat } from './helpers/groups';

/**
 * Network-core §6, the additions to events: the waiting list served in the cancelling
 * transaction, `+1` guests counted in the capacity, the reminder of the day before (job
 * `remind-events`), the organizer's QR check-in and the events of a group.
 */

const t = await createTestApp();
const db = t.database.db;
const ctx = t.app.ctx;

type Member = Awaited<ReturnType<typeof signUp>>;

function dayFromToday(days: number): string {
  const today = parisNow().date;
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const eventForm = (overrides: Record<string, unknown> = {}) => ({
  title: 'Afterwork des artisans',
  description: '',
  date: dayFromToday(30),
  time: '18:30',
  location: 'Champigny-sur-Marne',
  maxAttendees: '',
  categoryId: '',
  ...overrides,
});

async function quickSubscriber(): Promise<Member> {
  const member = await signUp(t);
  await db.insert(subscriptions).values({
    userId: member.userId,
    provider: 'demo',
    planId: 'monthly',
    status: 'active',
    currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
    providerUpdatedAt: new Date(),
  });
  return member;
}

async function storeEvent(organizerId: string, values: Partial<typeof events.$inferInsert> = {}) {
  const [row] = await db
    .insert(events)
    .values({ organizerId, title: 'Événement', date: dayFromToday(10), time: '10:00', location: 'Paris', ...values })
    .returning({ id: events.id });
  return row?.id as string;
}

const taken = async (eventId: string) => {
  const rows = await db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId));
  return rows.reduce((sum, r) => sum + 1 + r.guests, 0);
};

const line = (eventId: string) =>
  db
    .select()
    .from(eventWaitlist)
    .where(eq(eventWaitlist.eventId, eventId))
    .orderBy(eventWaitlist.createdAt, eventWaitlist.id);

const organizer = await quickSubscriber();
const visitor = client(t, '10.9.0.1');

describe('+1 guests', () => {
  it('takes the limit in the form (0..10, French 400 otherwise) and counts guests in the places left', async () => {
    for (const bad of ['11', '-1', 'deux', 1.5]) {
      const res = await organizer.post('/api/events', eventForm({ maxGuestsPerRegistration: bad }));
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().error.message).toMatch(/invités par inscription doit être un nombre entier entre 0 et 10/);
    }
    const created = await organizer.post(
      '/api/events',
      eventForm({ maxAttendees: '5', maxGuestsPerRegistration: '2' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const event = created.json();
    expect(event.maxGuestsPerRegistration).toBe(2);

    const m = await quickSubscriber();
    const tooMany = await m.post(`/api/events/${event.id}/registration`, { guests: 3 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe('Vous pouvez venir avec 2 invités au plus.');
    for (const bad of ['x', -1, 11, 2.5]) {
      const res = await m.post(`/api/events/${event.id}/registration`, { guests: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().error.message).toMatch(/^Le nombre d'invités doit être/);
    }
    expect(await taken(event.id)).toBe(0);

    const ok = await m.post(`/api/events/${event.id}/registration`, { guests: 2 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ isRegistered: true, myGuests: 2, attendeesCount: 3, placesLeft: 2 });
    // The list says the same.
    const list = (await visitor.get('/api/events?limit=100')).json().events;
    expect(list.find((e: { id: string }) => e.id === event.id)).toMatchObject({ attendeesCount: 3, placesLeft: 2 });

    // A party of 3 no longer fits in 2 places: 409; a party of 2 does.
    const other = await quickSubscriber();
    const full = await other.post(`/api/events/${event.id}/registration`, { guests: 2 });
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toBe(apiErrors.EVENT_FULL.message);
    expect((await other.post(`/api/events/${event.id}/registration`, { guests: 1 })).json().placesLeft).toBe(0);
    // More guests than places: 409; fewer: accepted.
    expect((await other.post(`/api/events/${event.id}/registration`, { guests: 2 })).statusCode).toBe(409);
    expect((await m.post(`/api/events/${event.id}/registration`, { guests: 0 })).json()).toMatchObject({
      myGuests: 0,
      placesLeft: 2,
    });
    expect(await taken(event.id)).toBe(3);
  });

  it('refuses guests where the organizer allows none, and an organizer limit below the places taken', async () => {
    const eventId = await storeEvent(organizer.userId, { maxAttendees: 4, maxGuestsPerRegistration: 1 });
    const m = await quickSubscriber();
    const res = await m.post(`/api/events/${eventId}/registration`, { guests: 1 });
    expect(res.statusCode).toBe(200);
    const none = await storeEvent(organizer.userId);
    const refused = await m.post(`/api/events/${none}/registration`, { guests: 1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe("Cet événement n'accepte pas d'invités.");
    const below = await organizer.put(`/api/events/${eventId}`, eventForm({ maxAttendees: '1' }));
    expect(below.statusCode).toBe(400);
    expect(below.json().error.message).toContain('(2)');
  });
});

describe('the waiting list', () => {
  it('answers 409 on a full event, lines members up in order, lets them leave, and serves the first who fits', async () => {
    const eventId = await storeEvent(organizer.userId, { maxAttendees: 2, maxGuestsPerRegistration: 1 });
    const [a, b, c, d, e] = (await Promise.all(Array.from({ length: 5 }, () => quickSubscriber()))) as [
      Member,
      Member,
      Member,
      Member,
      Member,
    ];
    expect((await a.post(`/api/events/${eventId}/registration`)).statusCode).toBe(200);
    expect((await b.post(`/api/events/${eventId}/registration`)).statusCode).toBe(200);
    const full = await c.post(`/api/events/${eventId}/registration`);
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toBe('Cet événement est complet.');

    // c brings a guest (party of 2), then d and e alone.
    expect((await c.post(`/api/events/${eventId}/waitlist`, { guests: 1 })).json().waitlistPosition).toBe(1);
    expect((await d.post(`/api/events/${eventId}/waitlist`)).json().waitlistPosition).toBe(2);
    expect((await e.post(`/api/events/${eventId}/waitlist`)).json().waitlistPosition).toBe(3);
    // Joining again keeps one place in line; a registered member cannot join.
    expect((await d.post(`/api/events/${eventId}/waitlist`)).json().waitlistPosition).toBe(2);
    const registered = await a.post(`/api/events/${eventId}/waitlist`);
    expect(registered.statusCode).toBe(409);
    expect(registered.json().error.message).toBe(apiErrors.EVENT_ALREADY_REGISTERED.message);
    // Too many guests on the line too: French 400.
    expect((await e.post(`/api/events/${eventId}/waitlist`, { guests: 2 })).statusCode).toBe(400);

    // e leaves; d is second.
    expect((await e.delete(`/api/events/${eventId}/waitlist`)).json().waitlistPosition).toBeNull();
    // a cancels: 1 place; c's party of 2 does not fit, d (alone) is registered.
    expect((await a.delete(`/api/events/${eventId}/registration`)).statusCode).toBe(200);
    expect((await line(eventId)).map((w) => [w.userId, w.status])).toEqual([
      [c.userId, 'waiting'],
      [d.userId, 'registered'],
      [e.userId, 'left'],
    ]);
    expect(await taken(eventId)).toBe(2);
    const [note] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, d.userId), eq(notifications.kind, 'event_waiting_list')));
    expect(note).toMatchObject({ actorId: null, link: '/events' });
    expect(note?.title).toBe('Une place s’est libérée\u00a0: vous êtes inscrit à «\u00a0Événement\u00a0»');
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, d.member.email), eq(mailOutbox.template, 'notification')));
    expect(mails.length).toBe(1);

    // b cancels: 1 place, c still does not fit. d cancels: 2 places, c is registered with their guest.
    await b.delete(`/api/events/${eventId}/registration`);
    expect((await line(eventId))[0]?.status).toBe('waiting');
    await d.delete(`/api/events/${eventId}/registration`);
    expect((await line(eventId))[0]?.status).toBe('registered');
    expect(await taken(eventId)).toBe(2);
    const cView = (await c.get('/api/events?limit=100')).json().events.find((x: { id: string }) => x.id === eventId);
    expect(cView).toMatchObject({ isRegistered: true, myGuests: 1, waitlistPosition: null, placesLeft: 0 });
  });

  it('registers at once a member who joins the line of an event with room; 401, 403, 404 and 400 otherwise', async () => {
    const eventId = await storeEvent(organizer.userId, { maxAttendees: 3 });
    const m = await quickSubscriber();
    expect((await m.post(`/api/events/${eventId}/waitlist`)).json()).toMatchObject({ isRegistered: true });
    expect((await visitor.post(`/api/events/${eventId}/waitlist`)).statusCode).toBe(401);
    const free = await signUp(t);
    const noSub = await free.post(`/api/events/${eventId}/waitlist`);
    expect(noSub.statusCode).toBe(403);
    expect(noSub.json().error.code).toBe('SUBSCRIPTION_REQUIRED');
    expect((await m.post('/api/events/pas-un-uuid/waitlist')).statusCode).toBe(404);
    expect((await m.post('/api/events/00000000-0000-4000-8000-000000000000/waitlist')).statusCode).toBe(404);
    expect((await m.delete('/api/events/pas-un-uuid/waitlist')).statusCode).toBe(404);
    expect((await m.post(`/api/events/${eventId}/waitlist`, { guests: 'beaucoup' })).statusCode).toBe(400);
    const past = await storeEvent(organizer.userId, { date: dayFromToday(-2), maxAttendees: 1 });
    expect((await m.post(`/api/events/${past}/waitlist`)).statusCode).toBe(400);
  });

  it('tells those still waiting when the organizer deletes the event', async () => {
    const eventId = await storeEvent(organizer.userId, { maxAttendees: 1, title: 'Conférence' });
    const [a, b] = (await Promise.all([quickSubscriber(), quickSubscriber()])) as [Member, Member];
    await a.post(`/api/events/${eventId}/registration`);
    await b.post(`/api/events/${eventId}/waitlist`);
    expect((await organizer.delete(`/api/events/${eventId}`)).statusCode).toBe(200);
    const notes = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, b.userId), eq(notifications.kind, 'event_waiting_list')));
    expect(notes.map((n) => n.title)).toEqual([
      'L’événement «\u00a0Conférence\u00a0», sur la liste d’attente duquel vous étiez, est annulé',
    ]);
  });

  it('serves the line when the organizer raises the limit', async () => {
    const eventId = await storeEvent(organizer.userId, { maxAttendees: 1, title: 'Petit déjeuner' });
    const [a, b] = (await Promise.all([quickSubscriber(), quickSubscriber()])) as [Member, Member];
    await a.post(`/api/events/${eventId}/registration`);
    await b.post(`/api/events/${eventId}/waitlist`);
    const res = await organizer.put(
      `/api/events/${eventId}`,
      eventForm({
        title: 'Petit déjeuner',
        date: dayFromToday(10),
        time: '10:00',
        location: 'Paris',
        maxAttendees: '2',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().attendeesCount).toBe(2);
    expect((await line(eventId))[0]?.status).toBe('registered');
  });

  it('keeps sum(1 + guests) within 20 places under 100 concurrent registrations, changes, joins and cancellations; the line is served in order', async () => {
    const eventId = await storeEvent(organizer.userId, { maxAttendees: 20, maxGuestsPerRegistration: 1 });
    const crowd: Member[] = [];
    for (let i = 0; i < 40; i++) crowd.push(await quickSubscriber());
    const registered = crowd.slice(0, 20);
    const waiting = crowd.slice(20, 30);
    const late = crowd.slice(30, 40);
    const setup = await Promise.all(registered.map((m) => m.post(`/api/events/${eventId}/registration`)));
    expect(setup.every((r) => r.statusCode === 200)).toBe(true);
    for (const [i, m] of waiting.entries()) {
      expect((await m.post(`/api/events/${eventId}/waitlist`, { guests: i % 2 })).statusCode).toBe(200);
    }

    const ops: Promise<{ statusCode: number; body: string }>[] = [];
    for (const m of registered.slice(0, 15)) {
      ops.push(m.delete(`/api/events/${eventId}/registration`), m.delete(`/api/events/${eventId}/registration`));
    }
    for (const m of registered.slice(15, 20)) {
      ops.push(
        m.post(`/api/events/${eventId}/registration`, { guests: 1 }),
        m.post(`/api/events/${eventId}/registration`, { guests: 1 }),
      );
    }
    for (const [i, m] of late.entries()) {
      for (let k = 0; k < 3; k++) {
        ops.push(
          m.post(`/api/events/${eventId}/registration`, { guests: i % 2 }),
          m.post(`/api/events/${eventId}/waitlist`, { guests: i % 2 }),
        );
      }
    }
    expect(ops).toHaveLength(100);
    const answers = await Promise.all(ops);
    for (const a of answers) expect([200, 409], a.body).toContain(a.statusCode);

    const regs = await db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId));
    const used = regs.reduce((sum, r) => sum + 1 + r.guests, 0);
    expect(used).toBeLessThanOrEqual(20);
    const regIds = new Set(regs.map((r) => r.userId));
    const entries = await line(eventId);
    const open = entries.filter((w) => w.status === 'waiting');
    // Nobody both registered and waiting; nobody waiting whose party fits in the places left.
    for (const w of open) {
      expect(regIds.has(w.userId)).toBe(false);
      expect(1 + w.guests).toBeGreaterThan(20 - used);
    }
    // In order: whoever still waits, ahead of someone served, has a bigger party than them.
    const served = entries.filter((w) => w.status === 'registered');
    expect(served.length).toBeGreaterThan(0);
    for (const s of served) {
      expect(regIds.has(s.userId)).toBe(true);
      for (const w of open) {
        const ahead = w.createdAt < s.createdAt || (w.createdAt.getTime() === s.createdAt.getTime() && w.id < s.id);
        if (ahead) expect(1 + w.guests).toBeGreaterThan(1 + s.guests);
      }
    }
    // The first ten in line were all served (15 places freed, at most 10 taken back by guests).
    const first = entries.filter((w) => waiting.some((m) => m.userId === w.userId) && w.guests === 0);
    for (const w of first) expect(w.status).toBe('registered');
  }, 120_000);
});

describe('the reminder of the day before (job remind-events)', () => {
  it('mails each registered member once, run twice at once (two pools on PostgreSQL)', async () => {
    const tomorrow = await storeEvent(organizer.userId, { date: dayFromToday(1), title: 'Demain' });
    const later = await storeEvent(organizer.userId, { date: dayFromToday(2), title: 'Après-demain' });
    const [a, b] = (await Promise.all([quickSubscriber(), quickSubscriber()])) as [Member, Member];
    await db.insert(eventRegistrations).values([
      { eventId: tomorrow, userId: a.userId, guests: 1 },
      { eventId: tomorrow, userId: b.userId },
      { eventId: later, userId: a.userId },
    ]);
    const url = (t.database as { url?: string }).url;
    const second = t.database.kind === 'postgres' && url ? await openPostgres(url, 5) : undefined;
    try {
      const other = { ...ctx, db: second?.db ?? ctx.db };
      await Promise.all([remindEvents(ctx), remindEvents(other), remindEvents(ctx), remindEvents(other)]);
      await remindEvents(ctx);
    } finally {
      await second?.close();
    }
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.template, 'event-reminder'), sql`${mailOutbox.meta}->>'eventId' in (${tomorrow}, ${later})`),
      );
    expect(mails.map((m) => m.to).sort()).toEqual([a.member.email, b.member.email].sort());
    expect(mails[0]?.subject).toContain('Rappel\u00a0: «\u00a0Demain\u00a0» a lieu demain');
    const [row] = await db.select({ remindedAt: events.remindedAt }).from(events).where(eq(events.id, tomorrow));
    expect(row?.remindedAt).not.toBeNull();
    const [notYet] = await db.select({ remindedAt: events.remindedAt }).from(events).where(eq(events.id, later));
    expect(notYet?.remindedAt).toBeNull();
  });
});

describe('QR check-in', () => {
  it("serves the organizer's code as SVG (401 visitor, 403 another member, 404 unknown); checks a registered member in once", async () => {
    const eventId = await storeEvent(organizer.userId, { date: dayFromToday(0), time: '23:59', title: 'Soirée' });
    const code = await organizer.get(`/api/events/${eventId}/checkin-code`);
    expect(code.statusCode, code.body).toBe(200);
    expect(code.headers['content-type']).toContain('image/svg+xml');
    expect(code.body).toContain('<svg');
    expect((await visitor.get(`/api/events/${eventId}/checkin-code`)).statusCode).toBe(401);
    const m = await quickSubscriber();
    const forbidden = await m.get(`/api/events/${eventId}/checkin-code`);
    expect(forbidden.statusCode).toBe(403);
    expect((await m.get('/api/events/pas-un-uuid/checkin-code')).statusCode).toBe(404);

    const token = ctx.links.sign(EVENT_CHECKIN_PURPOSE, {
      e: eventId,
      d: dayFromToday(0),
      exp: Math.floor(Date.now() / 1000) + 3600,
    });
    const notRegistered = await m.post('/api/events/checkin', { token });
    expect(notRegistered.statusCode).toBe(403);
    expect(notRegistered.json().error.message).toBe(apiErrors.EVENT_NOT_REGISTERED.message);
    await m.post(`/api/events/${eventId}/registration`);
    const ok = await m.post('/api/events/checkin', { token });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ eventId, title: 'Soirée' });
    const twice = await m.post('/api/events/checkin', { token });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(apiErrors.EVENT_ALREADY_CHECKED_IN.message);
    const [reg] = await db
      .select()
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, m.userId)));
    expect(reg?.checkedInAt).not.toBeNull();
  });

  it('refuses a forged, altered, expired or other-day token (400), a missing one (400) and a visitor (401)', async () => {
    const eventId = await storeEvent(organizer.userId, { date: dayFromToday(3) });
    const m = await quickSubscriber();
    await m.post(`/api/events/${eventId}/registration`);
    const otherDay = ctx.links.sign(EVENT_CHECKIN_PURPOSE, { e: eventId, d: dayFromToday(3) });
    const expired = ctx.links.sign(EVENT_CHECKIN_PURPOSE, { e: eventId, d: dayFromToday(3), exp: 1 });
    const wrongPurpose = ctx.links.sign('unsubscribe', { e: eventId, d: dayFromToday(3) });
    for (const token of [otherDay, expired, wrongPurpose, `${otherDay}x`, 'nimportequoi', 'a.b']) {
      const res = await m.post('/api/events/checkin', { token });
      expect(res.statusCode, token).toBe(400);
      expect(res.json().error.message).toBe(apiErrors.EVENT_CHECKIN_INVALID.message);
    }
    for (const body of [{}, { token: '' }, { token: 12 }]) {
      expect((await m.post('/api/events/checkin', body)).statusCode).toBe(400);
    }
    expect((await visitor.post('/api/events/checkin', { token: otherDay })).statusCode).toBe(401);
  });
});

describe('events of a group', () => {
  it('lets an organizer attach their own group only (403 otherwise), filters the list and shows them on the group page', async () => {
    const group = await createGroup(db);
    const otherGroup = await createGroup(db);
    const [trade] = await catalogue(db);
    await seat(db, group.id, [{ userId: organizer.userId, tradeId: (trade as { id: string }).id }]);

    const forbidden = await organizer.post('/api/events', eventForm({ groupId: otherGroup.id }));
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.message).toBe(apiErrors.EVENT_GROUP_FORBIDDEN.message);
    expect((await organizer.post('/api/events', eventForm({ groupId: 'pas-un-uuid' }))).statusCode).toBe(400);

    const created = await organizer.post('/api/events', eventForm({ groupId: group.id, title: 'Soirée du groupe' }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ groupId: group.id, groupName: group.name });
    const moved = await organizer.put(`/api/events/${created.json().id}`, eventForm({ groupId: otherGroup.id }));
    expect(moved.statusCode).toBe(403);
    await storeEvent(organizer.userId, { title: 'Nationale' });

    const list = await visitor.get(`/api/events?groupId=${group.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().events.map((e: { title: string }) => e.title)).toEqual(['Soirée du groupe']);
    const bad = await visitor.get('/api/events?groupId=pas-un-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("Ce groupe n'existe pas.");

    const page = await visitor.get(`/api/group-pages/${group.slug}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().events.map((e: { title: string }) => e.title)).toEqual(['Soirée du groupe']);
    expect((await visitor.get(`/api/group-pages/${otherGroup.slug}`)).json().events).toEqual([]);
  });
});
