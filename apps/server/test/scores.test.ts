import { directoryMessages, SCORE_SOURCES, scoreMessages } from '@synergie/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/client';
import { memberScores, scoreRuns } from '../src/db/schema';
import { computeScores, recomputeScores, scoreFromCounts } from '../src/domain/scores';
import { createTestApp } from './helpers/app';
import { signUp } from './helpers/auth';
import { catalogue, createGroup, seat } from './helpers/groups';
import { insertMembers, signUpSubscriber } from './helpers/members';

/**
 * The reputation score (network-core §7, issue 18): every line counted from the tables over the
 * 6 months ending on the Paris day, the weights of score-constants.ts, once per day whatever the
 * number of instances, in a constant number of statements.
 */

const t = await createTestApp();
const db = t.database.db;
const ctx = t.app.ctx;

// Wednesday 25 November 2026, 13:00 Paris: the period is 25 May 2026 → 25 November 2026.
const NOW = new Date('2026-11-25T12:00:00Z');
const IN = (daysAgo: number) => new Date(NOW.getTime() - daysAgo * 86_400_000);
/** Before the period: 1 April 2026. */
const OLD = new Date('2026-04-01T08:00:00Z');
const day = (d: Date) => d.toISOString().slice(0, 10);

let trades: { id: string }[] = [];
async function tradeAt(i: number): Promise<string> {
  if (trades.length === 0) trades = await catalogue(db);
  return (trades[i] as { id: string }).id;
}

async function meeting(groupId: string, startsAt: Date, status: 'scheduled' | 'cancelled' = 'scheduled') {
  const { rows } = await db.execute<{ id: string }>(sql`
    insert into meetings (group_id, scheduled_on, starts_at, ends_at, place, status)
    values (${groupId}, ${day(startsAt)}::date, ${startsAt.toISOString()}::timestamptz,
            ${new Date(startsAt.getTime() + 7_200_000).toISOString()}::timestamptz, 'Lyon', ${status})
    returning id`);
  return (rows[0] as { id: string }).id;
}

async function attend(meetingId: string, userId: string, status: string) {
  await db.execute(sql`
    insert into meeting_attendance (meeting_id, user_id, status, substitute_name, source)
    values (${meetingId}, ${userId}, ${status}, ${status === 'substituted' ? 'Marc Remplaçant' : null}, 'secretary')`);
}

async function recommend(
  giver: string,
  receiver: string,
  createdAt: Date,
  business?: { status: 'declared' | 'confirmed' | 'disputed'; answeredAt: Date | null },
) {
  await db.execute(sql`
    insert into recommendations (giver_id, receiver_id, kind, heat, status, created_at, amount_cents,
                                 business_status, business_declared_at, business_answered_at)
    values (${giver}, ${receiver}, 'for_you', 3, ${business ? 'won' : 'received'}, ${createdAt.toISOString()}::timestamptz,
            ${business ? 150_000 : null}, ${business?.status ?? null},
            ${business ? createdAt.toISOString() : null}::timestamptz,
            ${business?.answeredAt ? business.answeredAt.toISOString() : null}::timestamptz)`);
}

async function guest(groupId: string, meetingId: string, invitedBy: string, status: string, at: Date) {
  await db.execute(sql`
    insert into guests (meeting_id, group_id, invited_by, name, email, consent_at, status, last_meeting_at)
    values (${meetingId}, ${groupId}, ${invitedBy}, 'Invité', ${`${crypto.randomUUID()}@example.fr`},
            ${at.toISOString()}::timestamptz, ${status}, ${at.toISOString()}::timestamptz)`);
}

async function oneToOne(requester: string, partner: string, metOn: Date, status: string) {
  await db.execute(sql`
    insert into one_to_ones (requester_id, partner_id, met_on, status)
    values (${requester}, ${partner}, ${day(metOn)}::date, ${status})`);
}

