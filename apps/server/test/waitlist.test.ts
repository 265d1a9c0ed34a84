import { randomUUID } from 'node:crypto';
import { formatDateTime, groupMessages, type SeatState, type WaitlistEntry } from '@synergie/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { groupHistory, groupMembers, groups, mailOutbox, seatWaitlist, subscriptions, trades } from '../src/db/schema';
import { acceptApplication } from '../src/domain/groups/group-applications';
import { expireSeatOffers, listWaitlistEntries, offerFreedSeat } from '../src/domain/groups/seat-offers';
import { lockGroup } from '../src/domain/groups/seats';
import { createTestApp } from './helpers/app';
import { signUp } from './helpers/auth';
import { insertApplication } from './helpers/groups';
import { insertMembers, setProfile } from './helpers/members';

/**
 * Waiting lists of seats (network-core §2 "Waiting list"): first come first served, the position
 * each member sees, leaving in one call, a freed seat offered to the first in line, declined or
 * accepted. The scheduled jobs are in waitlist-jobs.test.ts.
 */

const t = await createTestApp();
const db = t.database.db;

type Member = Awaited<ReturnType<typeof signUp>>;

async function tradeId(label: string): Promise<string> {
  const [row] = await db.select({ id: trades.id }).from(trades).where(eq(trades.label, label));
  if (!row) throw new Error(`no trade ${label}`);
  return row.id;
}
const PLUMBER = await tradeId('Plombier chauffagiste');
const ELECTRICIAN = await tradeId('Électricien');

let groupCount = 0;
/** A group straight into the database. */
async function makeGroup(values: Partial<typeof groups.$inferInsert> = {}): Promise<string> {
  groupCount += 1;
  const [row] = await db
    .insert(groups)
    .values({
      slug: `groupe-${groupCount}-${randomUUID().slice(0, 8)}`,
      name: `Synergie Pro Lyon ${groupCount}`,
      city: 'Lyon',
      departmentCode: '69',
      region: 'Auvergne-Rhône-Alpes',
      meetingPlace: '12 quai Rambaud, Lyon',
      meetingRhythm: 'weekly',
      meetingWeekday: 2,
      meetingTime: '07:00',
      ...values,
    })
    .returning({ id: groups.id });
  return (row as { id: string }).id;
}

/** A member who never signs in, holding the seat of `trade` in the group. */
async function seatHolder(groupId: string, trade: string): Promise<string> {
  const [userId] = await insertMembers(t, 1, [{ fullName: 'Titulaire du siège', tradeId: trade }]);
  await db.insert(groupMembers).values({ groupId, userId: userId as string, tradeId: trade });
  return userId as string;
}

/** A signed-in member in trial, with `trade` on their profile. */
async function subscriber(trade: string | null = PLUMBER, name?: string): Promise<Member> {
  const member = await signUp(t, name ? { name } : {});
  await db.insert(subscriptions).values({
    userId: member.userId,
    provider: 'demo',
    planId: 'monthly',
    status: 'trialing',
    currentPeriodEnd: new Date(Date.now() + 14 * 86_400_000),
    providerUpdatedAt: new Date(),
  });
  if (trade) await setProfile(t, member.userId, { tradeId: trade });
  return member;
}

async function join(member: Member, groupId: string): Promise<WaitlistEntry> {
  const res = await member.post(`/api/groups/${groupId}/waitlist`);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function seat(member: Member, groupId: string): Promise<SeatState> {
  const res = await member.get(`/api/groups/${groupId}/seat`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The holder leaves, as the core's leave and removal routes will do: the seat is offered at once. */
async function freeSeat(groupId: string, userId: string) {
  await db.transaction(async (tx) => {
    await lockGroup(tx, groupId);
    const [ended] = await tx
      .update(groupMembers)
      .set({ status: 'left', endedAt: new Date() })
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId), eq(groupMembers.status, 'active')))
      .returning();
    await offerFreedSeat(tx, t.app.ctx, { groupId, tradeId: (ended as { tradeId: string }).tradeId });
  });
}

