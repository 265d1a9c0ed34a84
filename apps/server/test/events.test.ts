import { eventMessages, eventsResponseSchema } from '@synergie/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  eventCategories,
  eventRegistrations,
  events,
  eventWaitlist,
  groups,
  mailOutbox,
  profiles,
  subscriptions,
} from '../src/db/schema';
import { parisNow } from '../src/domain/events/clock';
import { eventToIcs } from '../src/domain/events/ics';
import { getEvent } from '../src/domain/events/list';
import { createTestApp } from './helpers/app';
import { client, signUp } from './helpers/auth';

const t = await createTestApp();
const db = t.database.db;

type Member = Awaited<ReturnType<typeof signUp>>;

/** A date `days` from today, Paris time (YYYY-MM-DD). */
function dayFromToday(days: number): string {
  const today = parisNow().date;
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The event dialog as the browser sends it. */
const eventForm = (overrides: Record<string, unknown> = {}) => ({
  title: 'Afterwork des artisans',
  description: 'Rencontre entre membres, suivie d’un apéritif.',
  date: dayFromToday(30),
  time: '18:30',
  location: 'Champigny-sur-Marne',
  maxAttendees: '',
  categoryId: '',
  ...overrides,
});

/** The demo checkout, as a member does it. */
async function subscribe(member: Member) {
  const url = new URL((await member.post('/api/billing/checkout', { planId: 'monthly' })).json().url);
  const done = await member.post('/api/billing/demo/complete', { session: url.searchParams.get('session') });
  expect(done.statusCode, done.body).toBe(200);
}

/** A subscriber made fast: its subscription row written directly (for the crowd tests). */
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

async function createEvent(member: Member, overrides: Record<string, unknown> = {}) {
  const res = await member.post('/api/events', eventForm(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; [key: string]: unknown };
}

/** An event stored directly, e.g. in the past (the API would also accept it; this is quicker). */
async function storeEvent(organizerId: string, values: Partial<typeof events.$inferInsert> = {}) {
  const [row] = await db
    .insert(events)
    .values({ organizerId, title: 'Événement', date: dayFromToday(10), time: '10:00', location: 'Paris', ...values })
    .returning({ id: events.id });
  return row?.id as string;
}

const countOf = async (eventId: string) =>
  (await db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId))).length;

const mailsTo = (to: string, template: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, template)));

const organizer = await signUp(t, { name: 'Claire Martin' });
const other = await signUp(t, { name: 'Paul Durand' });
const subscriber = await signUp(t, { name: 'Sophie Bernard' });
await subscribe(subscriber);

