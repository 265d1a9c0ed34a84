import type { MeetingAttendance } from '@synergie/shared';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { absenceAlerts, groups, meetingAttendance, meetings, notifications } from '../src/db/schema';
import { CHECKIN_PURPOSE } from '../src/domain/attendance';
import { createTestApp } from './helpers/app';
import { catalogue, createGroup, seat } from './helpers/groups';
import { insertMembers, signUpSubscriber } from './helpers/members';

/**
 * Attendance and the QR check-in (network-core §4) through the routes: the code's window, the
 * check-in's refusals and its uniqueness under concurrency, the secretary's list, the substitute
 * rule and the absence alert.
 */

const t = await createTestApp();
const db = t.database.db;
const links = t.app.ctx.links;

const leader = await signUpSubscriber(t, { name: 'Léa Présidente' }, { fullName: 'Léa Présidente' });
const marie = await signUpSubscriber(t, { name: 'Marie Dupont' }, { fullName: 'Marie Dupont' });
const paul = await signUpSubscriber(t, { name: 'Paul Martin' }, { fullName: 'Paul Martin' });
const outsider = await signUpSubscriber(t, { name: 'Jean Ailleurs' }, { fullName: 'Jean Ailleurs' });
const foreignLeader = await signUpSubscriber(t, { name: 'Zoé Autre' }, { fullName: 'Zoé Autre' });
const [absentee] = (await insertMembers(t, 1, [{ fullName: 'Albert Absent' }])) as [string];

const trades = await catalogue(db);
const tradeAt = (i: number) => (trades[i] as { id: string }).id;
const groupA = await createGroup(db);
const groupB = await createGroup(db);
await seat(db, groupA.id, [
  { userId: leader.userId, tradeId: tradeAt(0), role: 'president' },
  { userId: marie.userId, tradeId: tradeAt(1) },
  { userId: paul.userId, tradeId: tradeAt(2) },
  { userId: absentee, tradeId: tradeAt(3) },
]);
await seat(db, groupB.id, [
  { userId: foreignLeader.userId, tradeId: tradeAt(0), role: 'president' },
  { userId: outsider.userId, tradeId: tradeAt(1) },
]);

let day = 0;
/** A meeting of the group starting `startsIn` minutes from now, lasting 90 minutes. */
async function meeting(groupId: string, startsIn: number, extra: Partial<typeof meetings.$inferInsert> = {}) {
  day += 1;
  const start = Date.now() + startsIn * 60_000;
  const [row] = await db
    .insert(meetings)
    .values({
      groupId,
      scheduledOn: new Date(Date.UTC(2030, 0, 1) + day * 86_400_000).toISOString().slice(0, 10),
      startsAt: new Date(start),
      endsAt: new Date(start + 90 * 60_000),
      place: '1 place Bellecour, Lyon',
      ...extra,
    })
    .returning({ id: meetings.id });
  return (row as { id: string }).id;
}

const codeUrl = (groupId: string, meetingId: string) => `/api/groups/${groupId}/meetings/${meetingId}/checkin-code`;
const listUrl = (groupId: string, meetingId: string) => `/api/groups/${groupId}/meetings/${meetingId}/attendance`;

async function tokenOf(meetingId: string, groupId = groupA.id): Promise<string> {
  const res = await leader.get(codeUrl(groupId, meetingId));
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  const token = new URL(body.url).searchParams.get('jeton');
  expect(token).toBeTruthy();
  return token as string;
}

const rows = async (meetingId: string) =>
  Number(
    (await db.select({ n: count() }).from(meetingAttendance).where(eq(meetingAttendance.meetingId, meetingId)))[0]?.n,
  );

describe('the QR code', () => {
  it('gives the leaders an SVG of the site URL with a token bound to the meeting, ending at most at the end', async () => {
    const id = await meeting(groupA.id, 10);
    const res = await leader.get(codeUrl(groupA.id, id));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.url).toMatch(/^http:\/\/localhost:3000\/pointage\?jeton=/);
    expect(body.svg).toMatch(/^<svg/);
    expect(body.meetingId).toBe(id);
    const exp = new Date(body.expiresAt).getTime();
    expect(exp).toBeGreaterThan(Date.now());
    expect(exp).toBeLessThanOrEqual(Date.now() + 121_000);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is refused before 30 minutes ahead, after the end and for a cancelled meeting', async () => {
    const early = await meeting(groupA.id, 45);
    expect((await leader.get(codeUrl(groupA.id, early))).json().error.code).toBe('CHECKIN_NOT_OPEN');
    const over = await meeting(groupA.id, -100);
    expect((await leader.get(codeUrl(groupA.id, over))).json().error.code).toBe('CHECKIN_CLOSED');
    const cancelled = await meeting(groupA.id, 5, { status: 'cancelled' });
    const res = await leader.get(codeUrl(groupA.id, cancelled));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('CHECKIN_MEETING_CANCELLED');
  });

  it('of another group’s meeting is 404, and a leader of another group is refused', async () => {
    const id = await meeting(groupB.id, 10);
    expect((await leader.get(codeUrl(groupA.id, id))).statusCode).toBe(404);
    expect((await foreignLeader.get(codeUrl(groupA.id, await meeting(groupA.id, 10)))).statusCode).toBe(403);
    expect((await marie.get(codeUrl(groupA.id, id))).statusCode).toBe(403);
  });
});

