import { apiErrors } from '@synergie/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { groupApplications, groupMembers, groups } from '../src/db/schema';
import { createTestApp } from './helpers/app';
import { testDbKind } from './helpers/db';
import { catalogue, createGroup, insertApplication, seat } from './helpers/groups';
import { insertMembers, signUpSubscriber } from './helpers/members';

/**
 * Seats under concurrency (network-core §2, issue 15): acceptances sent at the same instant,
 * through the HTTP routes, on the engine this run uses (PGlite or PostgreSQL). The data is set up
 * straight in the database; the acceptances go through POST .../accept.
 */

const t = await createTestApp();
const db = t.database.db;
const TRADES = await catalogue(db);
const tradeId = (i: number) => (TRADES[i] as { id: string }).id;

/** A group whose président is a signed-in subscriber, plus a vice-président: two leaders. */
async function ledGroup(presidentTrade: number, viceTrade: number) {
  const group = await createGroup(db);
  const president = await signUpSubscriber(t, {}, { tradeId: tradeId(presidentTrade) });
  const vice = await signUpSubscriber(t, {}, { tradeId: tradeId(viceTrade) });
  await seat(db, group.id, [
    { userId: president.userId, tradeId: tradeId(presidentTrade), role: 'president' },
    { userId: vice.userId, tradeId: tradeId(viceTrade), role: 'vice_president' },
  ]);
  return { group, leaders: [president, vice] };
}

const codeOf = (res: { statusCode: number; json(): unknown }) =>
  res.statusCode === 200 ? 'OK' : (res.json() as { error: { code: string } }).error.code;

const tally = (codes: string[]) =>
  codes.reduce<Record<string, number>>((acc, code) => {
    acc[code] = (acc[code] ?? 0) + 1;
    return acc;
  }, {});

async function activeCount(groupId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.status, 'active')));
  const [group] = await db.select({ activeMembers: groups.activeMembers }).from(groups).where(eq(groups.id, groupId));
  return { rows: Number(row?.n), counter: group?.activeMembers };
}

describe(`concurrent acceptances (${testDbKind})`, () => {
  it('20 acceptances of 20 applicants of one trade for one seat: one holder, 19 × 409 SEAT_TAKEN', async () => {
    const { group, leaders } = await ledGroup(0, 1);
    const plumber = tradeId(2);
    const applicants = await insertMembers(t, 20, (i) => ({ fullName: `Plombier ${i}` }));
    const applications: string[] = [];
    for (const userId of applicants) {
      applications.push(await insertApplication(db, { groupId: group.id, userId, tradeId: plumber, periodOver: true }));
    }
    // Both leaders accept, alternately, all at once.
    const answers = await Promise.all(
      applications.map((id, i) =>
        (leaders[i % 2] as (typeof leaders)[number]).post(`/api/groups/${group.id}/applications/${id}/accept`, {}),
      ),
    );
    const codes = answers.map(codeOf);
    expect(tally(codes)).toEqual({ OK: 1, SEAT_TAKEN: 19 });
    for (const res of answers.filter((r) => r.statusCode !== 200)) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(apiErrors.SEAT_TAKEN.message);
      expect(res.json().error.message).toBe('Ce métier est déjà représenté dans ce groupe.');
    }
    const holders = await db
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .where(
        and(eq(groupMembers.groupId, group.id), eq(groupMembers.tradeId, plumber), eq(groupMembers.status, 'active')),
      );
    expect(holders).toHaveLength(1);
    const accepted = await db
      .select({ userId: groupApplications.userId })
      .from(groupApplications)
      .where(and(eq(groupApplications.groupId, group.id), eq(groupApplications.status, 'accepted')));
    expect(accepted.map((a) => a.userId)).toEqual(holders.map((h) => h.userId));
    expect(await activeCount(group.id)).toEqual({ rows: 3, counter: 3 });
  });

  it('60 acceptances into a group of 45 on distinct trades: exactly 50 members, the rest 409 GROUP_FULL', async () => {
    const { group, leaders } = await ledGroup(0, 1);
    const members = await insertMembers(t, 43, (i) => ({ fullName: `Membre ${i}` }));
    await seat(
      db,
      group.id,
      members.map((userId, i) => ({ userId, tradeId: tradeId(2 + i) })),
    );
    expect(await activeCount(group.id)).toEqual({ rows: 45, counter: 45 });
    const applicants = await insertMembers(t, 60, (i) => ({ fullName: `Candidat ${i}` }));
    const applications: string[] = [];
    for (const [i, userId] of applicants.entries()) {
      applications.push(
        await insertApplication(db, { groupId: group.id, userId, tradeId: tradeId(45 + i), periodOver: true }),
      );
    }
    const answers = await Promise.all(
      applications.map((id, i) =>
        (leaders[i % 2] as (typeof leaders)[number]).post(`/api/groups/${group.id}/applications/${id}/accept`, {}),
      ),
    );
    const codes = answers.map(codeOf);
    expect(tally(codes)).toEqual({ OK: 5, GROUP_FULL: 55 });
    for (const res of answers.filter((r) => r.statusCode !== 200)) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(apiErrors.GROUP_FULL.message);
    }
    expect(await activeCount(group.id)).toEqual({ rows: 50, counter: 50 });
    const pending = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(groupApplications)
      .where(and(eq(groupApplications.groupId, group.id), eq(groupApplications.status, 'pending')));
    // The refused acceptances left their applications pending, nothing half-written.
    expect(Number(pending[0]?.n)).toBe(55);
  });
});