async function testimonial(author: string, subject: string, status: string, decidedAt: Date | null) {
  await db.execute(sql`
    insert into testimonials (author_id, subject_id, body, status, decided_at)
    values (${author}, ${subject}, 'Un travail remarquable.', ${status},
            ${decidedAt ? decidedAt.toISOString() : null}::timestamptz)`);
}

const scoreOf = async (userId: string) =>
  (await db.select().from(memberScores).where(eq(memberScores.userId, userId)))[0];

type Line = { key: string; found: number; points: number; note: string | null; detail: unknown };
const lines = (breakdown: unknown) => Object.fromEntries((breakdown as Line[]).map((l) => [l.key, l]));

/** Counts the SQL statements the database driver receives while `run` goes on (outside a transaction). */
async function countQueries(run: () => Promise<unknown>): Promise<number> {
  const driver = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
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
}

describe('the lines and the total', () => {
  it('counts each source over the 6 months with the published weights, and the colour', async () => {
    type Seven = [string, string, string, string, string, string, string];
    const seven = await insertMembers(t, 7, (i) => ({ fullName: `Membre ${i + 1}` }));
    const [s, bb, cc, dd, ee, nobody, idler] = seven as Seven;
    const group = await createGroup(db);
    const since = new Date('2026-01-05T08:00:00Z');
    await seat(db, group.id, [
      { userId: s, tradeId: await tradeAt(0) },
      { userId: bb, tradeId: await tradeAt(1) },
    ]);
    await db.execute(
      sql`update group_members set joined_at = ${since.toISOString()}::timestamptz where group_id = ${group.id}`,
    );
    // A member seated in a group that never met: noMeetings.
    const quiet = await createGroup(db);
    await seat(db, quiet.id, [{ userId: idler, tradeId: await tradeAt(2) }]);

    // Attendance: 10 meetings in the period (B recorded at each: the list was taken).
    const statuses = [
      'present',
      'present',
      'present',
      'present',
      'present',
      'late',
      'substituted',
      'excused',
      'absent',
      null,
    ];
    const recent: string[] = [];
    for (const [i, status] of statuses.entries()) {
      const id = await meeting(group.id, IN(7 * (i + 1)));
      recent.push(id);
      await attend(id, bb, 'present');
      if (status) await attend(id, s, status);
    }
    // Not counted: before the period, cancelled, not started yet, and a list nobody took.
    const old = await meeting(group.id, OLD);
    await attend(old, s, 'absent');
    await attend(old, bb, 'present');
    const cancelled = await meeting(group.id, IN(3), 'cancelled');
    await attend(cancelled, s, 'absent');
    await meeting(group.id, new Date(NOW.getTime() + 86_400_000));
    await meeting(group.id, IN(80));

    // Recommendations: 13 in the period (3 with business confirmed in it, 1 declared only), 2 before.
    for (let i = 0; i < 13; i += 1) {
      await recommend(s, bb, IN(5 + i), i < 3 ? { status: 'confirmed', answeredAt: IN(2 + i) } : undefined);
    }
    await recommend(s, cc, IN(20), { status: 'declared', answeredAt: null });
    await recommend(s, cc, OLD, { status: 'confirmed', answeredAt: OLD });
    await recommend(s, cc, OLD);
    // Received, not given: not counted.
    await recommend(bb, s, IN(4));

    // Guests: came or beyond (4) counted; invited, registered, not interested, and an old meeting's not.
    for (const status of ['came', 'followed_up', 'applicant', 'member', 'invited', 'registered', 'not_interested']) {
      await guest(group.id, recent[0] as string, s, status, IN(7));
    }
    await guest(group.id, old, s, 'came', OLD);

    // One-to-ones confirmed, the member on either side: 5; pending, declined and old not.
    await oneToOne(s, bb, IN(10), 'confirmed');
    await oneToOne(s, bb, IN(11), 'confirmed');
    await oneToOne(s, cc, IN(12), 'confirmed');
    await oneToOne(dd, s, IN(13), 'confirmed');
    await oneToOne(ee, s, IN(14), 'confirmed');
    await oneToOne(s, dd, IN(15), 'pending');
    await oneToOne(s, ee, IN(16), 'declined');
    await oneToOne(s, cc, OLD, 'confirmed');

    // Testimonials written and approved: 2; pending and approved before the period not.
    await testimonial(s, bb, 'approved', IN(30));
    await testimonial(s, cc, 'approved', IN(40));
    await testimonial(s, dd, 'pending', null);
    await testimonial(s, ee, 'approved', OLD);
    // Received: not counted.
    await testimonial(bb, s, 'approved', IN(30));

    await recomputeScores(db, NOW);
    const score = await scoreOf(s);
    const by = lines(score?.breakdown);
    // 7 attended of 9 counted (the excused one left out; the unrecorded one counts against).
    expect(by.attendance).toEqual({
      key: 'attendance',
      found: 7 / 9,
      points: 19,
      note: null,
      detail: { attended: 7, counted: 9 },
    });
    expect(by.recommendations).toMatchObject({ found: 14, points: 11, note: null, detail: null });
    expect(by.guests).toMatchObject({ found: 4, points: 10 });
    expect(by.oneToOnes).toMatchObject({ found: 5, points: 6 });
    expect(by.business).toMatchObject({ found: 3, points: 8 });
    expect(by.testimonials).toMatchObject({ found: 2, points: 7 });
    expect((score?.breakdown as Line[] | undefined)?.map((l) => l.key)).toEqual(
      SCORE_SOURCES.map((source) => source.key),
    );
    expect(score).toMatchObject({
      score: 19 + 11 + 10 + 6 + 8 + 7,
      colour: 'orange',
      periodStart: '2026-05-25',
      periodEnd: '2026-11-25',
      computedOn: '2026-11-25',
    });

    // B: present at all 10 (the old one is outside), no other source.
    const other = lines((await scoreOf(bb))?.breakdown);
    expect(other.attendance).toMatchObject({ found: 1, points: 25, detail: { attended: 10, counted: 10 } });
    expect(other.recommendations).toMatchObject({ found: 1, points: 1 });

    // No seat: the attendance line says why it gives 0.
    const alone = await scoreOf(nobody);
    expect(alone).toMatchObject({ score: 0, colour: 'grey' });
    expect(lines(alone?.breakdown).attendance).toMatchObject({ points: 0, note: scoreMessages.noGroup });
    expect(lines((await scoreOf(idler))?.breakdown).attendance).toMatchObject({
      points: 0,
      note: scoreMessages.noMeetings,
      detail: { attended: 0, counted: 0 },
    });
  });

  it('gives each colour from its threshold, and never more than a source weighs', () => {
    const full = scoreFromCounts({
      seated: true,
      attended: 10,
      counted: 10,
      recommendations: 100,
      guests: 100,
      oneToOnes: 100,
      business: 100,
      testimonials: 100,
    });
    expect(full.score).toBe(100);
    expect(full.colour).toBe('green');
    expect(full.breakdown.map((l) => l.points)).toEqual(SCORE_SOURCES.map((s) => s.points));
    const counts = { seated: true, attended: 0, counted: 4, recommendations: 0, guests: 0, oneToOnes: 0, business: 0 };
    expect(scoreFromCounts({ ...counts, attended: 4, testimonials: 0 })).toMatchObject({ score: 25, colour: 'grey' });
    expect(scoreFromCounts({ ...counts, attended: 4, testimonials: 3, guests: 3 })).toMatchObject({
      score: 43,
      colour: 'red',
    });
    expect(scoreFromCounts({ ...counts, attended: 4, testimonials: 3, guests: 6 })).toMatchObject({
      score: 50,
      colour: 'orange',
    });
    expect(
      scoreFromCounts({ ...counts, attended: 4, testimonials: 3, guests: 6, business: 6, oneToOnes: 2 }),
    ).toMatchObject({ score: 67, colour: 'orange' });
    expect(
      scoreFromCounts({ ...counts, attended: 4, testimonials: 3, guests: 6, business: 6, oneToOnes: 3 }),
    ).toMatchObject({ score: 68 });
    expect(
      scoreFromCounts({ ...counts, attended: 4, testimonials: 3, guests: 6, business: 6, recommendations: 6 }),
    ).toMatchObject({ score: 70, colour: 'green' });
  });
});

