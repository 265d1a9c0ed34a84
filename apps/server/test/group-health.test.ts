import { randomUUID } from 'node:crypto';
import type { GroupHealth, NetworkHealth } from '@synergie/shared';
import { describe, expect, it } from 'vitest';
import {
  groupMembers,
  guests,
  meetingAttendance,
  meetings,
  memberScores,
  oneToOnes,
  profiles,
  recommendations,
  user,
} from '../src/db/schema';
import { getGroupHealth, getNetworkHealth, median } from '../src/domain/group-health';
import { lastParisWeeks, parisMidnight, parisWeekOf } from '../src/domain/member-return';
import { createTestApp } from './helpers/app';
import { signUp } from './helpers/auth';
import { countQueries } from './helpers/db';
import { catalogue, createGroup } from './helpers/groups';

const ADMIN_EMAIL = 'admin.sante@synergie.test';
const t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
const db = t.database.db;
const trades = await catalogue(db);

describe('Paris weeks', () => {
  it('cuts weeks Monday to Sunday in Paris, across daylight saving time', () => {
    // Monday 19 October 2026 00:30 summer time is Sunday 22:30 UTC.
    expect(parisWeekOf('2026-10-18T22:30:00Z')).toBe('2026-10-19');
    expect(parisWeekOf('2026-10-18T21:30:00Z')).toBe('2026-10-12');
    // Monday 26 October 00:30 winter time (the clocks went back on the 25th) is Sunday 23:30 UTC.
    expect(parisWeekOf('2026-10-25T23:30:00Z')).toBe('2026-10-26');
    expect(parisWeekOf('2026-10-25T22:30:00Z')).toBe('2026-10-19');
    expect(parisMidnight('2026-10-19').toISOString()).toBe('2026-10-18T22:00:00.000Z');
    expect(parisMidnight('2026-10-26').toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(parisMidnight('2026-03-30').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    const weeks = lastParisWeeks(new Date('2026-11-04T12:00:00Z'), 3);
    expect(weeks.map((w) => w.week)).toEqual(['2026-10-19', '2026-10-26', '2026-11-02']);
    // The week the clocks went back lasts 169 hours.
    expect(((weeks[0]?.end.getTime() ?? 0) - (weeks[0]?.start.getTime() ?? 0)) / 3_600_000).toBe(169);
    expect(lastParisWeeks(new Date('2027-01-01T10:00:00Z'), 1)[0]?.week).toBe('2026-12-28');
  });

  it('takes the median of the middle value, or of the two middle ones', () => {
    expect(median([])).toBeNull();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([62.5, 100])).toBe(81.25);
  });
});

async function insertMember(fullName: string) {
  const id = randomUUID();
  await db.insert(user).values({ id, name: fullName, email: `${id}@exemple.test`, emailVerified: true });
  await db.insert(profiles).values({ userId: id, fullName });
  return id;
}

const NOW = new Date('2026-11-04T12:00:00Z'); // Wednesday 13:00 in Paris
const familyA = trades[0]?.family;
const sameFamily = trades.filter((tr) => tr.family === familyA);
const otherFamily = trades.filter((tr) => tr.family !== familyA);
const tradeId = (list: typeof trades, i: number) => (list[i] as { id: string }).id;

/** Hand-counted fixture (see the comments): group A, the leader's; B, compared; C, empty. */
async function fixture() {
  const leader = await signUp(t, { name: 'Léa Santé' });
  const m2 = await signUp(t, { name: 'Marc Membre' });
  const foreign = await signUp(t, { name: 'Bruno Ailleurs' });
  const m1 = leader.userId;
  const m3 = await insertMember('Paula Partie');
  const m4 = await insertMember('Nina Nouvelle');
  const a = await createGroup(db);
  const b = await createGroup(db, { region: 'Bretagne', city: 'Rennes', departmentCode: '35' });
  const c = await createGroup(db, { region: 'Bretagne', city: 'Brest', departmentCode: '29' });
  const jan = new Date('2026-01-01T09:00:00Z');
  await db.insert(groupMembers).values([
    { groupId: a.id, userId: m1, tradeId: tradeId(sameFamily, 0), role: 'president', joinedAt: jan },
    { groupId: a.id, userId: m2.userId, tradeId: tradeId(sameFamily, 1), joinedAt: jan },
    // Left mid-month, on Wednesday 21 October.
    {
      groupId: a.id,
      userId: m3,
      tradeId: tradeId(otherFamily, 0),
      joinedAt: jan,
      status: 'left',
      endedAt: new Date('2026-10-21T12:00:00Z'),
    },
    // Arrived on Wednesday 28 October.
    { groupId: a.id, userId: m4, tradeId: tradeId(otherFamily, 1), joinedAt: new Date('2026-10-28T10:00:00Z') },
    { groupId: b.id, userId: foreign.userId, tradeId: tradeId(sameFamily, 0), role: 'president', joinedAt: jan },
  ]);
  const meeting = async (groupId: string, startsAt: string, status = 'scheduled') => {
    const start = new Date(startsAt);
    const [row] = await db
      .insert(meetings)
      .values({
        groupId,
        scheduledOn: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(start),
        startsAt: start,
        endsAt: new Date(start.getTime() + 2 * 3_600_000),
        place: 'Salle',
        status,
      })
      .returning({ id: meetings.id });
    return (row as { id: string }).id;
  };
  const M1 = await meeting(a.id, '2026-10-13T05:00:00Z'); // week 12 Oct: expected m1 m2 m3
  await meeting(a.id, '2026-10-20T05:00:00Z', 'cancelled'); // week 19 Oct: cancelled
  const M3 = await meeting(a.id, '2026-10-25T23:30:00Z'); // Monday 26 Oct 00:30 CET: m1 m2
  const M4 = await meeting(a.id, '2026-11-03T06:00:00Z'); // week 2 Nov: m1 m2 m4
  const M5 = await meeting(a.id, '2026-11-04T18:00:00Z'); // later today: not held yet
  const B1 = await meeting(b.id, '2026-11-03T06:00:00Z');
  const att = (meetingId: string, userId: string, status: string) => ({
    meetingId,
    userId,
    status,
    source: 'secretary',
    substituteName: status === 'substituted' ? 'Un remplaçant' : null,
  });
  await db.insert(meetingAttendance).values([
    att(M1, m1, 'present'),
    att(M1, m2.userId, 'absent'),
    att(M1, m3, 'substituted'),
    att(M3, m1, 'late'),
    att(M3, m2.userId, 'excused'),
    att(M4, m1, 'present'),
    att(M4, m4, 'present'),
    // m2 has nothing recorded at M4: absent.
    att(B1, foreign.userId, 'present'),
  ]);
  const rec = (giverId: string, groupId: string, createdAt: string, status: string) => ({
    giverId,
    receiverId: foreign.userId === giverId ? m1 : foreign.userId,
    giverGroupId: groupId,
    kind: 'for_you',
    heat: 3,
    status,
    createdAt: new Date(createdAt),
    statusChangedAt: new Date(createdAt),
  });
  await db.insert(recommendations).values([
    rec(m1, a.id, '2026-10-14T10:00:00Z', 'won'),
    rec(m2.userId, a.id, '2026-10-14T10:00:00Z', 'lost'),
    rec(m3, a.id, '2026-10-20T10:00:00Z', 'no_follow_up'),
    rec(m1, a.id, '2026-10-26T22:30:00Z', 'received'),
    rec(m1, a.id, '2026-11-01T23:30:00Z', 'won'), // Monday 2 Nov 00:30 CET
    rec(m1, a.id, '2026-08-01T10:00:00Z', 'won'), // before the 12 weeks
    rec(foreign.userId, b.id, '2026-11-02T10:00:00Z', 'received'),
  ]);
  await db.insert(oneToOnes).values([
    { requesterId: m1, partnerId: m2.userId, metOn: '2026-10-15', status: 'confirmed' },
    { requesterId: m1, partnerId: foreign.userId, metOn: '2026-10-27', status: 'confirmed' },
    { requesterId: m1, partnerId: m2.userId, metOn: '2026-10-28', status: 'pending' },
    { requesterId: m3, partnerId: m1, metOn: '2026-10-23', status: 'confirmed' },
  ]);
  const guest = (meetingId: string, status: string, checkedIn = false) => ({
    meetingId,
    groupId: a.id,
    name: `Invité ${randomUUID().slice(0, 6)}`,
    email: `${randomUUID()}@invite.test`,
    consentAt: NOW,
    status,
    checkedInAt: checkedIn ? NOW : null,
    lastMeetingAt: NOW,
  });
  await db
    .insert(guests)
    .values([guest(M1, 'came', true), guest(M1, 'member'), guest(M3, 'invited'), guest(M5, 'registered')]);
  const score = (userId: string, value: number) => ({
    userId,
    score: value,
    colour: 'grey',
    breakdown: {},
    periodStart: '2026-05-01',
    periodEnd: '2026-11-01',
    computedOn: '2026-11-04',
  });
  await db.insert(memberScores).values([score(m1, 80), score(m2.userId, 45), score(m4, 10), score(m3, 90)]);
  return { leader, m2, foreign, a, b, c, ids: [m1, m2.userId, m3, m4] };
}

const f = await fixture();

describe('the group health, against a hand-counted fixture', () => {
  it('counts each figure of group A as its definition says, in 8 queries', async () => {
    let health: GroupHealth | null = null;
    const queries = await countQueries(db, async () => {
      health = await getGroupHealth(db, f.a.id, [f.b.id, f.c.id], NOW);
    });
    expect(queries).toBe(8);
    const h = health as unknown as GroupHealth;
    const weeks = Object.fromEntries(h.figures.weeks.map((w) => [w.week, w]));
    expect(h.figures.weeks).toHaveLength(12);
    expect(h.figures.weeks[0]?.week).toBe('2026-08-17');
    // Week of 12 Oct: m1 present, m2 absent, m3 replaced: 2 of 3.
    expect(weeks['2026-10-12']).toMatchObject({
      meetingsHeld: 1,
      expected: 3,
      attended: 2,
      attendancePercent: 66.7,
      members: 3,
      recommendations: 2,
      recommendationsPerMember: 0.67,
      oneToOnes: 1,
      visitors: 2,
      visitorsCame: 2,
      visitorsBecameMembers: 1,
    });
    // Week of 19 Oct (169 hours): the meeting cancelled, m3 left on the 21st.
    expect(weeks['2026-10-19']).toMatchObject({
      meetingsHeld: 0,
      meetingsCancelled: 1,
      expected: 0,
      attendancePercent: null,
      members: 2,
      left: 1,
      recommendations: 1,
      recommendationsPerMember: 0.5,
      oneToOnes: 1,
    });
    // Week of 26 Oct: the meeting of Monday 00:30 (Sunday 23:30 UTC), m1 late, m2 excused; m4 arrived.
    expect(weeks['2026-10-26']).toMatchObject({
      expected: 2,
      attended: 1,
      attendancePercent: 50,
      members: 3,
      joined: 1,
      recommendations: 1,
      oneToOnes: 1,
      visitors: 1,
      visitorsCame: 0,
    });
    // This week: m1 and m4 present, m2 unrecorded; tonight's meeting not held yet, its guest counted.
    expect(weeks['2026-11-02']).toMatchObject({
      meetingsHeld: 1,
      expected: 3,
      attended: 2,
      recommendations: 1,
      visitors: 1,
    });
    expect(weeks['2026-08-17']).toMatchObject({ members: 3, recommendations: 0, expected: 0 });
    expect(h.figures.totals).toEqual({
      meetingsHeld: 3,
      meetingsCancelled: 1,
      attendancePercent: 62.5, // 5 of 8
      members: 3,
      recommendations: 5,
      recommendationsPerMember: 0.14, // 5 over 35 member-weeks (8 × 3 + 3 + 2 + 3 + 3)
      oneToOnes: 3,
      visitors: 4,
      visitorsCame: 2,
      visitorsBecameMembers: 1,
      joined: 1,
      left: 1,
      won: 2,
      lost: 1,
      noFollowUp: 1,
      transformationPercent: 50, // 2 / (2 + 1 + 1)
    });
    const filled = Object.fromEntries(h.figures.seatsByFamily.map((s) => [s.family, s.filled]));
    expect(filled[familyA as string]).toBe(2);
    expect(h.figures.seatsByFamily.reduce((n, s) => n + s.filled, 0)).toBe(3);
    // m3 left: her 90 is not counted.
    expect(h.figures.scores).toEqual({
      bands: [
        { from: 0, to: 29, count: 1 },
        { from: 30, to: 49, count: 1 },
        { from: 50, to: 69, count: 0 },
        { from: 70, to: 100, count: 1 },
      ],
      scored: 3,
      median: 45,
    });
    // B: its one member present at its one meeting; C has no member and is not compared away.
    expect(h.compared.map((c) => c.group.id)).toEqual([f.b.id, f.c.id]);
    expect(h.compared[0]?.figures.totals).toMatchObject({
      attendancePercent: 100,
      members: 1,
      recommendations: 1,
      recommendationsPerMember: 0.08,
      oneToOnes: 1,
    });
    // The median of A and B (C, without members, is left out).
    expect(h.national.groups).toBe(2);
    expect(h.national.totals.attendancePercent).toBe(81.25);
    expect(h.national.totals.transformationPercent).toBe(50);
    expect(h.national.weeks.find((w) => w.week === '2026-11-02')?.attendancePercent).toBe(83.35);
    expect(h.choices.map((c) => c.id)).not.toContain(f.a.id);
  });

  it('pools the network and each region for the admins, with the same definitions', async () => {
    let health: NetworkHealth | null = null;
    const queries = await countQueries(db, async () => {
      health = await getNetworkHealth(db, NOW);
    });
    expect(queries).toBe(8);
    const h = health as unknown as NetworkHealth;
    // 5 of 8 in A, 1 of 1 in B.
    expect(h.network.totals).toMatchObject({ attendancePercent: 66.7, members: 4, recommendations: 6, won: 2 });
    const regions = Object.fromEntries(h.regions.map((r) => [r.region, r]));
    expect(regions['Auvergne-Rhône-Alpes']?.figures.totals.attendancePercent).toBe(62.5);
    expect(regions.Bretagne).toMatchObject({ groups: 2 });
    expect(regions.Bretagne?.figures.totals.attendancePercent).toBe(100);
  });
});

describe('GET /api/groups/:groupId/health', () => {
  it('answers the group’s leaders; compared groups come as aggregates, never their members', async () => {
    const own = await f.leader.get(`/api/groups/${f.a.id}/health?comparer=${f.b.id}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().compared).toHaveLength(1);
    // B's leader compares with A: A's figures, not one of A's members.
    const foreign = await f.foreign.get(`/api/groups/${f.b.id}/health?comparer=${f.a.id}`);
    expect(foreign.statusCode, foreign.body).toBe(200);
    const body = foreign.body;
    expect(foreign.json().compared[0].group.id).toBe(f.a.id);
    for (const id of f.ids) expect(body).not.toContain(id);
    for (const name of ['Léa Santé', 'Marc Membre', 'Paula Partie', 'Nina Nouvelle']) expect(body).not.toContain(name);
    // A group that is not theirs: refused; a member without a role: refused.
    expect((await f.foreign.get(`/api/groups/${f.a.id}/health`)).statusCode).toBe(403);
    expect((await f.m2.get(`/api/groups/${f.a.id}/health`)).statusCode).toBe(403);
    // Ill-formed or unknown compared ids are left out.
    const odd = await f.leader.get(`/api/groups/${f.a.id}/health?comparer=x,${randomUUID()},${f.a.id}`);
    expect(odd.statusCode).toBe(200);
    expect(odd.json().compared).toEqual([]);
  });

  it('answers admins only for the network', async () => {
    expect((await f.leader.get('/api/admin/health')).statusCode).toBe(403);
    const admin = await signUp(t, { email: ADMIN_EMAIL });
    const res = await admin.get('/api/admin/health');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().regions.length).toBeGreaterThan(0);
  });
});