describe('creating an event', () => {
  it('refuses a visitor with 401 and the spec message, and stores nothing', async () => {
    const before = (await db.select().from(events)).length;
    const res = await client(t).post('/api/events', eventForm());
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(eventMessages.signInToCreate);
    expect((await db.select().from(events)).length).toBe(before);
  });

  it("answers 'Veuillez remplir tous les champs obligatoires' when title, date, time or location is missing", async () => {
    for (const missing of ['title', 'date', 'time', 'location'] as const) {
      const res = await organizer.post('/api/events', eventForm({ [missing]: '   ' }));
      expect(res.statusCode, missing).toBe(400);
      expect(res.json().error.message, missing).toBe('Veuillez remplir tous les champs obligatoires');
    }
    const empty = await organizer.post('/api/events', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Veuillez remplir tous les champs obligatoires');
  });

  it('checks lengths, the date, the time and max_attendees (integer, empty is no limit)', async () => {
    const bad = [
      { title: 'x'.repeat(151) },
      { location: 'x'.repeat(201) },
      { description: 'x'.repeat(5001) },
      { date: '2026-02-30' },
      { time: '25:00' },
      { maxAttendees: 'douze' },
      { maxAttendees: '2.5' },
      { maxAttendees: 0 },
      { maxAttendees: 100001 },
      { categoryId: 'pas-un-uuid' },
    ];
    for (const overrides of bad) {
      const res = await organizer.post('/api/events', eventForm(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().error.message).not.toBe('');
    }
    const limited = await createEvent(organizer, { maxAttendees: ' 12 ', description: '  ' });
    expect(limited.maxAttendees).toBe(12);
    expect(limited.placesLeft).toBe(12);
    expect(limited.description).toBeNull();
    // An API call may leave the optional fields out.
    const minimal = await organizer.post('/api/events', {
      title: 'Minimal',
      date: dayFromToday(5),
      time: '08:00',
      location: 'Lyon',
    });
    expect(minimal.statusCode, minimal.body).toBe(201);
    expect(minimal.json()).toMatchObject({ maxAttendees: null, categoryId: null, description: null });
    const unlimited = await createEvent(organizer, { maxAttendees: '' });
    expect(unlimited.maxAttendees).toBeNull();
    expect(unlimited.placesLeft).toBeNull();
  });

  it("copies the category's name and image onto the event; an unknown category is refused", async () => {
    const [atelier] = await db.select().from(eventCategories).where(eq(eventCategories.name, 'Atelier'));
    expect(atelier).toBeDefined();
    const created = await createEvent(organizer, { categoryId: atelier?.id });
    expect(created).toMatchObject({ category: 'Atelier', imageUrl: atelier?.imageUrl, categoryId: atelier?.id });
    const [row] = await db.select().from(events).where(eq(events.id, created.id));
    expect(row).toMatchObject({ category: 'Atelier', imageUrl: atelier?.imageUrl, organizerId: organizer.userId });

    const unknown = await organizer.post(
      '/api/events',
      eventForm({ categoryId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(eventMessages.unknownCategory);
  });
});

describe('the list', () => {
  it('shows upcoming events soonest first and past ones apart, most recent first, with pages', async () => {
    const lister = await signUp(t);
    const marker = `Liste ${Date.now()}`;
    const later = await storeEvent(lister.userId, { title: `${marker} C`, date: dayFromToday(20), time: '09:00' });
    const soon = await storeEvent(lister.userId, { title: `${marker} A`, date: dayFromToday(1), time: '20:00' });
    const sameDayLater = await storeEvent(lister.userId, {
      title: `${marker} B`,
      date: dayFromToday(1),
      time: '21:15',
    });
    const oldPast = await storeEvent(lister.userId, { title: `${marker} Y`, date: '2021-03-01', time: '10:00' });
    const recentPast = await storeEvent(lister.userId, { title: `${marker} X`, date: dayFromToday(-2), time: '10:00' });

    const upcoming = (await client(t).get('/api/events')).json().events as { id: string; title: string }[];
    const mine = upcoming.filter((e) => e.title.startsWith(marker)).map((e) => e.id);
    expect(mine).toEqual([soon, sameDayLater, later]);
    const past = (await client(t).get('/api/events?when=past')).json().events as { id: string; title: string }[];
    expect(past.filter((e) => e.title.startsWith(marker)).map((e) => e.id)).toEqual([recentPast, oldPast]);
    expect(upcoming.some((e) => e.id === recentPast)).toBe(false);

    // Pages follow one another without gaps or repeats.
    const all = (await client(t).get('/api/events?limit=100')).json().events.map((e: { id: string }) => e.id);
    const first = (await client(t).get('/api/events?limit=2')).json();
    expect(first.events.map((e: { id: string }) => e.id)).toEqual(all.slice(0, 2));
    expect(first.nextOffset).toBe(2);
    const second = (await client(t).get('/api/events?limit=2&offset=2')).json();
    expect(second.events.map((e: { id: string }) => e.id)).toEqual(all.slice(2, 4));
    const last = (await client(t).get(`/api/events?limit=100&offset=${all.length - 1}`)).json();
    expect(last.nextOffset).toBeNull();
    expect((await client(t).get('/api/events?when=demain')).statusCode).toBe(400);
  });

  it("gives counts, places left, the viewer's registration, the organizer's name and isOwn", async () => {
    const eventId = (await createEvent(organizer, { title: 'Compteurs', maxAttendees: 10 })).id;
    const attendees = [subscriber, await quickSubscriber(), await quickSubscriber()];
    for (const a of attendees) expect((await a.post(`/api/events/${eventId}/registration`)).statusCode).toBe(200);

    const find = async (viewer: ReturnType<typeof client>) =>
      (await viewer.get('/api/events?limit=100')).json().events.find((e: { id: string }) => e.id === eventId);
    expect(await find(client(t))).toMatchObject({
      attendeesCount: 3,
      placesLeft: 7,
      isRegistered: false,
      isOwn: false,
      organizerName: 'Claire Martin',
    });
    expect(await find(subscriber)).toMatchObject({ isRegistered: true, isOwn: false });
    expect(await find(organizer)).toMatchObject({ isRegistered: false, isOwn: true });

    // No name on the organizer's profile: 'Organisateur'.
    const anonymous = await signUp(t);
    await db.update(profiles).set({ fullName: '  ' }).where(eq(profiles.userId, anonymous.userId));
    const nameless = (await createEvent(anonymous)).id;
    expect((await client(t).get('/api/events?limit=100')).json().events).toContainEqual(
      expect.objectContaining({ id: nameless, organizerName: 'Organisateur' }),
    );
  });

  it('sends, for every viewer, what the schema would serialize, and the same values as one event read alone', async () => {
    // The list's JSON is written by the database (domain/events/list.ts, listEventsJson): each item must
    // be what getEvent (drizzle, mapped in JavaScript) gives, and the body byte for byte what
    // eventsResponseSchema's serializer writes for it.
    const own = await createTestApp();
    const ownDb = own.database.db;
    const host = await signUp(own, { name: 'Hôte Liste' });
    const guest = await signUp(own, { name: 'Invité Liste' });
    const waiting = await signUp(own, { name: 'En Attente' });
    const ahead = await signUp(own, { name: 'Devant' });
    const padded = await signUp(own);
    await ownDb
      .update(profiles)
      .set({ fullName: '\u00a0 Nom «entouré»\u2003\n' })
      .where(eq(profiles.userId, padded.userId));
    const [group] = await ownDb
      .insert(groups)
      .values({
        slug: `liste-${Date.now()}`,
        name: 'Groupe "Liste" \\ Lyon',
        city: 'Lyon',
        departmentCode: '69',
        region: 'Auvergne-Rhône-Alpes',
        meetingPlace: 'Lyon',
        meetingRhythm: 'weekly',
        meetingWeekday: 2,
        meetingTime: '07:00',
      })
      .returning({ id: groups.id });
    const store = async (organizerId: string, values: Partial<typeof events.$inferInsert>) => {
      const [row] = await ownDb
        .insert(events)
        .values({ organizerId, title: 'Événement', date: dayFromToday(5), time: '10:00', location: 'Lyon', ...values })
        .returning({ id: events.id });
      return row?.id as string;
    };
    const full = await store(host.userId, {
      title: 'Complet "guillemets" \\ barre\n\tcontrôle \u0001 émoji 🎉',
      description: null,
      maxAttendees: 2,
      maxGuestsPerRegistration: 1,
      category: 'Atelier',
      imageUrl: '/images/event-categories/atelier.svg',
      time: '18:30:45',
    });
    const grouped = await store(padded.userId, { groupId: group?.id, maxAttendees: 10, date: dayFromToday(6) });
    const open = await store(guest.userId, { description: 'Ouvert à tous', date: dayFromToday(7) });
    await store(host.userId, { title: 'Passé', date: dayFromToday(-3), maxAttendees: 1 });
    await ownDb.insert(eventRegistrations).values([
      { eventId: full, userId: guest.userId, guests: 1 },
      { eventId: grouped, userId: guest.userId, guests: 0 },
      { eventId: grouped, userId: host.userId, guests: 1 },
    ]);
    await ownDb
      .insert(eventWaitlist)
      .values({ eventId: full, userId: ahead.userId, createdAt: new Date(Date.now() - 60_000) });
    await ownDb.insert(eventWaitlist).values({ eventId: full, userId: waiting.userId });
    await ownDb.insert(eventWaitlist).values({ eventId: open, userId: waiting.userId, status: 'left' });

    const viewers: [string, ReturnType<typeof client>, string | null][] = [
      ['visitor', client(own), null],
      ['organizer', host, host.userId],
      ['registered with a guest', guest, guest.userId],
      ['second on the waiting list', waiting, waiting.userId],
    ];
    for (const [who, viewer, viewerId] of viewers) {
      for (const url of [
        '/api/events',
        '/api/events?when=past',
        `/api/events?groupId=${group?.id}`,
        '/api/events?limit=1&offset=1',
      ]) {
        const res = await viewer.get(url);
        expect(res.statusCode, `${who} ${url}`).toBe(200);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        const page = eventsResponseSchema.parse(res.json());
        expect(res.body, `${who} ${url}`).toBe(JSON.stringify(eventsResponseSchema.encode(page)));
        for (const item of page.events) {
          expect(item, `${who} ${url}`).toEqual(await getEvent(ownDb, viewerId, item.id));
        }
      }
    }
    // What those cases show, read once more by hand.
    const seen = async (viewer: ReturnType<typeof client>, id: string) =>
      (await viewer.get('/api/events')).json().events.find((e: { id: string }) => e.id === id);
    expect(await seen(waiting, full)).toMatchObject({
      waitlistPosition: 2,
      isRegistered: false,
      placesLeft: 0,
      time: '18:30',
    });
    expect(await seen(guest, full)).toMatchObject({
      isRegistered: true,
      myGuests: 1,
      attendeesCount: 2,
      waitlistPosition: null,
    });
    expect(await seen(client(own), grouped)).toMatchObject({
      organizerName: 'Nom «entouré»',
      groupName: 'Groupe "Liste" \\ Lyon',
      attendeesCount: 3,
      placesLeft: 7,
    });
    expect(await seen(waiting, open)).toMatchObject({ waitlistPosition: null, organizerName: 'Invité Liste' });
    expect(await seen(host, full)).toMatchObject({ isOwn: true, description: null });
    expect((await host.get('/api/events?when=past')).json().events).toEqual([
      expect.objectContaining({ title: 'Passé', isPast: true, isOwn: true }),
    ]);
    // An unknown group: an empty page.
    expect((await client(own).get(`/api/events?groupId=${crypto.randomUUID()}`)).json()).toEqual({
      events: [],
      nextOffset: null,
    });
  });

  it('reads the events, their counts and my registration in the same number of queries for 3 or 30 events', async () => {
    // A database of its own, so that only this test's events are listed.
    const own = await createTestApp();
    const viewer = await signUp(own);
    const host = await signUp(own);
    const ownDb = own.database.db;
    // biome-ignore lint/suspicious/noExplicitAny: the driver's client (PGlite or pg.Pool) both have query()
    const driver = (ownDb as any).$client as { query: (...args: unknown[]) => unknown };
    const spy = vi.spyOn(driver, 'query');
    const queriesFor = async () => {
      spy.mockClear();
      const res = await viewer.get('/api/events?limit=100');
      expect(res.statusCode).toBe(200);
      return { calls: spy.mock.calls.length, events: res.json().events.length as number };
    };
    const seed = async (n: number) => {
      const ids = [];
      for (let i = 0; i < n; i++) {
        const [row] = await ownDb
          .insert(events)
          .values({
            organizerId: host.userId,
            title: `E${i}`,
            date: dayFromToday(3 + i),
            time: '10:00',
            location: 'Lyon',
          })
          .returning({ id: events.id });
        ids.push(row?.id as string);
      }
      await ownDb.insert(eventRegistrations).values(ids.map((eventId) => ({ eventId, userId: viewer.userId })));
    };
    await seed(3);
    await queriesFor(); // the first call of a session does its one-time work (session cache)
    const three = await queriesFor();
    await seed(27);
    const thirty = await queriesFor();
    spy.mockRestore();
    expect(three.events).toBe(3);
    expect(thirty.events).toBe(30);
    expect(three.calls).toBeGreaterThan(0);
    expect(thirty.calls).toBe(three.calls);
  });
});

describe('editing and deleting', () => {
  it('lets only the organizer edit: 401 for a visitor, 403 for another member, 404 unknown or malformed', async () => {
    const created = await createEvent(organizer, { title: 'À modifier' });
    const changed = eventForm({ title: 'Piraté' });
    expect((await client(t).put(`/api/events/${created.id}`, changed)).statusCode).toBe(401);
    const refused = await other.put(`/api/events/${created.id}`, changed);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(eventMessages.notOrganizer);
    expect((await db.select().from(events).where(eq(events.id, created.id)))[0]?.title).toBe('À modifier');
    expect((await organizer.put('/api/events/00000000-0000-4000-8000-000000000000', changed)).statusCode).toBe(404);
    expect((await organizer.put('/api/events/pas-un-id', changed)).statusCode).toBe(404);

    const ok = await organizer.put(`/api/events/${created.id}`, eventForm({ title: 'Modifié', time: '19:00' }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ title: 'Modifié', time: '19:00', isOwn: true });
  });

  it('lets only the organizer delete', async () => {
    const created = await createEvent(organizer, { title: 'À supprimer' });
    expect((await client(t).delete(`/api/events/${created.id}`)).statusCode).toBe(401);
    expect((await other.delete(`/api/events/${created.id}`)).statusCode).toBe(403);
    expect((await db.select().from(events).where(eq(events.id, created.id))).length).toBe(1);
    expect((await organizer.delete('/api/events/pas-un-id')).statusCode).toBe(404);
    expect((await organizer.delete(`/api/events/${created.id}`)).statusCode).toBe(200);
    expect((await db.select().from(events).where(eq(events.id, created.id))).length).toBe(0);
    expect((await organizer.delete(`/api/events/${created.id}`)).statusCode).toBe(404);
  });

  it('refuses a limit below the number of registrants', async () => {
    const created = await createEvent(organizer, { maxAttendees: 5 });
    for (const a of [await quickSubscriber(), await quickSubscriber(), await quickSubscriber()]) {
      expect((await a.post(`/api/events/${created.id}/registration`)).statusCode).toBe(200);
    }
    const res = await organizer.put(`/api/events/${created.id}`, eventForm({ maxAttendees: 2 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(eventMessages.capacityBelowRegistrants(3));
    expect((await db.select().from(events).where(eq(events.id, created.id)))[0]?.maxAttendees).toBe(5);
    expect((await organizer.put(`/api/events/${created.id}`, eventForm({ maxAttendees: 3 }))).statusCode).toBe(200);
  });

  it('mails every registrant when the event changes (not for a description-only edit) or is cancelled', async () => {
    const created = await createEvent(organizer, { title: 'Soirée <b>réseau</b>' });
    const a = await quickSubscriber();
    const b = await quickSubscriber();
    for (const m of [a, b]) expect((await m.post(`/api/events/${created.id}/registration`)).statusCode).toBe(200);

    await organizer.put(
      `/api/events/${created.id}`,
      eventForm({ title: 'Soirée <b>réseau</b>', description: 'Autre' }),
    );
    expect(await mailsTo(a.member.email, 'event-changed')).toHaveLength(0);

    const moved = await organizer.put(
      `/api/events/${created.id}`,
      eventForm({ title: 'Soirée <b>réseau</b>', location: 'Lyon', time: '20:00' }),
    );
    expect(moved.statusCode).toBe(200);
    for (const m of [a, b]) {
      const [mail] = await mailsTo(m.member.email, 'event-changed');
      expect(mail?.text).toContain('Lyon');
      expect(mail?.text).toContain('à 20\u00a0h\u00a000');
      expect(mail?.html).toContain('Soirée &lt;b&gt;réseau&lt;/b&gt;');
      expect(mail?.html).not.toContain('<b>réseau</b>');
    }

    expect((await organizer.delete(`/api/events/${created.id}`)).statusCode).toBe(200);
    for (const m of [a, b]) {
      const [mail] = await mailsTo(m.member.email, 'event-cancelled');
      expect(mail?.subject).toContain('annulé');
      expect(mail?.text).toContain('Lyon');
    }
  });
});

describe('registration', () => {
  it('needs a session (401) and a subscription (403 SUBSCRIPTION_REQUIRED), with the spec messages', async () => {
    const eventId = (await createEvent(organizer)).id;
    const visitor = await client(t).post(`/api/events/${eventId}/registration`);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.message).toBe(eventMessages.signInToRegister);
    const member = await other.post(`/api/events/${eventId}/registration`);
    expect(member.statusCode).toBe(403);
    expect(member.json().error).toEqual({
      code: 'SUBSCRIPTION_REQUIRED',
      message: 'Vous devez avoir un abonnement actif pour vous inscrire aux événements',
    });
    expect(await countOf(eventId)).toBe(0);
    expect((await client(t).delete(`/api/events/${eventId}/registration`)).statusCode).toBe(401);
  });

  it('registers, is idempotent, cancels, and tells the organizer by mail', async () => {
    const eventId = (await createEvent(organizer, { title: 'Atelier <script>', maxAttendees: 3 })).id;
    const first = await subscriber.post(`/api/events/${eventId}/registration`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ isRegistered: true, attendeesCount: 1, placesLeft: 2 });
    const again = await subscriber.post(`/api/events/${eventId}/registration`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ isRegistered: true, attendeesCount: 1 });
    expect(await countOf(eventId)).toBe(1);

    const mails = (await mailsTo(organizer.member.email, 'event-registration')).filter(
      (m) => (m.meta as { eventId?: string } | null)?.eventId === eventId,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Sophie Bernard');
    expect(mails[0]?.html).toContain('Atelier &lt;script&gt;');

    const cancelled = await subscriber.delete(`/api/events/${eventId}/registration`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ isRegistered: false, attendeesCount: 0, placesLeft: 3 });
    expect(await countOf(eventId)).toBe(0);
  });

  it('refuses a past event (400) and an unknown or malformed one (404)', async () => {
    const pastId = await storeEvent(organizer.userId, { date: dayFromToday(-1) });
    const past = await subscriber.post(`/api/events/${pastId}/registration`);
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toBe(eventMessages.past);
    expect((await subscriber.post('/api/events/00000000-0000-4000-8000-000000000000/registration')).statusCode).toBe(
      404,
    );
    expect((await subscriber.post('/api/events/nimporte-quoi/registration')).statusCode).toBe(404);
  });

  it('refuses a full event with 409 and the French message', async () => {
    const eventId = (await createEvent(organizer, { maxAttendees: 1 })).id;
    expect((await subscriber.post(`/api/events/${eventId}/registration`)).statusCode).toBe(200);
    const late = await quickSubscriber();
    const full = await late.post(`/api/events/${eventId}/registration`);
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toMatchObject({ code: 'EVENT_FULL', message: eventMessages.full });
    // Already registered: registering again is still fine, even when full.
    expect((await subscriber.post(`/api/events/${eventId}/registration`)).statusCode).toBe(200);
  });

  it('never exceeds the capacity: 30 subscribers at once for the last place of 5, exactly one gets it', async () => {
    const eventId = (await createEvent(organizer, { maxAttendees: 5 })).id;
    for (let i = 0; i < 4; i++) {
      expect((await (await quickSubscriber()).post(`/api/events/${eventId}/registration`)).statusCode).toBe(200);
    }
    const crowd: Member[] = [];
    for (let i = 0; i < 30; i++) crowd.push(await quickSubscriber());

    const answers = await Promise.all(crowd.map((m) => m.post(`/api/events/${eventId}/registration`)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(29);
    expect(await countOf(eventId)).toBe(5);
    const listed = (await client(t).get('/api/events?limit=100'))
      .json()
      .events.find((e: { id: string }) => e.id === eventId);
    expect(listed).toMatchObject({ attendeesCount: 5, placesLeft: 0 });
  });

  it('registers the same member twice at once only once', async () => {
    const eventId = (await createEvent(organizer, { maxAttendees: 10 })).id;
    const m = await quickSubscriber();
    const answers = await Promise.all(Array.from({ length: 8 }, () => m.post(`/api/events/${eventId}/registration`)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(await countOf(eventId)).toBe(1);
  });
});

describe('calendar export', () => {
  it('serves a valid iCalendar file in Europe/Paris time', async () => {
    const created = await createEvent(organizer, {
      title: 'Conférence : droit, fiscalité; et « stratégie » des entreprises artisanales en 2027',
      description: 'Ligne 1\nLigne 2, avec virgule',
      date: '2027-07-14',
      time: '18:30',
      location: 'Salle des fêtes, Champigny-sur-Marne',
    });
    const res = await client(t).get(`/api/events/${created.id}/ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[\w-]+\.ics"$/);
    const body = res.body;
    expect(body.endsWith('\r\n')).toBe(true);
    expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const physical = body.slice(0, -2).split('\r\n');
    for (const line of physical) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    // Unfolded content lines (RFC 5545 3.1).
    const lines = body.replace(/\r\n /g, '').slice(0, -2).split('\r\n');
    expect(physical.length).toBeGreaterThan(lines.length);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines).toContain('CALSCALE:GREGORIAN');
    expect(lines.some((l) => l.startsWith('PRODID:'))).toBe(true);
    expect(lines).toContain('BEGIN:VTIMEZONE');
    expect(lines).toContain('TZID:Europe/Paris');
    const vevent = lines.slice(lines.indexOf('BEGIN:VEVENT'), lines.indexOf('END:VEVENT') + 1);
    const prop = (name: string) => vevent.find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
    expect(prop('UID')).toBe(`UID:${created.id}@localhost`);
    expect(prop('DTSTAMP')).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
    expect(prop('DTSTART')).toBe('DTSTART;TZID=Europe/Paris:20270714T183000');
    expect(prop('DTEND')).toBe('DTEND;TZID=Europe/Paris:20270714T203000');
    expect(prop('SUMMARY')).toBe(
      'SUMMARY:Conférence : droit\\, fiscalité\\; et « stratégie » des entreprises artisanales en 2027',
    );
    expect(prop('LOCATION')).toBe('LOCATION:Salle des fêtes\\, Champigny-sur-Marne');
    expect(prop('DESCRIPTION')).toBe('DESCRIPTION:Ligne 1\\nLigne 2\\, avec virgule');
    // ical-generator names the value type; URI is URL's default, so the value is the same.
    expect(prop('URL')).toBe('URL;VALUE=URI:http://localhost:3000/events');
    expect((await client(t).get('/api/events/pas-un-id/ics')).statusCode).toBe(404);
  });

  it('folds long lines at 75 octets without cutting a character', () => {
    const title = `${'é'.repeat(60)}😀€${'😀'.repeat(20)}`;
    const ics = eventToIcs(
      {
        id: '11111111-1111-4111-8111-111111111111',
        title,
        description: null,
        date: '2027-07-14',
        time: '18:30',
        location: 'Lyon',
        updatedAt: new Date(),
      },
      { siteName: 'Synergie', siteUrl: 'https://www.synergie-pro.fr' },
    );
    const physical = ics.slice(0, -2).split('\r\n');
    const first = physical.findIndex((l) => l.startsWith('SUMMARY:'));
    let last = first;
    while (physical[last + 1]?.startsWith(' ')) last += 1;
    const parts = physical.slice(first, last + 1);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of physical) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    // No line ends inside a character: each one is well-formed on its own.
    for (const part of parts) expect(Buffer.from(part, 'utf8').toString('utf8')).toBe(part);
    expect(parts.join('\r\n').replace(/\r\n /g, '')).toBe(`SUMMARY:${title}`);
  });
});