describe('the daily job', () => {
  it('runs once per Paris day, even from two instances at the same moment', async () => {
    const members = await insertMembers(t, 8, (i) => ({ fullName: `Instance ${i + 1}` }));
    const url = (t.database as { url?: string }).url;
    const second = t.database.kind === 'postgres' && url ? await openPostgres(url, 5) : undefined;
    try {
      const other = { db: second?.db ?? ctx.db };
      // 23:30 UTC on 30 November is 1 December in Paris.
      const at = new Date('2026-11-30T23:30:00Z');
      const runs = await Promise.all([
        computeScores(ctx, at),
        computeScores(other, at),
        computeScores(ctx, at),
        computeScores(other, at),
      ]);
      const total = (await db.execute<{ n: number | string }>(sql`select count(*) as n from "user"`)).rows[0]?.n;
      expect(runs.filter((n) => n > 0)).toEqual([Number(total)]);
      const run = await db.select().from(scoreRuns).where(eq(scoreRuns.day, '2026-12-01'));
      expect(run).toHaveLength(1);
      expect(run[0]?.members).toBe(Number(total));
      const scored = await db.select().from(memberScores).where(inArray(memberScores.userId, members));
      expect(scored).toHaveLength(8);
      expect(scored.every((s) => s.computedOn === '2026-12-01' && s.periodStart === '2026-06-01')).toBe(true);
      // Later the same Paris day: nothing to do.
      expect(await computeScores(ctx, new Date('2026-12-01T20:00:00Z'))).toBe(0);
      // The next day computes again.
      expect(await computeScores(ctx, new Date('2026-12-02T06:00:00Z'))).toBe(Number(total));
    } finally {
      await second?.close();
    }
  });

  it('computes everyone in the same number of statements, whatever the number of members', async () => {
    const few = await countQueries(() => recomputeScores(db, NOW));
    await insertMembers(t, 40, (i) => ({ fullName: `Nombreux ${i + 1}` }));
    const many = await countQueries(() => recomputeScores(db, NOW));
    expect(many).toBe(few);
    expect(few).toBeLessThanOrEqual(2);
  });
});

