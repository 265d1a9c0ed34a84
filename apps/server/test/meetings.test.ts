import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context';
import { openPostgres } from '../src/db/client';
import { eventRegistrations, events, guests, meetings, notifications, recommendations } from '../src/db/schema';
import { generateMeetings, remindMeetings } from '../src/domain/meetings';
import { createTestApp } from './helpers/app';
import { client } from './helpers/auth';
import { catalogue, createGroup, seat } from './helpers/groups';
import { type Member, signUpSubscriber } from './helpers/members';

/**
 * Meetings (network-core §4): the generator (rhythms, DST, idempotent, two instances at once), who
 * reads and changes a meeting, the agenda in a constant number of queries, the .ics and the
 * personal calendar feed.
 */

const ADMIN_EMAIL = 'admin.reunions@exemple.fr';
const t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
const db = t.database.db;
const ctx = t.app.ctx;
const DAY = 86_400_000;
const trades = await catalogue(db);
const trade = (i: number) => (trades[i] as { id: string }).id;

/** A second instance: its own pool on PostgreSQL; PGlite has one connection to share. */
async function otherInstance<T>(use: (other: AppContext) => Promise<T>): Promise<T> {
  const url = (t.database as { url?: string }).url;
  const second = t.database.kind === 'postgres' && url ? await openPostgres(url, 5) : undefined;
  try {
    return await use({ ...ctx, db: second?.db ?? ctx.db } as AppContext);
  } finally {
    await second?.close();
  }
}

const rowsOf = (groupId: string) =>
  db.select().from(meetings).where(eq(meetings.groupId, groupId)).orderBy(meetings.scheduledOn);

/** Paris wall-clock time of an instant, HH:MM. */
const parisClock = (d: Date) =>
  new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' }).format(d);

