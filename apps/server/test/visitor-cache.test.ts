import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { eventRegistrations, events } from '../src/db/schema';
import { parisNow } from '../src/domain/events/clock';
import { VisitorCache } from '../src/lib/visitor-cache';
import { createTestApp } from './helpers/app';
import { client, signUp } from './helpers/auth';

/**
 * The visitors' lists (lib/visitor-cache.ts): GET /api/events answers every visitor the same
 * page, kept a moment; a change made through this instance is in the next answer at once, one
 * made elsewhere within the cache's time (or at once with Redis: two-instances.redis.test.ts).
 */
function dayFromToday(days: number): string {
  const [y, m, d] = parisNow().date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const eventForm = (title: string, time = '18:30') => ({
  title,
  description: '',
  date: dayFromToday(3),
  time,
  location: 'Nantes',
  maxAttendees: '',
  categoryId: '',
});

describe('the visitors’ event lists', async () => {
  const a = await createTestApp({ env: { VISITOR_CACHE_MS: '60000' } });
  // Another instance on the same database, whose kept lists live 3 s.
  const B_MS = 3000;
  const b = await createTestApp({ env: { VISITOR_CACHE_MS: String(B_MS) }, database: a.database });
  const db = a.database.db;
  const titles = async (res: { json(): { events: { title: string }[] } }) => res.json().events.map((e) => e.title);
  const visitorList = async (t = a) => titles(await client(t).get('/api/events'));

  const organizer = await signUp(a, { name: 'Claire Martin' });
  const created = await organizer.post('/api/events', eventForm('Atelier des artisans'));
  expect(created.statusCode, created.body).toBe(201);
  const member = await signUp(a, { name: 'Luc Bernard' });

  it('answers visitors from one read while nothing changes, and members that page with their own fields read at once', async () => {
    expect(await visitorList()).toEqual(['Atelier des artisans']);
    // Rows written behind the app's back (as a job or another instance without Redis would):
    // visitors keep the kept page; members too, with their own fields read each time.
    await db.insert(events).values({
      organizerId: organizer.userId,
      title: 'Écrit par un job',
      date: dayFromToday(4),
      time: '09:00',
      location: 'Nantes',
    });
    await db.insert(eventRegistrations).values({ eventId: created.json().id, userId: member.userId, guests: 1 });
    expect(await visitorList()).toEqual(['Atelier des artisans']);
    const mine = (await member.get('/api/events')).json().events;
    expect(mine.map((e: { title: string }) => e.title)).toEqual(['Atelier des artisans']);
    // Registered, with a guest: the member's own fields; the count is the kept page's.
    expect(mine[0]).toMatchObject({ isRegistered: true, myGuests: 1, isOwn: false, attendeesCount: 0 });
    expect((await organizer.get('/api/events')).json().events[0]).toMatchObject({
      isOwn: true,
      isRegistered: false,
      myGuests: 0,
    });
    // Each query its own page; a page the site does not ask for is read, not kept.
    expect(await titles(await client(a).get('/api/events?offset=1'))).toEqual(['Écrit par un job']);
    expect(await titles(await client(a).get('/api/events?limit=2'))).toEqual([
      'Atelier des artisans',
      'Écrit par un job',
    ]);
  });

  it('gives visitors a change made through this instance at once', async () => {
    const res = await organizer.post('/api/events', eventForm('Afterwork des commerçants', '19:00'));
    expect(res.statusCode).toBe(201);
    expect(await visitorList()).toEqual(['Atelier des artisans', 'Afterwork des commerçants', 'Écrit par un job']);
  });

  it('keeps a refused write from emptying it', async () => {
    await db.execute(sql`update events set location = 'Angers' where title = 'Atelier des artisans'`);
    const refused = await organizer.post('/api/events', { ...eventForm(''), title: '' });
    expect(refused.statusCode).toBe(400);
    const kept = (await client(a).get('/api/events')).json().events[0];
    expect(kept.location).toBe('Nantes');
  });

  it('gives another instance’s visitors the change within its time', async () => {
    const before = await visitorList(b);
    const kept = Date.now();
    await organizer.post('/api/events', eventForm('Conférence du réseau', '20:00'));
    // Written through A: B (without Redis) still answers what it kept…
    expect(await visitorList(b)).toEqual(before);
    // …until its time is up (kept from before `kept`: gone by `kept + B_MS`).
    await new Promise((resolve) => setTimeout(resolve, kept + B_MS + 100 - Date.now()));
    expect(await visitorList(b)).toContain('Conférence du réseau');
  });

  it('shares one read among concurrent misses, and keeps no failed read', async () => {
    const cache = new VisitorCache(60_000);
    let reads = 0;
    const load = vi.fn(async () => {
      reads += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return `page ${reads}`;
    });
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('k', load)));
    expect(new Set(answers)).toEqual(new Set(['page 1']));
    expect(load).toHaveBeenCalledTimes(1);
    // A read under way when the cache is emptied is not kept.
    const pending = cache.get('k2', load);
    cache.clearLocal();
    await pending;
    expect(cache.size).toBe(0);
    await expect(cache.get('bad', () => Promise.reject(new Error('panne')))).rejects.toThrow('panne');
    expect(cache.size).toBe(0);
    expect(await cache.get('bad', async () => 'réparé')).toBe('réparé');
  });
});
