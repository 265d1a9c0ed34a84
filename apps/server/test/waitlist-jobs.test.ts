import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context';
import { openPostgres } from '../src/db/client';
import { groupHistory, groupMembers, groups, mailOutbox, seatWaitlist, subscriptions, trades } from '../src/db/schema';
import { expireSeatOffers, lapseSeats, offerFreedSeat } from '../src/domain/groups/seat-offers';
import { lockGroup } from '../src/domain/groups/seats';
import { Scheduler } from '../src/jobs/scheduler';
import { createTestApp } from './helpers/app';
import { insertMembers } from './helpers/members';

/**
 * The waiting lists' scheduled jobs (docs/decisions/0007-scheduled-jobs.md), called directly:
 * offers past their 7 days go to the next in line, seats whose holder's subscription ended more
 * than 30 days ago are freed; each exactly once, even run twice at the same moment (and, on
 * PostgreSQL, from two connection pools, as two instances would).
 */

const t = await createTestApp();
const db = t.database.db;
const ctx = t.app.ctx;
const DAY = 86_400_000;

const [plumber] = await db.select({ id: trades.id }).from(trades).where(eq(trades.label, 'Plombier chauffagiste'));
const PLUMBER = (plumber as { id: string }).id;

async function makeGroup(): Promise<string> {
  const [row] = await db
    .insert(groups)
    .values({
      slug: `groupe-${randomUUID().slice(0, 12)}`,
      name: 'Synergie Pro Champigny-sur-Marne',
      city: 'Champigny-sur-Marne',
      departmentCode: '94',
      region: 'Île-de-France',
      meetingPlace: 'Salle des fêtes',
      meetingRhythm: 'biweekly',
      meetingWeekday: 4,
      meetingTime: '12:00',
    })
    .returning({ id: groups.id });
  return (row as { id: string }).id;
}

/** Members straight into the database, subscribed (a trial) unless told otherwise. */
async function members(count: number, subscribed = true): Promise<string[]> {
  const ids = await insertMembers(t, count, (i) => ({ fullName: `Membre ${i + 1}`, tradeId: PLUMBER }));
  if (subscribed && ids.length > 0) {
    await db.insert(subscriptions).values(
      ids.map((userId) => ({
        userId,
        provider: 'demo',
        planId: 'monthly',
        status: 'trialing',
        currentPeriodEnd: new Date(Date.now() + 14 * DAY),
        providerUpdatedAt: new Date(),
      })),
    );
  }
  return ids;
}

/** A group whose plumber seat is held, with a line of `waiting` members; returns them in order. */
async function seatWithLine(waiting: number) {
  const groupId = await makeGroup();
  const [holder] = await members(1);
  await db.insert(groupMembers).values({ groupId, userId: holder as string, tradeId: PLUMBER });
  const line = await members(waiting);
  for (const userId of line) await db.insert(seatWaitlist).values({ groupId, tradeId: PLUMBER, userId });
  return { groupId, holder: holder as string, line };
}

/** The holder leaves and the seat is offered, as the leave and removal routes do. */
async function freeSeat(groupId: string, userId: string) {
  await db.transaction(async (tx) => {
    await lockGroup(tx, groupId);
    await tx
      .update(groupMembers)
      .set({ status: 'left', endedAt: new Date() })
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
    await offerFreedSeat(tx, ctx, { groupId, tradeId: PLUMBER });
  });
}

async function statuses(groupId: string) {
  const rows = await db
    .select({ userId: seatWaitlist.userId, status: seatWaitlist.status })
    .from(seatWaitlist)
    .where(eq(seatWaitlist.groupId, groupId))
    .orderBy(seatWaitlist.seq);
  return rows.map((r) => r.status);
}

async function historyOf(groupId: string, kind: string) {
  return db
    .select()
    .from(groupHistory)
    .where(and(eq(groupHistory.groupId, groupId), eq(groupHistory.kind, kind)));
}

/** Makes the open offer of the seat look 7 days old. */
async function expireOffer(groupId: string) {
  await db
    .update(seatWaitlist)
    .set({ offerExpiresAt: new Date(Date.now() - 1000) })
    .where(and(eq(seatWaitlist.groupId, groupId), eq(seatWaitlist.status, 'offered')));
}

