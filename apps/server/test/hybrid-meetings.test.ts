import { CHECKIN_OPENS_MINUTES_BEFORE, hybridMessages } from '@synergie/shared';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { groupMembers, groups, meetingAttendance, meetings } from '../src/db/schema';
import { attendedStatus } from '../src/domain/attended';
import { figuresOf, loadHealth } from '../src/domain/group-health';
import { connectToMeeting } from '../src/domain/hybrid';
import { createTestApp } from './helpers/app';
import { catalogue, createGroup, seat } from './helpers/groups';
import { insertMembers, signUpSubscriber } from './helpers/members';

/**
 * Hybrid meetings (issue 30) on a real database: `Je suis connecté` in its window and once under
 * concurrency, the group's rule for `À distance` in the counted presence (domain/attended.ts),
 * the visio link's precedence and its validation.
 */

const t = await createTestApp();
const db = t.database.db;

const leader = await signUpSubscriber(t, { name: 'Léa Présidente' }, { fullName: 'Léa Présidente' });
const marie = await signUpSubscriber(t, { name: 'Marie Dupont' }, { fullName: 'Marie Dupont' });
const paul = await signUpSubscriber(t, { name: 'Paul Martin' }, { fullName: 'Paul Martin' });
const outsider = await signUpSubscriber(t, { name: 'Jean Ailleurs' }, { fullName: 'Jean Ailleurs' });
const [remy, sam] = (await insertMembers(t, 2, [{ fullName: 'Rémy Distant' }, { fullName: 'Sam Absent' }])) as [
  string,
  string,
];

const trades = await catalogue(db);
const tradeAt = (i: number) => (trades[i] as { id: string }).id;
const groupA = await createGroup(db);
const groupB = await createGroup(db);
await seat(db, groupA.id, [
  { userId: leader.userId, tradeId: tradeAt(0), role: 'president' },
  { userId: marie.userId, tradeId: tradeAt(1) },
  { userId: paul.userId, tradeId: tradeAt(2) },
  { userId: remy, tradeId: tradeAt(3) },
  { userId: sam, tradeId: tradeAt(4) },
]);
await seat(db, groupB.id, [{ userId: outsider.userId, tradeId: tradeAt(0) }]);
// Seated a month ago: the past meetings below count them as expected.
await db
  .update(groupMembers)
  .set({ joinedAt: new Date(Date.now() - 30 * 86_400_000) })
  .where(eq(groupMembers.groupId, groupA.id));

let day = 0;
/** A meeting of the group starting `startsIn` minutes from now, lasting 90 minutes. */
async function meeting(groupId: string, startsIn: number, extra: Partial<typeof meetings.$inferInsert> = {}) {
  day += 1;
  const start = Date.now() + startsIn * 60_000;
  const [row] = await db
    .insert(meetings)
    .values({
      groupId,
      scheduledOn: new Date(Date.UTC(2031, 0, 1) + day * 86_400_000).toISOString().slice(0, 10),
      startsAt: new Date(start),
      endsAt: new Date(start + 90 * 60_000),
      place: '1 place Bellecour, Lyon',
      ...extra,
    })
    .returning({ id: meetings.id, startsAt: meetings.startsAt, endsAt: meetings.endsAt });
  return row as { id: string; startsAt: Date; endsAt: Date };
}

const connectUrl = (meetingId: string) => `/api/meetings/${meetingId}/connected`;
const rows = async (meetingId: string) =>
  Number(
    (await db.select({ n: count() }).from(meetingAttendance).where(eq(meetingAttendance.meetingId, meetingId)))[0]?.n,
  );
const setRule = (remoteCountsAsPresent: boolean) =>
  db.update(groups).set({ remoteCountsAsPresent }).where(eq(groups.id, groupA.id));