describe('generate-meetings', () => {
  it('weekly: the next 8 weeks on the group’s weekday, at its Paris time, 90 minutes long', async () => {
    const group = await createGroup(db, { meetingRhythm: 'weekly', meetingWeekday: 2, meetingTime: '07:00' });
    // Monday 1 February 2027, noon.
    await generateMeetings(ctx, new Date('2027-02-01T12:00:00Z'), [group.id]);
    const rows = await rowsOf(group.id);
    expect(rows.map((r) => r.scheduledOn)).toEqual([
      '2027-02-02',
      '2027-02-09',
      '2027-02-16',
      '2027-02-23',
      '2027-03-02',
      '2027-03-09',
      '2027-03-16',
      '2027-03-23',
    ]);
    for (const r of rows) {
      expect(parisClock(r.startsAt)).toBe('07:00');
      expect(r.endsAt.getTime() - r.startsAt.getTime()).toBe(90 * 60_000);
      expect(r.place).toBe('1 place Bellecour, Lyon');
      expect(r.status).toBe('scheduled');
    }
  });

  it('biweekly: every other week from a fixed reference, never drifting whenever it runs', async () => {
    const group = await createGroup(db, { meetingRhythm: 'biweekly', meetingWeekday: 4, meetingTime: '12:00' });
    await generateMeetings(ctx, new Date('2027-02-01T12:00:00Z'), [group.id]);
    // A week later, and three weeks later: the same weeks, only new ones at the end.
    await generateMeetings(ctx, new Date('2027-02-08T12:00:00Z'), [group.id]);
    await generateMeetings(ctx, new Date('2027-02-22T12:00:00Z'), [group.id]);
    const days = (await rowsOf(group.id)).map((r) => Date.parse(r.scheduledOn));
    expect(days.length).toBeGreaterThanOrEqual(5);
    for (let i = 1; i < days.length; i++) expect((days[i] as number) - (days[i - 1] as number)).toBe(14 * DAY);
    // Thursday 4 February 2027 is an even number of weeks after Monday 1 January 2024? 161 weeks: odd.
    expect((await rowsOf(group.id))[0]?.scheduledOn).toBe('2027-02-11');
  });

  it('monthly: the first such weekday of each month', async () => {
    const group = await createGroup(db, { meetingRhythm: 'monthly', meetingWeekday: 1, meetingTime: '18:30' });
    await generateMeetings(ctx, new Date('2027-01-15T12:00:00Z'), [group.id]);
    expect((await rowsOf(group.id)).map((r) => r.scheduledOn)).toEqual(['2027-02-01', '2027-03-01']);
  });

  it('keeps the Paris time across the March and October clock changes', async () => {
    const group = await createGroup(db, { meetingRhythm: 'weekly', meetingWeekday: 7, meetingTime: '10:00' });
    await generateMeetings(ctx, new Date('2027-03-15T12:00:00Z'), [group.id]);
    await generateMeetings(ctx, new Date('2027-10-20T12:00:00Z'), [group.id]);
    const rows = await rowsOf(group.id);
    const at = (day: string) => rows.find((r) => r.scheduledOn === day)?.startsAt.toISOString();
    // Winter time (UTC+1) before 28 March 2027, summer time (UTC+2) after; back on 31 October.
    expect(at('2027-03-21')).toBe('2027-03-21T09:00:00.000Z');
    expect(at('2027-03-28')).toBe('2027-03-28T08:00:00.000Z');
    expect(at('2027-10-24')).toBe('2027-10-24T08:00:00.000Z');
    expect(at('2027-10-31')).toBe('2027-10-31T09:00:00.000Z');
    for (const r of rows) expect(parisClock(r.startsAt)).toBe('10:00');
  });

  it('is idempotent: run twice, and twice at once by two instances, each meeting exists once', async () => {
    const groupIds = [
      (await createGroup(db, { meetingRhythm: 'weekly' })).id,
      (await createGroup(db, { meetingRhythm: 'biweekly' })).id,
      (await createGroup(db, { meetingRhythm: 'monthly', meetingWeekday: 3 })).id,
    ];
    const now = new Date('2028-05-01T06:00:00Z');
    const [a, b] = await otherInstance((other) =>
      Promise.all([generateMeetings(ctx, now, groupIds), generateMeetings(other, now, groupIds)]),
    );
    const count = async () =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(meetings).where(inArray(meetings.groupId, groupIds)))[0]
        ?.n;
    const total = await count();
    expect((a as number) + (b as number)).toBe(total);
    expect(total).toBe(8 + 4 + 2);
    expect(await generateMeetings(ctx, now, groupIds)).toBe(0);
    expect(await count()).toBe(total);
  });

  it('leaves a moved or cancelled meeting as the leaders left it', async () => {
    const group = await createGroup(db);
    const now = new Date('2028-01-03T12:00:00Z');
    await generateMeetings(ctx, now, [group.id]);
    const [first] = await rowsOf(group.id);
    await db
      .update(meetings)
      .set({ status: 'cancelled', place: 'Ailleurs' })
      .where(eq(meetings.id, first?.id as string));
    expect(await generateMeetings(ctx, now, [group.id])).toBe(0);
    expect((await rowsOf(group.id))[0]).toMatchObject({ status: 'cancelled', place: 'Ailleurs' });
  });
});

// ---------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------

const leader = await signUpSubscriber(t, { name: 'Lucie Leroy' }, { fullName: 'Lucie Leroy' });
const member = await signUpSubscriber(t, { name: 'Marc Petit' }, { fullName: 'Marc Petit' });
const otherLeader = await signUpSubscriber(t, { name: 'Odile Blanc' }, { fullName: 'Odile Blanc' });
const otherMember = await signUpSubscriber(t, { name: 'Omar Vidal' }, { fullName: 'Omar Vidal' });
const outsider = await signUpSubscriber(t, { name: 'Xavier Roux' }, { fullName: 'Xavier Roux' });
const admin = await (async () => {
  const c = client(t, '10.9.9.9');
  const res = await c.post('/api/auth/sign-up/email', {
    name: 'Admin Réunions',
    email: ADMIN_EMAIL,
    password: 'Motdepasse1',
  });
  if (res.statusCode !== 200) throw new Error(`admin sign-up: ${res.body}`);
  const signedIn = await c.post('/api/auth/sign-in/email', { email: ADMIN_EMAIL, password: 'Motdepasse1' });
  if (signedIn.statusCode !== 200) throw new Error(`admin sign-in: ${signedIn.body}`);
  return c;
})();