async function mailsOf(userIds: string[], template: string) {
  const emails = userIds.map((id) => `${id}@annuaire.test`);
  return db
    .select()
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.to, emails), eq(mailOutbox.template, template)));
}

describe('expireSeatOffers', () => {
  it('gives an expired offer to the next in line, once, even run twice at the same moment', async () => {
    const seats = [await seatWithLine(3), await seatWithLine(3), await seatWithLine(2)];
    for (const s of seats) await freeSeat(s.groupId, s.holder);
    // Not yet due: nothing happens.
    expect(await expireSeatOffers(ctx)).toBe(0);
    for (const s of seats)
      expect(await statuses(s.groupId)).toEqual(s.line.map((_, i) => (i === 0 ? 'offered' : 'waiting')));

    for (const s of seats) await expireOffer(s.groupId);
    const runs = await Promise.all([expireSeatOffers(ctx), expireSeatOffers(ctx)]);
    expect(runs[0] + runs[1]).toBe(3);
    for (const s of seats) {
      expect(await statuses(s.groupId)).toEqual(['expired', 'offered', ...s.line.slice(2).map(() => 'waiting')]);
      expect(await historyOf(s.groupId, 'offer_expired')).toHaveLength(1);
      expect(await historyOf(s.groupId, 'offer_made')).toHaveLength(2);
      expect(await mailsOf([s.line[0] as string], 'seat-offer-expired')).toHaveLength(1);
      expect(await mailsOf([s.line[1] as string], 'seat-offer')).toHaveLength(1);
    }
    const [expiredMail] = await mailsOf([seats[0]?.line[0] as string], 'seat-offer-expired');
    expect(expiredMail?.text).toContain('a expiré sans réponse\u00a0: le siège est proposé au suivant');
    // A second pass finds nothing due.
    expect(await expireSeatOffers(ctx)).toBe(0);

    // The last in line lets it expire too: the line is empty, the seat stays free with no offer.
    const last = seats[2] as (typeof seats)[number];
    await expireOffer(last.groupId);
    expect(await expireSeatOffers(ctx)).toBe(1);
    expect(await statuses(last.groupId)).toEqual(['expired', 'expired']);
  });

  it('offers a free seat whose line has no open offer', async () => {
    const { groupId, holder, line } = await seatWithLine(2);
    // The seat freed by a path that did not offer it.
    await db
      .update(groupMembers)
      .set({ status: 'removed', endedAt: new Date() })
      .where(eq(groupMembers.userId, holder));
    expect(await expireSeatOffers(ctx)).toBe(1);
    expect(await statuses(groupId)).toEqual(['offered', 'waiting']);
    expect(await mailsOf([line[0] as string], 'seat-offer')).toHaveLength(1);
    expect(await expireSeatOffers(ctx)).toBe(0);
  });

  // Two app instances: on PostgreSQL two pools of their own (SKIP LOCKED between connections);
  // PGlite is one process's database, so there the two "instances" share its one connection.
  it('shares the due offers between two instances (two pools on PostgreSQL, SKIP LOCKED): each handled once', async () => {
    const url = (t.database as { url?: string }).url;
    const second = t.database.kind === 'postgres' && url ? await openPostgres(url, 5) : undefined;
    try {
      const otherInstance: Pick<AppContext, 'db' | 'mailContext' | 'links'> = {
        db: second?.db ?? ctx.db,
        mailContext: ctx.mailContext,
        links: ctx.links,
      };
      const seats = await Promise.all(Array.from({ length: 8 }, () => seatWithLine(2)));
      for (const s of seats) await freeSeat(s.groupId, s.holder);
      for (const s of seats) await expireOffer(s.groupId);
      const runs = await Promise.all([
        expireSeatOffers(ctx),
        expireSeatOffers(otherInstance),
        expireSeatOffers(ctx),
        expireSeatOffers(otherInstance),
      ]);
      expect(runs.reduce((a, b) => a + b, 0)).toBe(8);
      for (const s of seats) {
        expect(await statuses(s.groupId)).toEqual(['expired', 'offered']);
        expect(await historyOf(s.groupId, 'offer_expired')).toHaveLength(1);
        expect(await mailsOf([s.line[1] as string], 'seat-offer')).toHaveLength(1);
      }
    } finally {
      await second?.close();
    }
  });
});