describe('what counts as attended (domain/attended.ts)', () => {
  it('counts `À distance` by the group’s rule on a hand-counted fixture, never as absent', async () => {
    // Two held meetings, five members: 10 seats. Statuses by hand:
    //   M1: present, late, remote, absent, substituted
    //   M2: remote, excused, remote, absent, (none)
    // Always attended: present, late, substituted = 3. Remote: 3. Absent: 2.
    const m1 = await meeting(groupA.id, -3 * 24 * 60);
    const m2 = await meeting(groupA.id, -2 * 24 * 60);
    const mark = (meetingId: string, userId: string, status: string, substituteName: string | null = null) =>
      db.insert(meetingAttendance).values({ meetingId, userId, status, substituteName, source: 'secretary' });
    await mark(m1.id, leader.userId, 'present');
    await mark(m1.id, marie.userId, 'late');
    await mark(m1.id, paul.userId, 'remote');
    await mark(m1.id, remy, 'absent');
    await mark(m1.id, sam, 'substituted', 'Sophie Remplaçante');
    await mark(m2.id, leader.userId, 'remote');
    await mark(m2.id, marie.userId, 'excused');
    await mark(m2.id, paul.userId, 'remote');
    await mark(m2.id, remy, 'absent');

    const counted = async () => {
      const { rows: [row] = [] } = await db.execute<{ attended: number | string; absent: number | string }>(sql`
        select count(*) filter (where ${attendedStatus('a', 'g')}) as attended,
               count(*) filter (where a.status = 'absent') as absent
          from meeting_attendance a
          join meetings m on m.id = a.meeting_id
          join groups g on g.id = m.group_id
         where a.meeting_id in (${m1.id}, ${m2.id})`);
      return { attended: Number(row?.attended), absent: Number(row?.absent) };
    };
    const health = async () => figuresOf(await loadHealth(db), [groupA.id]).totals.attendancePercent;

    await setRule(true);
    expect(await counted()).toEqual({ attended: 6, absent: 2 });
    const withRemote = await health();
    await setRule(false);
    expect(await counted()).toEqual({ attended: 3, absent: 2 });
    const withoutRemote = await health();
    // The group's health over its held meetings (this block runs first): 10 seats expected.
    expect(withRemote).toBe(60);
    expect(withoutRemote).toBe(30);
    await setRule(true);
  });

  it('changes the secretary’s present count with the rule', async () => {
    const m = await meeting(groupA.id, -4 * 24 * 60);
    await db.insert(meetingAttendance).values([
      { meetingId: m.id, userId: remy, status: 'remote', source: 'connected' },
      { meetingId: m.id, userId: sam, status: 'present', source: 'qr' },
    ]);
    const presentOf = async () => {
      const res = await leader.get(`/api/groups/${groupA.id}/attendance/meetings`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().meetings.find((x: { id: string }) => x.id === m.id)?.present;
    };
    const ruleOf = async () =>
      (await leader.get(`/api/groups/${groupA.id}/meetings/${m.id}/attendance`)).json().remoteCountsAsPresent;
    expect(await presentOf()).toBe(2);
    expect(await ruleOf()).toBe(true);
    await setRule(false);
    expect(await presentOf()).toBe(1);
    expect(await ruleOf()).toBe(false);
    await setRule(true);
  });
});

describe('Je suis connecté', () => {
  it('records `À distance`, source connected, during the window; a second press keeps it', async () => {
    const m = await meeting(groupA.id, 10);
    const res = await marie.post(connectUrl(m.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ meetingId: m.id, status: 'remote', recorded: true });
    const [row] = await db.select().from(meetingAttendance).where(eq(meetingAttendance.meetingId, m.id));
    expect(row).toMatchObject({ userId: marie.userId, status: 'remote', source: 'connected' });
    expect(row?.checkedInAt).toBeInstanceOf(Date);
    const again = await marie.post(connectUrl(m.id));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ meetingId: m.id, status: 'remote', recorded: false });
    expect(await rows(m.id)).toBe(1);
  });

  it('keeps an attendance already recorded (the secretary’s `Présent`)', async () => {
    const m = await meeting(groupA.id, -20);
    const ticked = await leader.put(`/api/groups/${groupA.id}/meetings/${m.id}/attendance/${paul.userId}`, {
      status: 'present',
    });
    expect(ticked.statusCode, ticked.body).toBe(200);
    const res = await paul.post(connectUrl(m.id));
    expect(res.json()).toEqual({ meetingId: m.id, status: 'present', recorded: false });
  });

  it('opens CHECKIN_OPENS_MINUTES_BEFORE before the start and closes at the end', async () => {
    const m = await meeting(groupA.id, 60 * 24);
    const opens = m.startsAt.getTime() - CHECKIN_OPENS_MINUTES_BEFORE * 60_000;
    await expect(connectToMeeting(db, marie.userId, m.id, new Date(opens - 1))).rejects.toMatchObject({
      code: 'CONNECT_NOT_OPEN',
    });
    await expect(connectToMeeting(db, marie.userId, m.id, m.endsAt)).rejects.toMatchObject({
      code: 'CONNECT_CLOSED',
    });
    expect(await rows(m.id)).toBe(0);
    expect(await connectToMeeting(db, marie.userId, m.id, new Date(opens))).toMatchObject({ recorded: true });
    expect(await connectToMeeting(db, paul.userId, m.id, new Date(m.endsAt.getTime() - 1))).toMatchObject({
      recorded: true,
    });
  });

  it('answers in French through the route: too early, over, cancelled, another group’s', async () => {
    const early = await marie.post(connectUrl((await meeting(groupA.id, 45)).id));
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatchObject({
      code: 'CONNECT_NOT_OPEN',
      message: 'Le bouton «\u00a0Je suis connecté\u00a0» s’ouvre 30 minutes avant le début de la réunion.',
    });
    const over = await marie.post(connectUrl((await meeting(groupA.id, -100)).id));
    expect(over.json().error.code).toBe('CONNECT_CLOSED');
    const cancelled = await marie.post(connectUrl((await meeting(groupA.id, 5, { status: 'cancelled' })).id));
    expect(cancelled.json().error.code).toBe('CHECKIN_MEETING_CANCELLED');
    const foreign = await outsider.post(connectUrl((await meeting(groupA.id, 5)).id));
    expect(foreign.statusCode).toBe(404);
    expect((await marie.post(connectUrl('pas-un-id'))).statusCode).toBe(404);
  });

  it('lists the remote member at the end of a live meeting’s round, a new version', async () => {
    const m = await meeting(groupA.id, -5);
    const live = `/api/groups/${groupA.id}/meetings/${m.id}/live`;
    const started = await leader.post(live);
    expect(started.statusCode, started.body).toBe(200);
    const before = started.json().state;
    expect((await paul.post(connectUrl(m.id))).json().recorded).toBe(true);
    const after = (await marie.get(live)).json().state;
    expect(after.round.map((r: { name: string }) => r.name)).toEqual(['Paul Martin']);
    expect(after.version).toBe(before.version + 1);
    // A second press changes nothing: no new version.
    expect((await paul.post(connectUrl(m.id))).json().recorded).toBe(false);
    expect((await marie.get(live)).json().state.version).toBe(after.version);
  });

  it('records once when pressed five times at once', async () => {
    const m = await meeting(groupA.id, 0);
    const answers = await Promise.all(Array.from({ length: 5 }, () => connectToMeeting(db, paul.userId, m.id)));
    expect(answers.filter((a) => a.recorded)).toHaveLength(1);
    expect(answers.every((a) => a.status === 'remote')).toBe(true);
    expect(await rows(m.id)).toBe(1);
    const viaRoute = await Promise.all(Array.from({ length: 3 }, () => marie.post(connectUrl(m.id))));
    expect(viaRoute.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(viaRoute.filter((r) => r.json().recorded)).toHaveLength(1);
    expect(await rows(m.id)).toBe(2);
  });
});