describe('checking in', () => {
  it('records `Présent` before the start, source qr; a second scan is 409', async () => {
    const id = await meeting(groupA.id, 20);
    const token = await tokenOf(id);
    const res = await marie.post('/api/checkin', { token });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ meetingId: id, groupId: groupA.id, groupName: groupA.name, status: 'present' });
    const [row] = await db.select().from(meetingAttendance).where(eq(meetingAttendance.meetingId, id));
    expect(row).toMatchObject({ userId: marie.userId, status: 'present', source: 'qr' });
    const again = await marie.post('/api/checkin', { token });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'ALREADY_CHECKED_IN',
      message: 'Votre présence est déjà enregistrée pour cette réunion.',
    });
    expect(await rows(id)).toBe(1);
  });

  it('records `En retard` after the start', async () => {
    const id = await meeting(groupA.id, -10);
    const res = await paul.post('/api/checkin', { token: await tokenOf(id) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().status).toBe('late');
  });

  it('refuses a forged, altered, expired or other-purpose token with 400', async () => {
    const id = await meeting(groupA.id, 5);
    const token = await tokenOf(id);
    const other = await meeting(groupA.id, 6);
    const [payload, signature] = token.split('.') as [string, string];
    const altered = `${Buffer.from(JSON.stringify({ m: other, exp: Math.floor(Date.now() / 1000) + 60 })).toString('base64url')}.${signature}`;
    const expired = links.sign(CHECKIN_PURPOSE, { m: id, exp: Math.floor(Date.now() / 1000) - 1 });
    const wrongPurpose = links.sign('unsubscribe', { m: id, exp: Math.floor(Date.now() / 1000) + 60 });
    for (const bad of ['pas-un-jeton', `${payload}.AAAA`, altered, expired, wrongPurpose]) {
      const res = await marie.post('/api/checkin', { token: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.code).toBe('CHECKIN_TOKEN_INVALID');
      expect(res.json().error.message).toBe(
        'Ce QR code n’est pas valide ou a expiré\u00a0: scannez celui affiché à la réunion.',
      );
    }
    expect(await rows(id)).toBe(0);
    expect(await rows(other)).toBe(0);
  });

  it('refuses a signed token before the opening, and for a cancelled meeting', async () => {
    const early = await meeting(groupA.id, 60);
    const exp = Math.floor(Date.now() / 1000) + 120;
    const res = await marie.post('/api/checkin', { token: links.sign(CHECKIN_PURPOSE, { m: early, exp }) });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('CHECKIN_NOT_OPEN');
    const id = await meeting(groupA.id, 5);
    const token = await tokenOf(id);
    await db.update(meetings).set({ status: 'cancelled' }).where(eq(meetings.id, id));
    const cancelled = await marie.post('/api/checkin', { token });
    expect(cancelled.json().error.code).toBe('CHECKIN_MEETING_CANCELLED');
    expect(await rows(early)).toBe(0);
    expect(await rows(id)).toBe(0);
  });

  it('refuses a member of another group with a French 403', async () => {
    const id = await meeting(groupA.id, 5);
    const res = await outsider.post('/api/checkin', { token: await tokenOf(id) });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CHECKIN_NOT_GROUP_MEMBER');
    expect(res.json().error.message).toMatch(/^Vous n’êtes pas membre de ce groupe/);
    expect(await rows(id)).toBe(0);
  });

  it('20 scans of the same member at once: one row, 19 × 409', async () => {
    const id = await meeting(groupA.id, 5);
    const token = await tokenOf(id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => marie.post('/api/checkin', { token })));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json().error.code === 'ALREADY_CHECKED_IN')).toBe(
      true,
    );
    expect(await rows(id)).toBe(1);
  });
});