const groupA = await createGroup(db, { name: 'Synergie Pro Lyon Test' });
const groupB = await createGroup(db);
await seat(db, groupA.id, [
  { userId: leader.userId, tradeId: trade(0), role: 'president' },
  { userId: member.userId, tradeId: trade(1) },
]);
await seat(db, groupB.id, [
  { userId: otherLeader.userId, tradeId: trade(0), role: 'president' },
  { userId: otherMember.userId, tradeId: trade(1) },
]);
// From tomorrow: eight meetings still to come whatever the hour (on a meeting day, after the
// meeting, today's would already be over and the window would hold seven).
await generateMeetings(ctx, new Date(Date.now() + DAY), [groupA.id, groupB.id]);
const upcoming = await rowsOf(groupA.id);
const meetingId = (i: number) => (upcoming[i] as { id: string }).id;

const future = (days: number, hour = 18) => {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};

describe('reading meetings', () => {
  it('lists the group’s upcoming meetings for its members and leaders; others 403', async () => {
    for (const who of [leader, member, admin]) {
      const res = await who.get(`/api/groups/${groupA.id}/meetings`);
      expect(res.statusCode).toBe(200);
      expect(res.json().meetings).toHaveLength(8);
      expect(res.json().meetings[0]).toMatchObject({ groupId: groupA.id, status: 'scheduled', moved: false });
    }
    for (const who of [otherLeader, otherMember, outsider]) {
      expect((await who.get(`/api/groups/${groupA.id}/meetings`)).statusCode).toBe(403);
    }
    expect((await client(t).get(`/api/groups/${groupA.id}/meetings`)).statusCode).toBe(401);
  });

  it('shows a meeting to its group and admins; anyone else is told it does not exist', async () => {
    for (const who of [leader, member, admin]) {
      expect((await who.get(`/api/meetings/${meetingId(0)}`)).statusCode).toBe(200);
    }
    expect((await leader.get(`/api/meetings/${meetingId(0)}`)).json().canManage).toBe(true);
    expect((await member.get(`/api/meetings/${meetingId(0)}`)).json().canManage).toBe(false);
    for (const who of [otherLeader, otherMember, outsider]) {
      const res = await who.get(`/api/meetings/${meetingId(0)}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('MEETING_NOT_FOUND');
    }
    expect((await member.get('/api/meetings/pas-un-id')).statusCode).toBe(404);
  });

  it('gives the agenda: the round, the presenter, recommendations since the previous meeting, guests expected', async () => {
    const id = meetingId(0);
    const meeting = upcoming[0] as typeof meetings.$inferSelect;
    // A meeting held a week before: recommendations before it belong to that one.
    const previousStart = new Date(meeting.startsAt.getTime() - 7 * DAY);
    await db.insert(meetings).values({
      groupId: groupA.id,
      scheduledOn: previousStart.toISOString().slice(0, 10),
      startsAt: previousStart,
      endsAt: new Date(previousStart.getTime() + 90 * 60_000),
      place: 'Salle',
    });
    const rec = (giverId: string, receiverId: string, giverGroupId: string, createdAt: Date) => ({
      giverId,
      receiverId,
      giverGroupId,
      receiverGroupId: giverGroupId,
      kind: 'for_you',
      heat: 3,
      need: 'Un devis',
      createdAt,
    });
    await db
      .insert(recommendations)
      .values([
        rec(member.userId, leader.userId, groupA.id, new Date(previousStart.getTime() + DAY)),
        rec(leader.userId, member.userId, groupA.id, new Date(previousStart.getTime() + 2 * DAY)),
        rec(member.userId, leader.userId, groupA.id, new Date(previousStart.getTime() - DAY)),
        rec(otherMember.userId, otherLeader.userId, groupB.id, new Date(previousStart.getTime() + DAY)),
      ]);
    const guest = (status: string, email: string) => ({
      meetingId: id,
      groupId: groupA.id,
      invitedBy: member.userId,
      name: 'Invité',
      email,
      consentAt: new Date(),
      status,
      lastMeetingAt: meeting.startsAt,
    });
    await db
      .insert(guests)
      .values([
        guest('invited', 'a@exemple.fr'),
        guest('registered', 'b@exemple.fr'),
        guest('not_interested', 'c@exemple.fr'),
      ]);
    expect(
      (await leader.put(`/api/groups/${groupA.id}/meetings/${id}/presenter`, { presenterId: member.userId }))
        .statusCode,
    ).toBe(200);

    const detail = (await member.get(`/api/meetings/${id}`)).json();
    expect(detail.presenter).toEqual({ id: member.userId, name: 'Marc Petit' });
    expect(detail.agenda.round.map((r: { name: string }) => r.name)).toEqual(['Lucie Leroy', 'Marc Petit']);
    expect(detail.agenda.round[0].trade).toBe(trades[0]?.label);
    expect(detail.agenda.recommendations.count).toBe(2);
    expect(detail.agenda.recommendations.items).toMatchObject([
      { giverName: 'Marc Petit', receiverName: 'Lucie Leroy', status: 'received' },
      { giverName: 'Lucie Leroy', receiverName: 'Marc Petit', status: 'received' },
    ]);
    expect(detail.agenda.guestsExpected).toBe(2);
  });

  it('reads the agenda in a constant number of queries, whatever the group’s size', async () => {
    const driver = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const countQueries = async (run: () => Promise<unknown>) => {
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
    };
    const group = await createGroup(db);
    const first = await signUpSubscriber(t, {}, { fullName: 'Premier Membre' });
    await seat(db, group.id, [{ userId: first.userId, tradeId: trade(0) }]);
    await generateMeetings(ctx, new Date(), [group.id]);
    const [m] = await rowsOf(group.id);
    const read = () => first.get(`/api/meetings/${m?.id}`);
    const few = await countQueries(read);
    const more: Member[] = [];
    for (let i = 1; i < 5; i++) more.push(await signUpSubscriber(t, {}, { fullName: `Membre ${i}` }));
    await seat(
      db,
      group.id,
      more.map((x, i) => ({ userId: x.userId, tradeId: trade(i + 1) })),
    );
    await db.insert(recommendations).values(
      more.map((x) => ({
        giverId: x.userId,
        receiverId: first.userId,
        giverGroupId: group.id,
        kind: 'for_you',
        heat: 2,
        need: 'Un chantier',
      })),
    );
    let body: { agenda: { round: unknown[]; recommendations: { count: number } } } | undefined;
    expect(
      await countQueries(async () => {
        body = (await read()).json();
      }),
    ).toBe(few);
    expect(body?.agenda.round).toHaveLength(5);
    expect(body?.agenda.recommendations.count).toBe(4);
  });
});

describe('leaders move, cancel and set the presenter', () => {
  const notes = (userId: string, id: string) =>
    db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.kind, 'meeting'),
          eq(notifications.link, `/reunions/${id}`),
        ),
      );

  it('moves a meeting with a message: every active member but the leader is told', async () => {
    const id = meetingId(2);
    const res = await leader.put(`/api/groups/${groupA.id}/meetings/${id}`, {
      action: 'move',
      startsAt: future(20, 17),
      endsAt: future(20, 19),
      place: 'Hôtel de ville, salle 2',
      message: 'La salle habituelle est en travaux.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      place: 'Hôtel de ville, salle 2',
      moved: true,
      changeMessage: 'La salle habituelle est en travaux.',
    });
    const [note] = await notes(member.userId, id);
    expect(note?.title).toMatch(/^Synergie Pro Lyon Test\u00a0: la réunion du .* est déplacée au /);
    expect(note?.body).toBe('La salle habituelle est en travaux.');
    expect(await notes(leader.userId, id)).toHaveLength(0);
    expect(await notes(otherMember.userId, id)).toHaveLength(0);
    expect(
      (await member.get(`/api/groups/${groupA.id}/meetings`)).json().meetings.find((m: { id: string }) => m.id === id),
    ).toMatchObject({ moved: true });
  });

  it('cancels a meeting; a cancelled meeting cannot be moved (409)', async () => {
    const id = meetingId(3);
    const res = await admin.put(`/api/groups/${groupA.id}/meetings/${id}`, {
      action: 'cancel',
      message: 'Jour férié.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', moved: false });
    // The admin is no member: both members are told.
    expect(await notes(member.userId, id)).toHaveLength(1);
    expect(await notes(leader.userId, id)).toHaveLength(1);
    const again = await leader.put(`/api/groups/${groupA.id}/meetings/${id}`, {
      action: 'move',
      startsAt: future(30, 17),
      endsAt: future(30, 19),
      place: 'Ailleurs',
      message: 'On se retrouve quand même.',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('MEETING_CANCELLED');
  });

  it('a move and a cancellation at the same instant: applied one after the other, never a moved cancelled meeting', async () => {
    const id = meetingId(7);
    const [moved, cancelled] = await Promise.all([
      leader.put(`/api/groups/${groupA.id}/meetings/${id}`, {
        action: 'move',
        startsAt: future(40, 17),
        endsAt: future(40, 19),
        place: 'Salle B',
        message: 'Salle B.',
      }),
      admin.put(`/api/groups/${groupA.id}/meetings/${id}`, { action: 'cancel', message: 'Annulée.' }),
    ]);
    expect(cancelled?.statusCode).toBe(200);
    expect([200, 409]).toContain(moved?.statusCode);
    const [row] = await db.select().from(meetings).where(eq(meetings.id, id));
    expect(row?.status).toBe('cancelled');
    expect(row?.changeMessage).toBe('Annulée.');
    // A move refused (cancelled first) told nobody.
    const told = await notes(member.userId, id);
    expect(told).toHaveLength(moved?.statusCode === 200 ? 2 : 1);
  });

  it('refuses bad input in French, and never writes half a change', async () => {
    const id = meetingId(4);
    const backwards = await leader.put(`/api/groups/${groupA.id}/meetings/${id}`, {
      action: 'move',
      startsAt: future(10, 19),
      endsAt: future(10, 17),
      place: 'Salle',
      message: 'Changement.',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('La fin doit être après le début.');
    const past = await leader.put(`/api/groups/${groupA.id}/meetings/${id}`, {
      action: 'move',
      startsAt: future(-2, 17),
      endsAt: future(-2, 19),
      place: 'Salle',
      message: 'Changement.',
    });
    expect(past.json().error.code).toBe('MEETING_IN_PAST');
    const noMessage = await leader.put(`/api/groups/${groupA.id}/meetings/${id}`, { action: 'cancel', message: ' ' });
    expect(noMessage.statusCode).toBe(400);
    expect(noMessage.body).toContain('Écrivez un message aux membres.');
    const [row] = await db.select().from(meetings).where(eq(meetings.id, id));
    expect(row).toMatchObject({ status: 'scheduled', changeMessage: null });
  });

  it('only the group’s leaders change its meetings; a meeting of another group is not found', async () => {
    const body = { action: 'cancel', message: 'Non.' };
    expect((await member.put(`/api/groups/${groupA.id}/meetings/${meetingId(5)}`, body)).statusCode).toBe(403);
    expect((await otherLeader.put(`/api/groups/${groupA.id}/meetings/${meetingId(5)}`, body)).statusCode).toBe(403);
    // Group B's leader, with group B in the URL and a meeting of group A.
    expect((await otherLeader.put(`/api/groups/${groupB.id}/meetings/${meetingId(5)}`, body)).statusCode).toBe(404);
    expect(
      (await otherLeader.put(`/api/groups/${groupB.id}/meetings/${meetingId(5)}/presenter`, { presenterId: null }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await db
          .select()
          .from(meetings)
          .where(eq(meetings.id, meetingId(5)))
      )[0]?.status,
    ).toBe('scheduled');
  });

  it('the presenter must be an active member of the group', async () => {
    const res = await leader.put(`/api/groups/${groupA.id}/meetings/${meetingId(6)}/presenter`, {
      presenterId: otherMember.userId,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('PRESENTER_NOT_MEMBER');
    const cleared = await leader.put(`/api/groups/${groupA.id}/meetings/${meetingId(6)}/presenter`, {
      presenterId: null,
    });
    expect(cleared.json().presenter).toBeNull();
  });
});

describe('calendars', () => {
  it('gives one meeting as .ics in Paris time to whoever reads it', async () => {
    const res = await member.get(`/api/meetings/${meetingId(0)}/ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    const ics = res.body.replace(/\r\n /g, '');
    expect(ics).toContain('BEGIN:VTIMEZONE');
    expect(ics).toContain('TZID:Europe/Paris');
    expect(ics).toContain(`UID:reunion-${meetingId(0)}@localhost`);
    expect(ics).toMatch(/DTSTART;TZID=Europe\/Paris:\d{8}T070000/);
    expect(ics).toContain('SUMMARY:Réunion Synergie Pro Lyon Test');
    expect((await otherMember.get(`/api/meetings/${meetingId(0)}/ics`)).statusCode).toBe(404);
  });

  it('the personal feed: the member’s group meetings (a cancelled one marked) and events, through a signed URL', async () => {
    const [event] = await db
      .insert(events)
      .values({
        organizerId: leader.userId,
        title: 'Petit-déjeuner des membres',
        date: new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10),
        time: '08:30',
        location: 'Lyon',
      })
      .returning({ id: events.id });
    await db.insert(eventRegistrations).values({ eventId: event?.id as string, userId: member.userId });
    const res = await member.get('/api/me/calendar-url');
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().url);
    expect(url.pathname).toMatch(/^\/api\/calendar\/[^/]+\.ics$/);
    const feed = await client(t).get(url.pathname);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    const ics = feed.body.replace(/\r\n /g, '');
    for (const m of upcoming) expect(ics).toContain(`UID:reunion-${m.id}@localhost`);
    expect(ics).toContain('STATUS:CANCELLED');
    expect(ics).toContain('SUMMARY:Petit-déjeuner des membres');
    // Group B's meetings are not in it.
    const [b] = await rowsOf(groupB.id);
    expect(ics).not.toContain(b?.id);
  });

  it('a forged, altered or other-purpose token is a 404', async () => {
    const url = new URL((await member.get('/api/me/calendar-url')).json().url);
    const token = url.pathname.slice('/api/calendar/'.length, -'.ics'.length);
    const [payload] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ u: otherMember.userId })).toString('base64url');
    const signature = token.split('.')[1] as string;
    for (const bad of [
      `${forgedPayload}.${signature}`,
      `${payload}.${signature.slice(0, -2)}AA`,
      ctx.links.sign('unsubscribe', { u: member.userId }),
      'nimportequoi',
    ]) {
      const res = await client(t).get(`/api/calendar/${bad}.ics`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('CALENDAR_LINK_INVALID');
    }
  });
});