describe('the visio link', () => {
  const visioUrl = (meetingId: string) => `/api/groups/${groupA.id}/meetings/${meetingId}/visio`;

  it('is the meeting’s own, else the group’s rhythm’s', async () => {
    const m = await meeting(groupA.id, 3 * 24 * 60);
    const detail = async () => (await marie.get(`/api/meetings/${m.id}`)).json();
    expect(await detail()).toMatchObject({ visioUrl: null, ownVisioUrl: null });

    const hybrid = await leader.put(`/api/groups/${groupA.id}/hybrid`, {
      visioUrl: 'https://visio.example.fr/lyon-hebdo',
      remoteCountsAsPresent: true,
    });
    expect(hybrid.statusCode, hybrid.body).toBe(200);
    expect(hybrid.json()).toEqual({ visioUrl: 'https://visio.example.fr/lyon-hebdo', remoteCountsAsPresent: true });
    expect((await leader.get(`/api/groups/${groupA.id}/hybrid`)).json()).toEqual(hybrid.json());
    expect(await detail()).toMatchObject({ visioUrl: 'https://visio.example.fr/lyon-hebdo', ownVisioUrl: null });

    const own = await leader.put(visioUrl(m.id), { visioUrl: 'meet.example.org/special' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ visioUrl: 'https://meet.example.org/special' });
    expect(await detail()).toMatchObject({
      visioUrl: 'https://meet.example.org/special',
      ownVisioUrl: 'https://meet.example.org/special',
    });

    const cleared = await leader.put(visioUrl(m.id), { visioUrl: '' });
    expect(cleared.json()).toMatchObject({ visioUrl: 'https://visio.example.fr/lyon-hebdo', ownVisioUrl: null });
  });

  it('refuses an address that is not a web link with a French message, and another group’s meeting', async () => {
    const m = await meeting(groupA.id, 4 * 24 * 60);
    const bad = await leader.put(visioUrl(m.id), { visioUrl: 'pas une adresse' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.visioUrl).toBe('Indiquez une adresse web valide (https://…).');
    const badGroup = await leader.put(`/api/groups/${groupA.id}/hybrid`, {
      visioUrl: 'javascript:alert(1)',
      remoteCountsAsPresent: true,
    });
    expect(badGroup.statusCode).toBe(400);
    const other = await meeting(groupB.id, 4 * 24 * 60);
    expect((await leader.put(visioUrl(other.id), { visioUrl: null })).statusCode).toBe(404);
    expect(hybridMessages.joinVisio).toBe('Rejoindre la visio');
  });
});