describe('routes', () => {
  it('my score: null before the first computation, then the breakdown with its day', async () => {
    const member = await signUp(t);
    const before = await member.get('/api/score/me');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ score: null, nextAction: null });
    await recomputeScores(db, NOW);
    const after = (await member.get('/api/score/me')).json();
    expect(after.score).toMatchObject({ userId: member.userId, score: 0, colour: 'grey', computedOn: '2026-11-25' });
    expect(after.score.breakdown).toHaveLength(SCORE_SOURCES.length);
    expect(after.score.computedAt).toBe(NOW.toISOString());
    // `Pour gagner des points` (issue 29): without a seat, no attendance; one more testimonial
    // (10 / 3 = 3,3 points) is worth more than a guest or a business (15 / 6 = 2,5).
    expect(after.nextAction).toBe('testimonials');
  });

  it("the group's scores for its leaders, best first; the directory's score sort for leaders and admins only", async () => {
    const leader = await signUpSubscriber(t, { name: 'Léa Présidente' });
    const plain = await signUpSubscriber(t, { name: 'Paul Membre' });
    const three = await insertMembers(t, 3, (i) => ({ fullName: `Groupe ${i + 1}` }));
    const [high, low, unscored] = three as [string, string, string];
    const group = await createGroup(db);
    await seat(db, group.id, [
      { userId: leader.userId, tradeId: await tradeAt(10), role: 'president' },
      { userId: plain.userId, tradeId: await tradeAt(11) },
      { userId: high, tradeId: await tradeAt(12) },
      { userId: low, tradeId: await tradeAt(13) },
    ]);
    await recomputeScores(db, NOW);
    await seat(db, group.id, [{ userId: unscored, tradeId: await tradeAt(14) }]);
    await db.delete(memberScores).where(eq(memberScores.userId, unscored));
    await db.execute(sql`update member_scores set score = 80, colour = 'green' where user_id = ${high}`);
    await db.execute(sql`update member_scores set score = 35, colour = 'red' where user_id = ${low}`);

    const res = await leader.get(`/api/groups/${group.id}/scores`);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().members as { userId: string; name: string; score: { score: number } | null }[];
    expect(list.map((m) => m.userId).slice(0, 2)).toEqual([high, low]);
    expect(list.at(-1)).toMatchObject({ userId: unscored, score: null });
    expect(list).toHaveLength(5);
    expect((await plain.get(`/api/groups/${group.id}/scores`)).statusCode).toBe(403);
    // Constant queries: the same count with 5 members as with 25.
    const few = await countQueries(() => leader.get(`/api/groups/${group.id}/scores`));
    const more = await insertMembers(t, 20, (i) => ({ fullName: `Renfort ${i + 1}` }));
    await seat(
      db,
      group.id,
      await Promise.all(more.map(async (userId, i) => ({ userId, tradeId: await tradeAt(20 + i) }))),
    );
    const many = await countQueries(async () => {
      const res = await leader.get(`/api/groups/${group.id}/scores`);
      expect(res.json().members).toHaveLength(25);
    });
    expect(many).toBe(few);

    // The directory: every card carries its badge; sort=score refused to a member without a role.
    const refused = await plain.get('/api/members?sort=score');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'FORBIDDEN', message: directoryMessages.scoreSortForbidden });
    const sorted = await leader.get(`/api/members?sort=score&group=${group.id}`);
    expect(sorted.statusCode, sorted.body).toBe(200);
    const cards = sorted.json().members as { userId: string; score: unknown }[];
    expect(cards.map((c) => c.userId).slice(0, 2)).toEqual([high, low]);
    expect(cards[0]?.score).toEqual({ score: 80, colour: 'green', computedOn: '2026-11-25' });
    expect(cards.find((c) => c.userId === unscored)?.score).toBeNull();
    // With a search too (the matching members are found first).
    const searched = await leader.get(`/api/members?sort=score&q=groupe`);
    expect(searched.statusCode, searched.body).toBe(200);
    const found = (searched.json().members as { userId: string }[]).map((c) => c.userId);
    expect(found.indexOf(high)).toBeLessThan(found.indexOf(low));
    // The `Score` option is offered with the page to whom may use it.
    expect(sorted.json().canSortByScore).toBe(true);
    expect((await leader.get('/api/members')).json().canSortByScore).toBe(true);
    expect((await plain.get('/api/members')).json().canSortByScore).toBe(false);
    // The score ordering: one query more than the name ordering (the role check), whatever the page's size.
    await leader.get('/api/members');
    const byNameQueries = await countQueries(() => leader.get(`/api/members?group=${group.id}&pageSize=50`));
    const byScoreQueries = await countQueries(() =>
      leader.get(`/api/members?group=${group.id}&pageSize=50&sort=score`),
    );
    expect(byScoreQueries).toBe(byNameQueries + 1);
    const byName = await plain.get(`/api/members?group=${group.id}`);
    expect((byName.json().members as { score: unknown }[]).some((c) => c.score !== null)).toBe(true);
  });
});