describe(`an acceptance at the same moment as an objection, a refusal or a withdrawal (${testDbKind})`, () => {
  const statusOf = (res: { statusCode: number; json(): unknown }) =>
    res.statusCode < 300 ? 'OK' : `${res.statusCode} ${(res.json() as { error: { code: string } }).error.code}`;

  /** A pending application still in its 7 days (an acceptance needs `override`), by a signed-in applicant. */
  async function race(kind: 'objection' | 'refusal' | 'withdrawal') {
    const { group, leaders } = await ledGroup(0, 1);
    const [president, vice] = leaders as [(typeof leaders)[number], (typeof leaders)[number]];
    const applicant = await signUpSubscriber(t, {}, { tradeId: tradeId(2) });
    const applicationId = await insertApplication(db, {
      groupId: group.id,
      userId: applicant.userId,
      tradeId: tradeId(2),
    });
    const base = `/api/groups/${group.id}/applications/${applicationId}`;
    const other =
      kind === 'objection'
        ? vice.post(`${base}/objections`, { reason: 'Je le connais mal.' })
        : kind === 'refusal'
          ? vice.post(`${base}/refuse`, { message: 'Pas cette fois.' })
          : applicant.delete(`/api/me/applications/${applicationId}`);
    const [accept, answer] = await Promise.all([president.post(`${base}/accept`, { override: true }), other]);
    const codes = [statusOf(accept), statusOf(answer)];
    for (const res of [accept, answer]) expect(res.statusCode, res.body).toBeLessThan(500);
    // Exactly one of the two wins; the other is told why, in French.
    expect(
      codes.filter((c) => c === 'OK'),
      codes.join(', '),
    ).toHaveLength(1);
    const seated = await db
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .where(and(eq(groupMembers.userId, applicant.userId), eq(groupMembers.status, 'active')));
    const [application] = await db
      .select({ status: groupApplications.status })
      .from(groupApplications)
      .where(eq(groupApplications.id, applicationId));
    if (codes[0] === 'OK') {
      expect(seated).toHaveLength(1);
      expect(application?.status).toBe('accepted');
      expect(codes[1]).toBe('409 APPLICATION_CLOSED');
    } else {
      expect(seated).toHaveLength(0);
      expect(application?.status).toBe(kind === 'objection' ? 'pending' : kind === 'refusal' ? 'refused' : 'withdrawn');
      expect(codes[0]).toBe(kind === 'objection' ? '409 OBJECTION_RAISED' : '409 APPLICATION_CLOSED');
    }
  }

  for (const kind of ['objection', 'refusal', 'withdrawal'] as const) {
    it(`accept (override) against ${kind === 'objection' ? 'an' : 'a'} ${kind}: never 500, one winner, a consistent end state`, async () => {
      for (let round = 0; round < 4; round++) await race(kind);
    });
  }
});
