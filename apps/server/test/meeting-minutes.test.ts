import type { MeetingMinutes } from '@synergie/shared';
import { and, count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context';
import { openPostgres } from '../src/db/client';
import {
  groupMembers,
  guests,
  mailOutbox,
  meetingAttendance,
  meetingLive,
  meetingMinutes,
  meetings,
  notificationSettings,
  notifications,
  profiles,
  recommendations,
} from '../src/db/schema';
import { generateDueMinutes, generateMinutes } from '../src/domain/meeting-minutes';
import { createTestApp } from './helpers/app';
import { testDbKind } from './helpers/db';
import { catalogue, createGroup, seat } from './helpers/groups';
import { insertMembers, signUpSubscriber } from './helpers/members';
import { pdfText } from './helpers/pdf';

/**
 * The minutes (`Compte rendu`, issue 30) on a real database: their content against a hand-counted
 * meeting, written once when two generations race (two calls, two jobs, two instances on
 * PostgreSQL), the members told by their settings, the leaders' corrections (stale version 409,
 * after 48 hours 423), the PDF, and who may read them.
 */

const t = await createTestApp({ env: { ADMIN_EMAILS: 'admin.minutes@synergie.test' } });
const db = t.database.db;
const ctx = (t.app as unknown as { ctx: AppContext }).ctx;

const leader = await signUpSubscriber(t, { name: 'Léa Présidente' }, { fullName: 'Léa Présidente' });
const marie = await signUpSubscriber(t, { name: 'Marie Dupont' }, { fullName: 'Marie Dupont' });
const outsider = await signUpSubscriber(t, { name: 'Zoé Autre' }, { fullName: 'Zoé Autre' });
const [bruno, chloe, denis, emma, felix, gina] = (await insertMembers(t, 6, [
  { fullName: 'Bruno Absent' },
  { fullName: 'Chloé Excusée' },
  { fullName: 'Denis Distance' },
  { fullName: 'Emma Retard' },
  { fullName: 'Félix Remplacé' },
  { fullName: 'Gina Oubli' },
])) as [string, string, string, string, string, string];

const trades = await catalogue(db);
const tradeAt = (i: number) => (trades[i] as { id: string }).id;
const groupA = await createGroup(db, { name: 'Synergie Pro Lyon Confluence', remoteCountsAsPresent: false });
await seat(db, groupA.id, [
  { userId: leader.userId, tradeId: tradeAt(0), role: 'president' },
  { userId: marie.userId, tradeId: tradeAt(1) },
  ...[bruno, chloe, denis, emma, felix, gina].map((userId, i) => ({ userId, tradeId: tradeAt(i + 2) })),
]);
// Seated a month ago: a member who joins after a meeting is not in its attendance.
await db
  .update(groupMembers)
  .set({ joinedAt: new Date(Date.now() - 30 * 86_400_000) })
  .where(eq(groupMembers.groupId, groupA.id));
const groupB = await createGroup(db);
await seat(db, groupB.id, [{ userId: outsider.userId, tradeId: tradeAt(0), role: 'president' }]);

let day = 0;
/** A meeting of group A that started `startedAgo` minutes ago and lasted 90 minutes. */
async function meeting(startedAgo: number, extra: Partial<typeof meetings.$inferInsert> = {}) {
  day += 1;
  const start = Date.now() - startedAgo * 60_000;
  const [row] = await db
    .insert(meetings)
    .values({
      groupId: groupA.id,
      scheduledOn: new Date(Date.UTC(2030, 0, 1) + day * 86_400_000).toISOString().slice(0, 10),
      startsAt: new Date(start),
      endsAt: new Date(start + 90 * 60_000),
      place: '1 place Bellecour, Lyon',
      ...extra,
    })
    .returning({ id: meetings.id, startsAt: meetings.startsAt });
  return row as { id: string; startsAt: Date };
}

const minutesOf = (meetingId: string) =>
  db.select({ n: count() }).from(meetingMinutes).where(eq(meetingMinutes.meetingId, meetingId));
const notified = (meetingId: string) =>
  db
    .select({ userId: notifications.userId, emailedAt: notifications.emailedAt, title: notifications.title })
    .from(notifications)
    .where(
      and(eq(notifications.kind, 'meeting_minutes'), eq(notifications.link, `/reunions/${meetingId}#compte-rendu`)),
    );

// The hand-counted meeting: ended 10 minutes ago, next week's presenter named.
const held = await meeting(100);
const next = await meeting(-7 * 24 * 60, { presenterId: marie.userId });
const status = (userId: string, s: string, extra: Partial<typeof meetingAttendance.$inferInsert> = {}) => ({
  meetingId: held.id,
  userId,
  status: s,
  source: 'secretary',
  checkedInAt: s === 'present' || s === 'late' || s === 'remote' ? held.startsAt : null,
  ...extra,
});
await db.insert(meetingAttendance).values([
  status(leader.userId, 'present'),
  status(marie.userId, 'present'),
  status(emma, 'late'),
  status(denis, 'remote'),
  status(chloe, 'excused'),
  status(felix, 'substituted', { substituteName: 'Hugo Remplaçant' }),
  status(bruno, 'absent'),
  // Gina: nothing recorded, so absent.
]);
const rec = (giverId: string, receiverId: string, meetingId: string | null) => ({
  giverId,
  receiverId,
  giverGroupId: groupA.id,
  receiverGroupId: groupA.id,
  kind: 'for_you' as const,
  heat: 3,
  need: 'Un chantier',
  meetingId,
});
// Passed during the meeting: two; the third, before it, is not.
await db
  .insert(recommendations)
  .values([
    rec(marie.userId, leader.userId, held.id),
    rec(leader.userId, marie.userId, held.id),
    rec(marie.userId, leader.userId, null),
  ]);
// Business thanked (liveState's rule): Léa thanks Marie for 1 500 €, Léa agreed to announce it.
const answered = new Date(held.startsAt.getTime() - 2 * 86_400_000);
await db.insert(recommendations).values({
  ...rec(marie.userId, leader.userId, null),
  status: 'won',
  amountCents: 150_000,
  businessStatus: 'confirmed',
  businessDeclaredAt: answered,
  businessAnsweredAt: answered,
});
await db.update(profiles).set({ announceBusinessAmount: true }).where(eq(profiles.userId, leader.userId));
const guest = (name: string, company: string | null, s: string) => ({
  meetingId: held.id,
  groupId: groupA.id,
  invitedBy: marie.userId,
  name,
  email: `${name.split(' ')[0]?.toLowerCase()}@example.fr`,
  phone: '+33611223344',
  company,
  consentAt: answered,
  status: s,
  lastMeetingAt: held.startsAt,
});
await db
  .insert(guests)
  .values([
    guest('Camille Rousseau', 'Rousseau Paysages', 'came'),
    guest('Jean Martin', null, 'registered'),
    guest('Paul Refus', 'Refus SA', 'not_interested'),
  ]);
// Settings: Marie never by mail, Bruno in the daily digest, the others immediately (the default).
await db.insert(notificationSettings).values([
  { userId: marie.userId, kind: 'meeting_minutes', frequency: 'never' },
  { userId: bruno, kind: 'meeting_minutes', frequency: 'daily' },
]);

describe('generation', () => {
  it('waits for the end, then writes the hand-counted content once when two calls race', async () => {
    const running = await meeting(30, { groupId: groupB.id });
    expect(await generateMinutes(ctx, running.id)).toBe(false);
    expect((await minutesOf(running.id))[0]?.n).toBe(0);

    const results = await Promise.all([generateMinutes(ctx, held.id), generateMinutes(ctx, held.id)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await minutesOf(held.id))[0]?.n).toBe(1);

    const res = await marie.get(`/api/meetings/${held.id}/minutes`);
    expect(res.statusCode, res.body).toBe(200);
    const minutes = res.json() as MeetingMinutes;
    const names = (people: { name: string }[]) => people.map((p) => p.name);
    const { attendance } = minutes.content;
    expect(attendance.remoteCountsAsPresent).toBe(false);
    expect(names(attendance.present)).toEqual(['Léa Présidente', 'Marie Dupont']);
    expect(names(attendance.late)).toEqual(['Emma Retard']);
    expect(names(attendance.remote)).toEqual(['Denis Distance']);
    expect(names(attendance.excused)).toEqual(['Chloé Excusée']);
    expect(attendance.substituted).toEqual([{ id: felix, name: 'Félix Remplacé', substituteName: 'Hugo Remplaçant' }]);
    expect(names(attendance.absent)).toEqual(['Bruno Absent', 'Gina Oubli']);
    // Logged in one statement (one instant): their order is the ids'.
    expect(minutes.content.recommendations.map((r) => `${r.giverName} -> ${r.receiverName}`).sort()).toEqual([
      'Léa Présidente -> Marie Dupont',
      'Marie Dupont -> Léa Présidente',
    ]);
    // Names and companies only: no email, phone, trade nor inviter; the uninterested one left out.
    expect(minutes.content.visitors).toEqual([
      { name: 'Camille Rousseau', company: 'Rousseau Paysages' },
      { name: 'Jean Martin', company: null },
    ]);
    expect(minutes.content.businessThanked).toEqual([
      expect.objectContaining({ giverName: 'Marie Dupont', receiverName: 'Léa Présidente', amountCents: 150_000 }),
    ]);
    expect(minutes.content.nextPresenter).toEqual({
      name: 'Marie Dupont',
      meetingStartsAt: next.startsAt.toISOString(),
    });
    expect(minutes.content.meeting.groupName).toBe('Synergie Pro Lyon Confluence');
    expect(minutes).toMatchObject({ version: 1, canCorrect: false, correctedAt: null });
    expect(Date.parse(minutes.lockedAt) - Date.parse(minutes.generatedAt)).toBe(48 * 3_600_000);
    expect((await leader.get(`/api/meetings/${held.id}/minutes`)).json().canCorrect).toBe(true);
  });

  it('tells every active member once, by mail as their setting says', async () => {
    const rows = await notified(held.id);
    expect(rows.map((r) => r.userId).sort()).toEqual(
      [leader.userId, marie.userId, bruno, chloe, denis, emma, felix, gina].sort(),
    );
    expect(rows[0]?.title).toMatch(/^Synergie Pro Lyon Confluence\u00a0: compte rendu de la réunion du /);
    const mailed = rows.filter((r) => r.emailedAt !== null).map((r) => r.userId);
    expect(mailed.sort()).toEqual([leader.userId, chloe, denis, emma, felix, gina].sort());
    const mails = await db
      .select({ to: mailOutbox.to, text: mailOutbox.text })
      .from(mailOutbox)
      .where(inArray(mailOutbox.to, [leader.member.email, marie.member.email]));
    const leaderMail = mails.find((m) => m.to === leader.member.email && m.text.includes('compte rendu'));
    expect(leaderMail?.text).toContain(`/reunions/${held.id}#compte-rendu`);
    expect(mails.filter((m) => m.to === marie.member.email && m.text.includes('compte rendu'))).toHaveLength(0);
  });

  it('is written once when two jobs sweep at once, a live meeting ended early included', async () => {
    const early = await meeting(20);
    await db
      .insert(meetingLive)
      .values({ meetingId: early.id, startedBy: leader.userId, phase: 'ended', endedAt: new Date() });
    const old = await meeting(3 * 24 * 60);
    const cancelled = await meeting(200, { status: 'cancelled' });
    const [a, b] = await Promise.all([generateDueMinutes(ctx), generateDueMinutes(ctx)]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    expect((await minutesOf(early.id))[0]?.n).toBe(1);
    expect(await notified(early.id)).toHaveLength(8);
    // Older than the catch-up window: history, never mailed; a cancelled meeting has none.
    expect((await minutesOf(old.id))[0]?.n).toBe(0);
    expect((await minutesOf(cancelled.id))[0]?.n).toBe(0);
    expect(await generateDueMinutes(ctx)).toBe(0);
  });

  // Two instances share one database only on PostgreSQL (PGlite lives in one process).
  if (testDbKind === 'postgres') {
    it('is written once by two instances on one database', async () => {
      const url = (t.database as { url?: string }).url as string;
      const second = await openPostgres(url, 5, 25_000);
      try {
        const other = { ...ctx, db: second.db } as AppContext;
        const ended = await meeting(95);
        const [a, b] = await Promise.all([generateDueMinutes(ctx), generateDueMinutes(other)]);
        expect(a + b).toBeGreaterThanOrEqual(1);
        expect((await minutesOf(ended.id))[0]?.n).toBe(1);
        expect(await notified(ended.id)).toHaveLength(8);
      } finally {
        await second.close();
      }
    });
  }

  it('is generated when the leaders end the live meeting', async () => {
    const live = await meeting(10);
    const base = `/api/groups/${groupA.id}/meetings/${live.id}/live`;
    expect((await leader.post(base)).statusCode).toBe(200);
    expect((await marie.get(`/api/meetings/${live.id}/minutes`)).json().error.code).toBe('MINUTES_NOT_FOUND');
    expect((await leader.post(`${base}/end`)).statusCode).toBe(200);
    expect((await marie.get(`/api/meetings/${live.id}/minutes`)).statusCode).toBe(200);
  });
});

describe('reading', () => {
  it('is for the group: 404 to anyone else, and before generation', async () => {
    expect((await outsider.get(`/api/meetings/${held.id}/minutes`)).statusCode).toBe(404);
    expect((await outsider.get(`/api/meetings/${held.id}/minutes.pdf`)).statusCode).toBe(404);
    const res = await marie.get(`/api/meetings/${next.id}/minutes`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('MINUTES_NOT_FOUND');
    expect((await marie.get('/api/meetings/pas-un-id/minutes')).statusCode).toBe(404);
  });

  it('downloads as a PDF with the same content', async () => {
    const res = await marie.get(`/api/meetings/${held.id}/minutes.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Synergie Pro Lyon Confluence');
    expect(text).toMatch(/Compte rendu de la réunion du \S+ \S+ \S+ 20\d\d/);
    expect(text).toContain('Camille Rousseau, Rousseau Paysages');
    expect(text).toContain('Léa Présidente remercie Marie Dupont : 1 500,00 €');
    expect(text).toContain('Félix Remplacé (remplacé par Hugo Remplaçant)');
  });
});

describe('corrections', () => {
  const url = `/api/groups/${groupA.id}/meetings/${held.id}/minutes`;

  it('are the leaders’, on the version they read: a stale one is 409', async () => {
    expect((await marie.put(url, { version: 1, notes: 'Moi aussi', nextPresenterName: null })).statusCode).toBe(403);
    const ok = await leader.put(url, {
      version: 1,
      notes: 'Penser au repas de fin d’année.',
      nextPresenterName: 'Paul Martin',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      version: 2,
      correctedBy: 'Léa Présidente',
      content: { notes: 'Penser au repas de fin d’année.', nextPresenter: { name: 'Paul Martin' } },
    });
    const stale = await leader.put(url, { version: 1, notes: 'Autre chose', nextPresenterName: null });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('MINUTES_STALE');
    // Two corrections of the same version at once: one goes in.
    const both = await Promise.all([
      leader.put(url, { version: 2, notes: 'A', nextPresenterName: null }),
      leader.put(url, { version: 2, notes: 'B', nextPresenterName: null }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await marie.get(`/api/meetings/${held.id}/minutes`)).json().version).toBe(3);
    const pdf = await pdfText((await marie.get(`/api/meetings/${held.id}/minutes.pdf`)).rawPayload);
    expect(pdf).toContain('Points à retenir');
  });

  it('are locked 48 hours after generation: 423', async () => {
    await db
      .update(meetingMinutes)
      .set({ lockedAt: new Date(Date.now() - 1000) })
      .where(eq(meetingMinutes.meetingId, held.id));
    const locked = await leader.put(url, { version: 3, notes: 'Trop tard', nextPresenterName: null });
    expect(locked.statusCode).toBe(423);
    expect(locked.json().error.code).toBe('MINUTES_LOCKED');
    expect((await leader.get(`/api/meetings/${held.id}/minutes`)).json().canCorrect).toBe(false);
  });
});