describe("the secretary's list", () => {
  it('lists every active member with their status or none, and the leaders tick it', async () => {
    const id = await meeting(groupA.id, -5);
    expect((await marie.post('/api/checkin', { token: await tokenOf(id) })).statusCode).toBe(201);
    const list = await leader.get(listUrl(groupA.id, id));
    expect(list.statusCode, list.body).toBe(200);
    const body: MeetingAttendance = list.json();
    expect(body.meeting).toMatchObject({ id, groupId: groupA.id, status: 'scheduled' });
    expect(body.absenceThreshold).toBe(3);
    expect(body.members.map((m) => m.name)).toEqual(['Albert Absent', 'Léa Présidente', 'Marie Dupont', 'Paul Martin']);
    expect(body.members.find((m) => m.userId === marie.userId)).toMatchObject({ status: 'late', source: 'qr' });
    expect(body.members.find((m) => m.userId === paul.userId)).toMatchObject({ status: null, source: null });

    const ticked = await leader.put(`${listUrl(groupA.id, id)}/${paul.userId}`, { status: 'excused' });
    expect(ticked.statusCode, ticked.body).toBe(200);
    expect(ticked.json()).toMatchObject({ userId: paul.userId, status: 'excused', source: 'secretary' });
    // The secretary corrects a QR check-in: the check-in time stays.
    const corrected = await leader.put(`${listUrl(groupA.id, id)}/${marie.userId}`, { status: 'present' });
    expect(corrected.json()).toMatchObject({ status: 'present', source: 'secretary' });
    expect(corrected.json().checkedInAt).not.toBeNull();
    const again = (await leader.get(listUrl(groupA.id, id))).json() as MeetingAttendance;
    expect(again.members.find((m) => m.userId === paul.userId)?.status).toBe('excused');
    expect(await rows(id)).toBe(2);
  });

  it('lists the recent meetings with their counts, for the leaders only', async () => {
    const id = await meeting(groupA.id, -2 * 24 * 60);
    await leader.put(`${listUrl(groupA.id, id)}/${paul.userId}`, { status: 'present' });
    await leader.put(`${listUrl(groupA.id, id)}/${marie.userId}`, { status: 'excused' });
    await meeting(groupA.id, -70 * 24 * 60);
    const res = await leader.get(`/api/groups/${groupA.id}/attendance/meetings`);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().meetings as { id: string; startsAt: string; recorded: number; present: number }[];
    expect(list.find((m) => m.id === id)).toMatchObject({ recorded: 2, present: 1 });
    expect(list.every((m) => new Date(m.startsAt).getTime() > Date.now() - 57 * 86_400_000)).toBe(true);
    expect(list.every((m, i) => i === 0 || m.startsAt <= (list[i - 1] as { startsAt: string }).startsAt)).toBe(true);
    expect(res.json().absenceThreshold).toBe(3);
    expect((await marie.get(`/api/groups/${groupA.id}/attendance/meetings`)).statusCode).toBe(403);
  });

  it('`Remplacé` requires the substitute’s name', async () => {
    const id = await meeting(groupA.id, -5);
    const url = `${listUrl(groupA.id, id)}/${paul.userId}`;
    const missing = await leader.put(url, { status: 'substituted' });
    expect(missing.statusCode).toBe(400);
    const blank = await leader.put(url, { status: 'substituted', substituteName: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(await rows(id)).toBe(0);
    const ok = await leader.put(url, { status: 'substituted', substituteName: 'Luc Remplaçant' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'substituted', substituteName: 'Luc Remplaçant' });
    // Another status drops the name.
    const present = await leader.put(url, { status: 'present', substituteName: 'Luc Remplaçant' });
    expect(present.json()).toMatchObject({ status: 'present', substituteName: null });
  });

  it('refuses a bad status, a non-member, another group’s meeting, members and other leaders', async () => {
    const id = await meeting(groupA.id, -5);
    expect((await leader.put(`${listUrl(groupA.id, id)}/${paul.userId}`, { status: 'asleep' })).statusCode).toBe(400);
    const stranger = await leader.put(`${listUrl(groupA.id, id)}/${outsider.userId}`, { status: 'present' });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.code).toBe('GROUP_MEMBER_NOT_FOUND');
    const otherGroups = await meeting(groupB.id, -5);
    expect((await leader.get(listUrl(groupA.id, otherGroups))).statusCode).toBe(404);
    expect(
      (await leader.put(`${listUrl(groupA.id, otherGroups)}/${paul.userId}`, { status: 'present' })).statusCode,
    ).toBe(404);
    expect((await foreignLeader.get(listUrl(groupA.id, id))).statusCode).toBe(403);
    expect((await foreignLeader.put(`${listUrl(groupA.id, id)}/${paul.userId}`, { status: 'absent' })).statusCode).toBe(
      403,
    );
    expect((await marie.get(listUrl(groupA.id, id))).statusCode).toBe(403);
    expect(await rows(id)).toBe(0);
  });
});

describe('the absence alert', () => {
  const alertsOf = async (userId: string) => db.select().from(absenceAlerts).where(eq(absenceAlerts.userId, userId));
  const leaderNotes = async () =>
    db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, leader.userId), eq(notifications.kind, 'absence_alert')));

  it('alerts the leaders once at the 4th absence over 6 months (threshold 3), recorded twice or not', async () => {
    // An absence 7 months ago does not count.
    const old = await meeting(groupA.id, -7 * 31 * 24 * 60);
    expect((await leader.put(`${listUrl(groupA.id, old)}/${absentee}`, { status: 'absent' })).statusCode).toBe(200);
    const ids: string[] = [];
    for (let i = 4; i >= 1; i -= 1) ids.push(await meeting(groupA.id, -i * 7 * 24 * 60));
    for (const [i, id] of ids.entries()) {
      const res = await leader.put(`${listUrl(groupA.id, id)}/${absentee}`, { status: 'absent' });
      expect(res.statusCode, res.body).toBe(200);
      expect(await alertsOf(absentee)).toHaveLength(i < 3 ? 0 : 1);
    }
    const wakes = t.wakes;
    // Recorded again (and toggled back): still one alert.
    const last = `${listUrl(groupA.id, ids[3] as string)}/${absentee}`;
    await leader.put(last, { status: 'absent' });
    await leader.put(last, { status: 'excused' });
    await leader.put(last, { status: 'absent' });
    const alerts = await alertsOf(absentee);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ groupId: groupA.id, meetingId: ids[3], absences: 4 });
    expect(t.wakes).toBe(wakes);
    const notes = await leaderNotes();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      actorId: absentee,
      title: 'Albert Absent compte 4 absences sur les 6 derniers mois',
      link: `/groupes/${groupA.slug}/reunions/${ids[3]}/presence`,
    });
  });

  it('absences recorded at once alert once per crossing; an absence recorded again never alerts', async () => {
    const [member] = (await insertMembers(t, 1, [{ fullName: 'Bruno Concurrent' }])) as [string];
    await seat(db, groupA.id, [{ userId: member, tradeId: tradeAt(10) }]);
    const ids: string[] = [];
    for (let i = 1; i <= 5; i += 1) ids.push(await meeting(groupA.id, -i * 24 * 60 - 600));
    const before = (await leaderNotes()).length;
    // Five meetings' absences and the same one five times, all at once.
    const answers = await Promise.all([
      ...ids.map((id) => leader.put(`${listUrl(groupA.id, id)}/${member}`, { status: 'absent' })),
      ...ids.map((id) => leader.put(`${listUrl(groupA.id, id)}/${member}`, { status: 'absent' })),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const alerts = await alertsOf(member);
    // The 4th and the 5th absence each cross the threshold of 3: one alert each, never two for one meeting.
    expect(alerts).toHaveLength(2);
    expect(alerts.map((a) => a.absences).sort()).toEqual([4, 5]);
    expect(new Set(alerts.map((a) => a.meetingId)).size).toBe(2);
    expect((await leaderNotes()).length - before).toBe(2);
    // Recorded again, one by one, over the threshold: nothing new.
    for (const id of ids) await leader.put(`${listUrl(groupA.id, id)}/${member}`, { status: 'absent' });
    expect(await alertsOf(member)).toHaveLength(2);
  });

  it('follows the group’s threshold, which the leaders set between 1 and 26', async () => {
    const url = `/api/groups/${groupA.id}/settings/absence-threshold`;
    expect((await leader.put(url, { threshold: 0 })).statusCode).toBe(400);
    expect((await leader.put(url, { threshold: 27 })).statusCode).toBe(400);
    expect((await foreignLeader.put(url, { threshold: 2 })).statusCode).toBe(403);
    const res = await leader.put(url, { threshold: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ threshold: 1 });
    const [group] = await db.select().from(groups).where(eq(groups.id, groupA.id));
    expect(group?.absenceAlertThreshold).toBe(1);
    const a = await meeting(groupA.id, -3 * 24 * 60);
    const b = await meeting(groupA.id, -2 * 24 * 60);
    await leader.put(`${listUrl(groupA.id, a)}/${paul.userId}`, { status: 'absent' });
    expect(await alertsOf(paul.userId)).toHaveLength(0);
    await leader.put(`${listUrl(groupA.id, b)}/${paul.userId}`, { status: 'absent' });
    expect(await alertsOf(paul.userId)).toHaveLength(1);
    await leader.put(url, { threshold: 3 });
  });
});