describe('remind-meetings', () => {
  it('tells every active member the day before, once, even run twice at once by two instances', async () => {
    const group = await createGroup(db, { meetingRhythm: 'weekly', meetingWeekday: 3, meetingTime: '08:00' });
    const a = await signUpSubscriber(t, { name: 'Rappel Alpha' }, { fullName: 'Rappel Alpha' });
    const b = await signUpSubscriber(t, { name: 'Rappel Beta' }, { fullName: 'Rappel Beta' });
    await seat(db, group.id, [
      { userId: a.userId, tradeId: trade(40) },
      { userId: b.userId, tradeId: trade(41) },
    ]);
    // Tuesday 2 March 2027, 18:00 in Paris: Wednesday's meeting is tomorrow.
    const now = new Date('2027-03-02T17:00:00Z');
    await generateMeetings(ctx, now, [group.id]);
    const [tomorrow] = await rowsOf(group.id);
    expect(tomorrow?.scheduledOn).toBe('2027-03-03');
    // Two days before: not this one yet (other tests' groups may have meetings due then).
    await remindMeetings(ctx, new Date('2027-03-01T17:00:00Z'));
    const remindedAt = async (id: string | undefined) =>
      (
        await db
          .select({ at: meetings.remindedAt })
          .from(meetings)
          .where(eq(meetings.id, id as string))
      )[0]?.at ?? null;
    expect(await remindedAt(tomorrow?.id)).toBeNull();
    const runs = await otherInstance((other) => Promise.all([remindMeetings(ctx, now), remindMeetings(other, now)]));
    expect(runs.reduce((x, y) => x + y, 0)).toBeGreaterThanOrEqual(1);
    expect(await remindMeetings(ctx, now)).toBe(0);
    const told = await db
      .select({ userId: notifications.userId, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.kind, 'meeting'), eq(notifications.link, `/reunions/${tomorrow?.id}`)));
    expect(told.map((n) => n.userId).sort()).toEqual([a.userId, b.userId].sort());
    // A cancelled meeting is not reminded.
    const [, next] = await rowsOf(group.id);
    await db
      .update(meetings)
      .set({ status: 'cancelled' })
      .where(eq(meetings.id, next?.id as string));
    await remindMeetings(ctx, new Date('2027-03-09T17:00:00Z'));
    expect(await remindedAt(next?.id)).toBeNull();
    expect(await remindedAt(tomorrow?.id)).not.toBeNull();
  });
});