describe('lapseSeats', () => {
  /** The holder's subscription ended `days` ago (the demo provider's record of an ended period). */
  async function subscriptionEnded(userId: string, days: number) {
    const end = new Date(Date.now() - days * DAY);
    await db
      .update(subscriptions)
      .set({ status: 'canceled', currentPeriodEnd: end, providerUpdatedAt: end })
      .where(eq(subscriptions.userId, userId));
  }

  it('frees a seat 30 days after its holder’s subscription ended, not before, and offers it', async () => {
    const { groupId, holder, line } = await seatWithLine(2);
    const active = async () =>
      db
        .select()
        .from(groupMembers)
        .where(and(eq(groupMembers.userId, holder), eq(groupMembers.status, 'active')));

    await subscriptionEnded(holder, 29);
    expect(await lapseSeats(ctx)).toBe(0);
    expect(await active()).toHaveLength(1);

    await subscriptionEnded(holder, 31);
    const runs = await Promise.all([lapseSeats(ctx), lapseSeats(ctx)]);
    expect(runs[0] + runs[1]).toBe(1);
    expect(await active()).toHaveLength(0);
    const [ended] = await db.select().from(groupMembers).where(eq(groupMembers.userId, holder));
    expect(ended).toMatchObject({ status: 'lapsed', role: null });
    expect(ended?.endedAt).toBeInstanceOf(Date);
    expect(await historyOf(groupId, 'lapsed')).toHaveLength(1);
    expect(await statuses(groupId)).toEqual(['offered', 'waiting']);
    expect(await mailsOf([line[0] as string], 'seat-offer')).toHaveLength(1);
    expect((await db.select().from(groups).where(eq(groups.id, groupId)))[0]?.activeMembers).toBe(0);
    expect(await lapseSeats(ctx)).toBe(0);
  });

  it('counts a subscription set to end with its period from that period’s end', async () => {
    const { holder } = await seatWithLine(0);
    const end = new Date(Date.now() - 31 * DAY);
    await db
      .update(subscriptions)
      .set({ status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: end })
      .where(eq(subscriptions.userId, holder));
    expect(await lapseSeats(ctx)).toBe(1);
  });

  it('keeps the seat of a leader (the role ends with it) and of a member who never subscribed', async () => {
    const { groupId, holder } = await seatWithLine(0);
    await db.update(groupMembers).set({ role: 'president' }).where(eq(groupMembers.userId, holder));
    const [neverSubscribed] = await members(1, false);
    const elsewhere = await makeGroup();
    await db.insert(groupMembers).values({ groupId: elsewhere, userId: neverSubscribed as string, tradeId: PLUMBER });
    // Subscribed and active: kept too.
    const [subscribed] = await members(1);
    await db
      .insert(groupMembers)
      .values({ groupId: await makeGroup(), userId: subscribed as string, tradeId: PLUMBER });

    await subscriptionEnded(holder, 45);
    expect(await lapseSeats(ctx)).toBe(1);
    const [president] = await db.select().from(groupMembers).where(eq(groupMembers.userId, holder));
    expect(president).toMatchObject({ groupId, status: 'lapsed', role: null });
    for (const userId of [neverSubscribed, subscribed]) {
      const [kept] = await db
        .select()
        .from(groupMembers)
        .where(eq(groupMembers.userId, userId as string));
      expect(kept?.status).toBe('active');
    }
  });
});

describe('the scheduler', () => {
  it('runs both jobs at start and stops cleanly', async () => {
    const { groupId, holder } = await seatWithLine(1);
    await freeSeat(groupId, holder);
    await expireOffer(groupId);
    const handled: string[] = [];
    const scheduler = new Scheduler(
      [
        { name: 'expire-seat-offers', everyMs: 60_000, run: () => expireSeatOffers(ctx) },
        { name: 'lapse-seats', everyMs: 60_000, run: () => lapseSeats(ctx) },
      ],
      { info: (obj) => handled.push((obj as { job: string }).job), error: () => {} },
    );
    scheduler.start();
    await scheduler.stop();
    expect(handled).toEqual(['expire-seat-offers']);
    expect(await statuses(groupId)).toEqual(['expired']);
  });
});