async function entryStatus(id: string) {
  const [row] = await db.select().from(seatWaitlist).where(eq(seatWaitlist.id, id));
  return row;
}

async function mailsTo(email: string, template: string) {
  return db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, template)));
}

describe('waiting list of a seat', () => {
  it('is first come first served: each member sees their position, 1er, 2e, 3e', async () => {
    const groupId = await makeGroup();
    await seatHolder(groupId, PLUMBER);
    const line = [await subscriber(), await subscriber(), await subscriber()];
    for (const member of line) await join(member, groupId);

    for (const [index, member] of line.entries()) {
      const state = await seat(member, groupId);
      expect(state.state).toBe('waiting');
      expect(state.waitlist?.position).toBe(index + 1);
      expect(state.waitlist?.status).toBe('waiting');
    }
    const positions = await Promise.all(
      line.map(async (m) => groupMessages.waitlistPosition((await seat(m, groupId)).waitlist?.position ?? 0)),
    );
    expect(positions).toEqual([
      'Vous êtes 1er sur la liste d’attente',
      'Vous êtes 2e sur la liste d’attente',
      'Vous êtes 3e sur la liste d’attente',
    ]);

    // The leaders' page reads the whole line; the member's space their own places.
    const leaders = await listWaitlistEntries(db, { groupId });
    expect(leaders.map((e) => [e.userId, e.position, e.tradeLabel])).toEqual(
      line.map((m, i) => [m.userId, i + 1, 'Plombier chauffagiste']),
    );
    const [mine] = await listWaitlistEntries(db, { userId: line[1]?.userId as string });
    expect(mine).toMatchObject({ groupId, position: 2, status: 'waiting', offerExpiresAt: null });
  });

  it('refuses to join twice, a free seat, without a trade, while holding a seat, an unknown group', async () => {
    const groupId = await makeGroup();
    await seatHolder(groupId, PLUMBER);
    const member = await subscriber();
    await join(member, groupId);

    const twice = await member.post(`/api/groups/${groupId}/waitlist`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('ALREADY_WAITING');

    const electrician = await subscriber(ELECTRICIAN);
    const free = await electrician.post(`/api/groups/${groupId}/waitlist`);
    expect(free.statusCode).toBe(409);
    expect(free.json().error).toMatchObject({
      code: 'SEAT_FREE',
      message: 'Ce siège est libre\u00a0: postulez directement.',
    });
    expect((await seat(electrician, groupId)).state).toBe('seat_free');

    const noTrade = await subscriber(null);
    const refused = await noTrade.post(`/api/groups/${groupId}/waitlist`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('TRADE_REQUIRED');
    expect((await seat(noTrade, groupId)).state).toBe('no_trade');

    // A plumber who holds a seat elsewhere leaves it first.
    const holder = await subscriber();
    const otherGroup = await makeGroup();
    await db.insert(groupMembers).values({ groupId: otherGroup, userId: holder.userId, tradeId: PLUMBER });
    const inGroup = await holder.post(`/api/groups/${groupId}/waitlist`);
    expect(inGroup.statusCode).toBe(409);
    expect(inGroup.json().error.code).toBe('ALREADY_IN_GROUP');
    expect((await seat(holder, groupId)).state).toBe('member_elsewhere');
    expect((await seat(holder, otherGroup)).state).toBe('member_here');

    for (const id of [randomUUID(), 'pas-un-id']) {
      const unknown = await member.post(`/api/groups/${id}/waitlist`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('GROUP_NOT_FOUND');
      expect((await member.get(`/api/groups/${id}/seat`)).statusCode).toBe(404);
    }
    // Nothing half-written: one place in the line.
    expect(await listWaitlistEntries(db, { groupId })).toHaveLength(1);
  });

  it('settles concurrent joins of one member by the database: one place, the others 409', async () => {
    const groupId = await makeGroup();
    await seatHolder(groupId, PLUMBER);
    const member = await subscriber();
    const answers = await Promise.all(Array.from({ length: 5 }, () => member.post(`/api/groups/${groupId}/waitlist`)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await listWaitlistEntries(db, { groupId })).toHaveLength(1);
  });

  it('is left in one call; the others move up', async () => {
    const groupId = await makeGroup();
    await seatHolder(groupId, PLUMBER);
    const [a, b, c] = [await subscriber(), await subscriber(), await subscriber()];
    const entryA = await join(a, groupId);
    await join(b, groupId);
    await join(c, groupId);

    // Someone else's place is nobody else's business.
    expect((await b.delete(`/api/me/waitlist/${entryA.id}`)).statusCode).toBe(404);
    const left = await a.delete(`/api/me/waitlist/${entryA.id}`);
    expect(left.statusCode, left.body).toBe(204);
    expect(left.body).toBe('');
    expect((await entryStatus(entryA.id))?.status).toBe('left');
    expect((await seat(b, groupId)).waitlist?.position).toBe(1);
    expect((await seat(c, groupId)).waitlist?.position).toBe(2);
    expect((await seat(a, groupId)).state).toBe('seat_held');
    // Leaving again changes nothing; the member may join again, at the end of the line.
    expect((await a.delete(`/api/me/waitlist/${entryA.id}`)).statusCode).toBe(204);
    expect((await join(a, groupId)).position).toBe(3);
  });

  it('offers a freed seat to the first in line for 7 days, with a mail; decline passes it to the next', async () => {
    const groupId = await makeGroup({ name: 'Synergie Pro Lyon Confluence' });
    const holderId = await seatHolder(groupId, PLUMBER);
    const [a, b, c] = [await subscriber(), await subscriber(), await subscriber()];
    const entryA = await join(a, groupId);
    const entryB = await join(b, groupId);
    await join(c, groupId);

    await freeSeat(groupId, holderId);
    const offered = (await entryStatus(entryA.id)) as typeof seatWaitlist.$inferSelect;
    expect(offered.status).toBe('offered');
    const expiresAt = offered.offerExpiresAt as Date;
    const days = (expiresAt.getTime() - (offered.offeredAt as Date).getTime()) / 86_400_000;
    expect(days).toBe(7);
    expect((await entryStatus(entryB.id))?.status).toBe('waiting');

    const [mail] = await mailsTo(a.member.email, 'seat-offer');
    expect(mail?.subject).toContain('Synergie Pro Lyon Confluence');
    expect(mail?.text).toContain(
      'Le siège «\u00a0Plombier chauffagiste\u00a0» du groupe «\u00a0Synergie Pro Lyon Confluence\u00a0» est libre',
    );
    expect(mail?.text).toContain(`Il vous est réservé jusqu’au ${formatDateTime(expiresAt)}.`);
    expect(mail?.text).toContain('http://localhost:3000/mon-groupe');
    expect(await mailsTo(b.member.email, 'seat-offer')).toHaveLength(0);

    const stateA = await seat(a, groupId);
    expect(stateA.state).toBe('waiting');
    expect(stateA.waitlist).toMatchObject({ status: 'offered', position: 1, offerExpiresAt: expiresAt.toISOString() });
    // A newcomer joins the line behind the offer: the seat is not free for them.
    const newcomer = await subscriber();
    expect((await seat(newcomer, groupId)).state).toBe('seat_held');
    expect((await join(newcomer, groupId)).position).toBe(4);

    // Freeing again (a second call) offers nothing more: one open offer per seat.
    await db.transaction((tx) => offerFreedSeat(tx, t.app.ctx, { groupId, tradeId: PLUMBER }));
    expect((await listWaitlistEntries(db, { groupId })).filter((e) => e.status === 'offered')).toHaveLength(1);

    // Declining: only an open offer, only one's own.
    expect((await b.post(`/api/me/waitlist/${entryA.id}/decline`)).statusCode).toBe(404);
    expect((await b.post(`/api/me/waitlist/${entryB.id}/decline`)).json().error.code).toBe('OFFER_CLOSED');
    const declined = await a.post(`/api/me/waitlist/${entryA.id}/decline`);
    expect(declined.statusCode, declined.body).toBe(204);
    expect((await entryStatus(entryA.id))?.status).toBe('declined');
    expect((await entryStatus(entryB.id))?.status).toBe('offered');
    expect(await mailsTo(b.member.email, 'seat-offer')).toHaveLength(1);
    expect((await seat(c, groupId)).waitlist?.position).toBe(2);

    // Leaving with an open offer passes it on as well.
    expect((await b.delete(`/api/me/waitlist/${entryB.id}`)).statusCode).toBe(204);
    expect((await seat(c, groupId)).waitlist).toMatchObject({ status: 'offered', position: 1 });

    const kinds = await db
      .select({ kind: groupHistory.kind, subjectId: groupHistory.subjectId })
      .from(groupHistory)
      .where(eq(groupHistory.groupId, groupId));
    // Rows of one transaction share its time: compared as a set.
    const key = (r: { kind: string; subjectId: string | null }) => `${r.kind} ${r.subjectId}`;
    expect(kinds.map(key).sort()).toEqual(
      [
        { kind: 'offer_made', subjectId: a.userId },
        { kind: 'offer_declined', subjectId: a.userId },
        { kind: 'offer_made', subjectId: b.userId },
        { kind: 'offer_declined', subjectId: b.userId },
        { kind: 'offer_made', subjectId: c.userId },
      ]
        .map(key)
        .sort(),
    );
  });

  it('passes over members who cannot take the seat now, who keep their place', async () => {
    const groupId = await makeGroup();
    const holderId = await seatHolder(groupId, PLUMBER);
    const [a, b] = [await subscriber(), await subscriber()];
    const entryA = await join(a, groupId);
    const entryB = await join(b, groupId);
    // The first in line's trial ended since they joined.
    await db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.userId, a.userId));
    await freeSeat(groupId, holderId);
    expect((await entryStatus(entryA.id))?.status).toBe('waiting');
    expect((await entryStatus(entryB.id))?.status).toBe('offered');
  });

  it('accepting an offer takes the seat at once; refused once expired, or when not offered', async () => {
    const groupId = await makeGroup();
    const holderId = await seatHolder(groupId, PLUMBER);
    const [a, b] = [await subscriber(), await subscriber()];
    const entryA = await join(a, groupId);
    const entryB = await join(b, groupId);
    // Elsewhere too: a member holds one seat, so that place ends when this seat is taken.
    const elsewhere = await makeGroup();
    await seatHolder(elsewhere, PLUMBER);
    const entryElsewhere = await join(a, elsewhere);

    expect((await a.post(`/api/me/waitlist/${entryA.id}/accept`)).json().error.code).toBe('OFFER_CLOSED');
    await freeSeat(groupId, holderId);
    expect((await b.post(`/api/me/waitlist/${entryA.id}/accept`)).statusCode).toBe(404);

    const accepted = await a.post(`/api/me/waitlist/${entryA.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(204);
    expect((await entryStatus(entryA.id))?.status).toBe('accepted');
    expect((await entryStatus(entryElsewhere.id))?.status).toBe('left');
    const [membership] = await db
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.userId, a.userId), eq(groupMembers.status, 'active')));
    expect(membership).toMatchObject({ groupId, tradeId: PLUMBER });
    expect((await seat(a, groupId)).state).toBe('member_here');
    expect((await seat(b, groupId)).waitlist).toMatchObject({ status: 'waiting', position: 1 });
    const [joined] = await db
      .select()
      .from(groupHistory)
      .where(and(eq(groupHistory.groupId, groupId), eq(groupHistory.kind, 'joined_from_waitlist')));
    expect(joined).toMatchObject({ subjectId: a.userId, tradeId: PLUMBER });
    // Accepting twice: the offer is closed.
    expect((await a.post(`/api/me/waitlist/${entryA.id}/accept`)).json().error.code).toBe('OFFER_CLOSED');

    // An offer past its 7 days cannot be accepted, even before the sweep closes it.
    await freeSeat(groupId, a.userId);
    expect((await entryStatus(entryB.id))?.status).toBe('offered');
    await db
      .update(seatWaitlist)
      .set({ offerExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(seatWaitlist.id, entryB.id));
    const late = await b.post(`/api/me/waitlist/${entryB.id}/accept`);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({
      code: 'OFFER_CLOSED',
      message: 'Cette offre de siège n’est plus valable.',
    });
    expect(await db.select().from(groupMembers).where(eq(groupMembers.userId, b.userId))).toHaveLength(0);
  });

  it('keeps the offer open when the group is full, and refuses a member who holds a seat', async () => {
    const groupId = await makeGroup();
    const holderId = await seatHolder(groupId, PLUMBER);
    const [a] = [await subscriber()];
    const entryA = await join(a, groupId);
    await freeSeat(groupId, holderId);
    // 50 members (the count the trigger keeps; its check is what refuses the 51st).
    await db.update(groups).set({ activeMembers: 50 }).where(eq(groups.id, groupId));
    const full = await a.post(`/api/me/waitlist/${entryA.id}/accept`);
    expect(full.statusCode).toBe(409);
    expect(full.json().error.code).toBe('GROUP_FULL');
    expect((await entryStatus(entryA.id))?.status).toBe('offered');

    await db.update(groups).set({ activeMembers: 10 }).where(eq(groups.id, groupId));
    // Meanwhile the member took a seat in another group: one home group.
    const other = await makeGroup();
    await db.insert(groupMembers).values({ groupId: other, userId: a.userId, tradeId: PLUMBER });
    const twice = await a.post(`/api/me/waitlist/${entryA.id}/accept`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('ALREADY_IN_GROUP');
    expect((await entryStatus(entryA.id))?.status).toBe('offered');
  });

  it('sends back to their place a member whose offered seat was taken meanwhile', async () => {
    const groupId = await makeGroup();
    const holderId = await seatHolder(groupId, PLUMBER);
    const a = await subscriber();
    const entryA = await join(a, groupId);
    await freeSeat(groupId, holderId);
    // A leader accepted an application for the seat in between.
    await seatHolder(groupId, PLUMBER);
    const taken = await a.post(`/api/me/waitlist/${entryA.id}/accept`);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('SEAT_TAKEN');
    expect((await seat(a, groupId)).waitlist).toMatchObject({ status: 'waiting', position: 1, offerExpiresAt: null });
  });
});

describe('first come first served, and no dead offer blocks a seat', () => {
  const codeOf = async (promise: Promise<unknown>) => {
    try {
      await promise;
      return 'OK';
    } catch (error) {
      return (error as { code?: string }).code;
    }
  };
  const withTrade = (userId: string, trade: string) =>
    db.execute(sql`update profiles set trade_id = ${trade} where user_id = ${userId}`);
  const accept = async (groupId: string, applicationId: string) => {
    const [leaderId] = await insertMembers(t, 1, [{ fullName: 'Président du groupe' }]);
    return acceptApplication(t.app.ctx, leaderId as string, groupId, applicationId, { override: true });
  };

  it('an application cannot pass the line: 409 SEAT_TAKEN to apply or accept while the seat is offered or awaited', async () => {
    const groupId = await makeGroup();
    const holderId = await seatHolder(groupId, PLUMBER);
    const a = await subscriber();
    const entryA = await join(a, groupId);
    // The holder left by a path that offered nobody: the seat is free, A waits for it.
    await db.update(groupMembers).set({ status: 'left', endedAt: new Date() }).where(eq(groupMembers.userId, holderId));
    const b = await subscriber();
    const applied = await b.post(`/api/groups/${groupId}/applications`, {});
    expect(applied.statusCode, applied.body).toBe(409);
    expect(applied.json().error.message).toBe('Ce métier est déjà représenté dans ce groupe.');
    // Once offered to A: still refused to apply, and an application sent before is not accepted.
    await db.transaction((tx) => offerFreedSeat(tx, t.app.ctx, { groupId, tradeId: PLUMBER }));
    expect((await entryStatus(entryA.id))?.status).toBe('offered');
    expect((await b.post(`/api/groups/${groupId}/applications`, {})).json().error.code).toBe('SEAT_TAKEN');
    const applicationId = await insertApplication(db, {
      groupId,
      userId: b.userId,
      tradeId: PLUMBER,
      periodOver: true,
    });
    expect(await codeOf(accept(groupId, applicationId))).toBe('SEAT_TAKEN');
    // A takes the seat that was theirs.
    expect((await a.post(`/api/me/waitlist/${entryA.id}/accept`)).statusCode).toBe(204);
  });

  it('an offer to a member who changed trade: the place ends, the next in line gets it, 409 TRADE_CHANGED', async () => {
    const groupId = await makeGroup();
    const holderId = await seatHolder(groupId, PLUMBER);
    const [a, b] = [await subscriber(), await subscriber()];
    const entryA = await join(a, groupId);
    const entryB = await join(b, groupId);
    await freeSeat(groupId, holderId);
    await withTrade(a.userId, ELECTRICIAN);
    const res = await a.post(`/api/me/waitlist/${entryA.id}/accept`);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.code).toBe('TRADE_CHANGED');
    expect((await entryStatus(entryA.id))?.status).toBe('left');
    expect((await entryStatus(entryB.id))?.status).toBe('offered');
  });

  it('a freed seat skips members whose profile names another trade now', async () => {
    const groupId = await makeGroup();
    const holderId = await seatHolder(groupId, PLUMBER);
    const [a, b] = [await subscriber(), await subscriber()];
    const entryA = await join(a, groupId);
    const entryB = await join(b, groupId);
    await withTrade(a.userId, ELECTRICIAN);
    await freeSeat(groupId, holderId);
    expect((await entryStatus(entryA.id))?.status).toBe('waiting');
    expect((await entryStatus(entryB.id))?.status).toBe('offered');
  });

  it('the offer sweep closes an offer whose member holds a seat or changed trade, and offers onward', async () => {
    const groupId = await makeGroup();
    const holderId = await seatHolder(groupId, PLUMBER);
    const [a, b, c] = [await subscriber(), await subscriber(), await subscriber()];
    const entryA = await join(a, groupId);
    const entryB = await join(b, groupId);
    const entryC = await join(c, groupId);
    await freeSeat(groupId, holderId);
    expect((await entryStatus(entryA.id))?.status).toBe('offered');
    // A took a seat elsewhere (a path that did not close this offer).
    await db.insert(groupMembers).values({ groupId: await makeGroup(), userId: a.userId, tradeId: PLUMBER });
    expect(await expireSeatOffers(t.app.ctx)).toBeGreaterThanOrEqual(1);
    expect((await entryStatus(entryA.id))?.status).toBe('left');
    expect((await entryStatus(entryB.id))?.status).toBe('offered');
    await withTrade(b.userId, ELECTRICIAN);
    expect(await expireSeatOffers(t.app.ctx)).toBeGreaterThanOrEqual(1);
    expect((await entryStatus(entryB.id))?.status).toBe('left');
    expect((await entryStatus(entryC.id))?.status).toBe('offered');
  });

  it('a member seated by an application leaves their other lines (an offer passes on) and applications', async () => {
    const [waitingIn, offeredIn, appliedIn, seatedIn] = [
      await makeGroup(),
      await makeGroup(),
      await makeGroup(),
      await makeGroup(),
    ];
    await seatHolder(waitingIn, PLUMBER);
    const offeredHolder = await seatHolder(offeredIn, PLUMBER);
    const [a, next] = [await subscriber(), await subscriber()];
    const waiting = await join(a, waitingIn);
    const offered = await join(a, offeredIn);
    const nextEntry = await join(next, offeredIn);
    await freeSeat(offeredIn, offeredHolder);
    expect((await entryStatus(offered.id))?.status).toBe('offered');
    const other = await insertApplication(db, { groupId: appliedIn, userId: a.userId, tradeId: PLUMBER });
    const mine = await insertApplication(db, {
      groupId: seatedIn,
      userId: a.userId,
      tradeId: PLUMBER,
      periodOver: true,
    });
    expect(await codeOf(accept(seatedIn, mine))).toBe('OK');
    expect((await entryStatus(waiting.id))?.status).toBe('left');
    expect((await entryStatus(offered.id))?.status).toBe('left');
    expect((await entryStatus(nextEntry.id))?.status).toBe('offered');
    const [closed] = await db
      .execute<{ status: string }>(sql`select status from group_applications where id = ${other}`)
      .then((r) => r.rows);
    expect(closed?.status).toBe('withdrawn');
  });

  it('a member taking an offered seat leaves their other lines and applications', async () => {
    const [here, there, appliedIn] = [await makeGroup(), await makeGroup(), await makeGroup()];
    const holderId = await seatHolder(here, PLUMBER);
    await seatHolder(there, PLUMBER);
    const a = await subscriber();
    const entry = await join(a, here);
    const elsewhere = await join(a, there);
    const other = await insertApplication(db, { groupId: appliedIn, userId: a.userId, tradeId: PLUMBER });
    await freeSeat(here, holderId);
    expect((await a.post(`/api/me/waitlist/${entry.id}/accept`)).statusCode).toBe(204);
    expect((await entryStatus(elsewhere.id))?.status).toBe('left');
    const [closed] = await db
      .execute<{ status: string }>(sql`select status from group_applications where id = ${other}`)
      .then((r) => r.rows);
    expect(closed?.status).toBe('withdrawn');
  });
});

describe('the viewer’s seat in a group', () => {
  it('offers the nearest groups where the seat is free: same département, then region, then others', async () => {
    const here = await makeGroup({ departmentCode: '75', region: 'Île-de-France', city: 'Paris' });
    await seatHolder(here, PLUMBER);
    await makeGroup({ departmentCode: '13', region: 'Provence-Alpes-Côte d’Azur', city: 'Marseille' });
    const region = await makeGroup({ departmentCode: '94', region: 'Île-de-France', city: 'Champigny-sur-Marne' });
    const department = await makeGroup({ departmentCode: '75', region: 'Île-de-France', city: 'Paris 11e' });
    // Not proposed: the seat is held, offered, or the group is full.
    const held = await makeGroup({ departmentCode: '75', region: 'Île-de-France' });
    await seatHolder(held, PLUMBER);
    const full = await makeGroup({ departmentCode: '75', region: 'Île-de-France' });
    await db.update(groups).set({ activeMembers: 50 }).where(eq(groups.id, full));
    const offered = await makeGroup({ departmentCode: '75', region: 'Île-de-France' });
    const offeredHolder = await seatHolder(offered, PLUMBER);
    await join(await subscriber(), offered);
    await freeSeat(offered, offeredHolder);

    const member = await subscriber();
    const state = await seat(member, here);
    expect(state.state).toBe('seat_held');
    expect(state.trade).toMatchObject({ id: PLUMBER, label: 'Plombier chauffagiste', family: 'batiment' });
    const proposed = state.nearestGroups.map((g) => g.id);
    expect(proposed.slice(0, 2)).toEqual([department, region]);
    expect(proposed).toHaveLength(3);
    for (const id of [held, full, offered, here]) expect(proposed).not.toContain(id);
    expect(state.nearestGroups[0]).toMatchObject({ status: 'forming', meetingTime: '07:00', activeMembers: 0 });

    const [{ count }] = (await db.execute<{ count: number }>(sql`select count(*)::int as count from trades`)).rows as [
      { count: number },
    ];
    expect(state.nearestGroups[0]?.openSeats).toBe(count);
    // A signed-out visitor is asked to sign in.
    expect((await t.app.inject({ method: 'GET', url: `/api/groups/${here}/seat` })).statusCode).toBe(401);
  });
});
