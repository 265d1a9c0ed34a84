import {
  monthsBefore,
  ONE_TO_ONE_MAX_AGE_MONTHS,
  type OneToOne,
  type OneToOneList,
  type OneToOneStatus,
  type oneToOneAnswerSchema,
  type oneToOneFormSchema,
  parisToday,
  toIsoDateTime,
} from '@synergie/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { memberTradeLabel } from '../db/fragments';
import { oneToOnes, profiles, user } from '../db/schema';
import { AppError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { pgConstraint, pgErrorCode } from '../lib/pg-errors';
import { displayName } from './directory';
import { notificationTexts } from './notification-texts';
import { notify } from './notifications';
import { getSubscription } from './subscriptions';

const notFound = () => new AppError('ONE_TO_ONE_NOT_FOUND');

/** The most one list answers: a member logs a few per month, this is years of them. */
export const ONE_TO_ONE_LIST_MAX = 200;

type OneToOneForm = z.output<typeof oneToOneFormSchema>;
type OneToOneAnswer = z.output<typeof oneToOneAnswerSchema>;

/**
 * POST /api/one-to-ones: `requesterId` logs that they met `partnerId` (logging is their own
 * confirmation). The partner must be a member of the network (a subscription, trial included);
 * the date is a past or today's date (Europe/Paris), at most ONE_TO_ONE_MAX_AGE_MONTHS ago. The
 * partner is told (`one_to_one`) in the same transaction. The logger's notes are theirs alone.
 */
export async function logOneToOne(
  ctx: AppContext,
  requesterId: string,
  form: OneToOneForm,
  now = new Date(),
): Promise<OneToOne> {
  if (form.partnerId === requesterId) throw new AppError('SELF_ONE_TO_ONE');
  const today = parisToday(now);
  if (form.metOn > today) throw new AppError('ONE_TO_ONE_IN_FUTURE');
  if (form.metOn < monthsBefore(today, ONE_TO_ONE_MAX_AGE_MONTHS)) throw new AppError('ONE_TO_ONE_TOO_OLD');
  try {
    return await ctx.db.transaction(async (tx) => {
      const [partner] = await tx
        .select({ id: user.id, name: sql<string>`${displayName('profiles', '"user"')}`, image: profiles.avatarUrl })
        .from(user)
        .leftJoin(profiles, eq(profiles.userId, user.id))
        .where(eq(user.id, form.partnerId));
      if (!partner) throw new AppError('MEMBER_NOT_FOUND');
      if (!(await getSubscription(tx, partner.id)).subscribed) throw new AppError('RECIPIENT_NOT_MEMBER');
      const [row] = await tx
        .insert(oneToOnes)
        .values({
          requesterId,
          partnerId: partner.id,
          metOn: form.metOn,
          place: form.place,
          requesterNotes: form.notes,
        })
        .returning();
      if (!row) throw new Error('one-to-one not stored');
      const [requester] = await tx
        .select({ name: sql<string>`${displayName('profiles', '"user"')}` })
        .from(user)
        .leftJoin(profiles, eq(profiles.userId, user.id))
        .where(eq(user.id, requesterId));
      await notify(tx, ctx, {
        userId: partner.id,
        kind: 'one_to_one',
        ...notificationTexts.oneToOne(requester?.name ?? null),
        link: '/tete-a-tete',
        action: 'Confirmer',
        actorId: requesterId,
      });
      const [item] = await listRows(tx, requesterId, row.id);
      if (!item) throw new Error('one-to-one not found after insert');
      return item;
    });
  } catch (error) {
    // The partner deleted their account meanwhile (foreign key).
    if (pgErrorCode(error) === '23503') throw new AppError('MEMBER_NOT_FOUND');
    // The pair's meeting of that day is already logged (by either of them).
    if (pgErrorCode(error) === '23505' && pgConstraint(error) === 'one_to_ones_once') {
      throw new AppError('ONE_TO_ONE_DUPLICATE');
    }
    throw error;
  } finally {
    ctx.mailer.wake();
  }
}

interface Row extends Record<string, unknown> {
  id: string;
  requester_id: string | null;
  partner_id: string | null;
  met_on: string | Date;
  place: string | null;
  my_notes: string | null;
  status: string;
  created_at: string | Date;
  other_id: string | null;
  other_name: string | null;
  other_image: string | null;
  other_trade: string | null;
}

/** `met_on` as PGlite (a string) or node-postgres (a Date at local midnight, or a string) gives it. */
function calendar(value: string | Date): string {
  if (typeof value === 'string') return value.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/**
 * The member's one-to-ones, both sides, in one query: the other member (name, avatar, trade) and
 * the viewer's own notes only.
 */
async function listRows(db: DbOrTx, memberId: string, onlyId?: string): Promise<OneToOne[]> {
  const result = await db.execute<Row>(sql`
    select o.id, o.requester_id, o.partner_id, o.met_on::text as met_on, o.place, o.status, o.created_at,
           case when o.requester_id = ${memberId} then o.requester_notes else o.partner_notes end as my_notes,
           u.id as other_id, ${displayName('p', 'u')} as other_name, p.avatar_url as other_image,
           coalesce(${memberTradeLabel('p', 'tr')}, nullif(btrim(p.profession), '')) as other_trade
      from ${oneToOnes} o
      left join "user" u on u.id = case when o.requester_id = ${memberId} then o.partner_id else o.requester_id end
      left join profiles p on p.user_id = u.id
      left join trades tr on tr.id = p.trade_id
     where (o.requester_id = ${memberId} or o.partner_id = ${memberId}) ${onlyId ? sql`and o.id = ${onlyId}` : sql``}
     order by o.met_on desc, o.created_at desc, o.id desc
     limit ${ONE_TO_ONE_LIST_MAX}`);
  return result.rows.map((r) => ({
    id: r.id,
    partner: r.other_id
      ? { id: r.other_id, name: r.other_name ?? '', image: r.other_image, trade: r.other_trade }
      : null,
    loggedByMe: r.requester_id === memberId,
    metOn: calendar(r.met_on),
    place: r.place,
    myNotes: r.my_notes,
    status: r.status as OneToOneStatus,
    createdAt: toIsoDateTime(r.created_at),
  }));
}

/**
 * GET /api/me/one-to-ones: newest meeting first (at most ONE_TO_ONE_LIST_MAX), and the number of
 * confirmed ones over the last 6 months (Europe/Paris dates). Two queries.
 */
export async function listMyOneToOnes(db: DbOrTx, memberId: string, now = new Date()): Promise<OneToOneList> {
  const items = await listRows(db, memberId);
  const since = monthsBefore(parisToday(now), 6);
  const [count] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(oneToOnes)
    .where(
      and(
        sql`(${oneToOnes.requesterId} = ${memberId} or ${oneToOnes.partnerId} = ${memberId})`,
        eq(oneToOnes.status, 'confirmed'),
        sql`${oneToOnes.metOn} >= ${since}`,
      ),
    );
  return { items, confirmedLast6Months: count?.n ?? 0 };
}

/**
 * POST /api/one-to-ones/:id/answer: the partner confirms (it counts from then on) or declines,
 * with their own notes. One conditional UPDATE (`… where status = 'pending'`): of two answers at
 * the same moment exactly one applies, the other finds the row answered (409). When nothing
 * changed, a read tells a stranger (404) from the requester (403) and an answered one (409).
 */
export async function answerOneToOne(
  ctx: AppContext,
  memberId: string,
  oneToOneId: string,
  answer: OneToOneAnswer,
): Promise<OneToOne> {
  if (!isUuid(oneToOneId)) throw notFound();
  return ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(oneToOnes)
      .set({
        status: answer.answer === 'confirm' ? 'confirmed' : 'declined',
        partnerNotes: answer.notes,
        answeredAt: new Date(),
      })
      .where(and(eq(oneToOnes.id, oneToOneId), eq(oneToOnes.partnerId, memberId), eq(oneToOnes.status, 'pending')))
      .returning({ id: oneToOnes.id });
    if (!updated) {
      const [existing] = await tx
        .select({ requesterId: oneToOnes.requesterId, partnerId: oneToOnes.partnerId })
        .from(oneToOnes)
        .where(eq(oneToOnes.id, oneToOneId));
      if (!existing || (existing.requesterId !== memberId && existing.partnerId !== memberId)) throw notFound();
      if (existing.requesterId === memberId) throw new AppError('NOT_ONE_TO_ONE_PARTNER');
      throw new AppError('ONE_TO_ONE_ANSWERED');
    }
    const [item] = await listRows(tx, memberId, oneToOneId);
    if (!item) throw notFound();
    return item;
  });
}
