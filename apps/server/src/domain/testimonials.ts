import {
  type FeaturedTestimonials,
  HOME_TESTIMONIAL_CHARS,
  HOME_TESTIMONIALS_MAX,
  MEMBER_PAGE_TESTIMONIALS_MAX,
  type MyTestimonials,
  type PublicTestimonial,
  type Testimonial,
  type TestimonialStatus,
  type testimonialAnswerSchema,
  type testimonialFormSchema,
  toIsoDateTime,
} from '@synergie/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { memberTradeLabel } from '../db/fragments';
import { testimonials, user } from '../db/schema';
import { AppError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { pgErrorCode } from '../lib/pg-errors';
import { displayName } from './directory';
import { notificationTexts } from './notification-texts';
import { notify } from './notifications';
import { getSubscription } from './subscriptions';

const notFound = () => new AppError('TESTIMONIAL_NOT_FOUND');

/** The most each side of /temoignages lists. */
export const TESTIMONIAL_LIST_MAX = 200;

type TestimonialForm = z.output<typeof testimonialFormSchema>;
type TestimonialAnswer = z.output<typeof testimonialAnswerSchema>;

/**
 * POST /api/testimonials: one testimonial per author and member (unique index
 * testimonials_one_per_author). Writing again replaces the text and puts it back to `En
 * attente`, the member approving it again: one INSERT … ON CONFLICT DO UPDATE, so two sends at
 * once leave one row. The member is told (`testimonial`) in the same transaction.
 */
export async function writeTestimonial(ctx: AppContext, authorId: string, form: TestimonialForm): Promise<Testimonial> {
  if (form.subjectId === authorId) throw new AppError('SELF_TESTIMONIAL');
  try {
    return await ctx.db.transaction(async (tx) => {
      const now = new Date();
      // Written for a member of the network (a subscription, trial included), as recommendations
      // and one-to-ones are. An unknown id is the foreign key's MEMBER_NOT_FOUND below.
      const [subject] = await tx.select({ id: user.id }).from(user).where(eq(user.id, form.subjectId));
      if (!subject) throw new AppError('MEMBER_NOT_FOUND');
      if (!(await getSubscription(tx, subject.id)).subscribed) throw new AppError('RECIPIENT_NOT_MEMBER');
      const [row] = await tx
        .insert(testimonials)
        .values({ authorId, subjectId: form.subjectId, body: form.body, createdAt: now })
        .onConflictDoUpdate({
          target: [testimonials.authorId, testimonials.subjectId],
          set: { body: form.body, status: 'pending', decidedAt: null, createdAt: now },
        })
        .returning({ id: testimonials.id });
      if (!row) throw new Error('testimonial not stored');
      const [item] = await rows(tx, sql`t.id = ${row.id}`);
      if (!item) throw new Error('testimonial not found after insert');
      await notify(tx, ctx, {
        userId: form.subjectId,
        kind: 'testimonial',
        actorId: authorId,
        ...notificationTexts.testimonialReceived(item.author?.name ?? null),
        link: '/temoignages',
        action: 'Voir le témoignage',
      });
      return item;
    });
  } catch (error) {
    // The member does not exist, or deleted their account meanwhile (foreign key).
    if (pgErrorCode(error) === '23503') throw new AppError('MEMBER_NOT_FOUND');
    throw error;
  } finally {
    ctx.mailer.wake();
  }
}

interface Row extends Record<string, unknown> {
  id: string;
  body: string;
  status: string;
  created_at: string | Date;
  decided_at: string | Date | null;
  author_id: string;
  author_name: string;
  author_image: string | null;
  author_trade: string | null;
  subject_id: string;
  subject_name: string;
  subject_image: string | null;
  subject_trade: string | null;
}

/** Testimonials with both members (name, avatar, trade), in one query. */
async function rows(db: DbOrTx, where: ReturnType<typeof sql>): Promise<Testimonial[]> {
  const result = await db.execute<Row>(sql`
    select t.id, t.body, t.status, t.created_at, t.decided_at,
           a.id as author_id, ${displayName('ap', 'a')} as author_name, ap.avatar_url as author_image,
           coalesce(${memberTradeLabel('ap', 'atr')}, nullif(btrim(ap.profession), '')) as author_trade,
           s.id as subject_id, ${displayName('sp', 's')} as subject_name, sp.avatar_url as subject_image,
           coalesce(${memberTradeLabel('sp', 'str')}, nullif(btrim(sp.profession), '')) as subject_trade
      from ${testimonials} t
      join "user" a on a.id = t.author_id
      left join profiles ap on ap.user_id = a.id
      left join trades atr on atr.id = ap.trade_id
      join "user" s on s.id = t.subject_id
      left join profiles sp on sp.user_id = s.id
      left join trades str on str.id = sp.trade_id
     where ${where}
     order by t.created_at desc, t.id desc
     limit ${TESTIMONIAL_LIST_MAX}`);
  return result.rows.map((r) => ({
    id: r.id,
    author: { id: r.author_id, name: r.author_name, image: r.author_image, trade: r.author_trade },
    subject: { id: r.subject_id, name: r.subject_name, image: r.subject_image, trade: r.subject_trade },
    body: r.body,
    status: r.status as TestimonialStatus,
    createdAt: toIsoDateTime(r.created_at),
    decidedAt: r.decided_at ? toIsoDateTime(r.decided_at) : null,
  }));
}

/** GET /api/me/testimonials: those I received (every status) and those I wrote, newest first. */
export async function listMyTestimonials(db: DbOrTx, memberId: string): Promise<MyTestimonials> {
  const received = await rows(db, sql`t.subject_id = ${memberId}`);
  const written = await rows(db, sql`t.author_id = ${memberId}`);
  return { received, written };
}

/**
 * POST /api/testimonials/:id/answer: the member it is about publishes it (`Publier`, shown on
 * their public page) or refuses it (`Refuser`); they may change their mind later (withdraw a
 * published one, publish a refused one). One conditional UPDATE on (id, subject, the version the
 * member read); when nothing changed, a read tells a stranger (404) from the author (403) and a
 * text rewritten since it was read (409).
 */
export async function answerTestimonial(
  ctx: AppContext,
  memberId: string,
  testimonialId: string,
  answer: TestimonialAnswer,
): Promise<Testimonial> {
  if (!isUuid(testimonialId)) throw notFound();
  const status: TestimonialStatus = answer.answer === 'approve' ? 'approved' : 'declined';
  return ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(testimonials)
      .set({
        status,
        // Answering the same twice keeps the first date (the page orders by it).
        decidedAt: sql`case when ${testimonials.status} = ${status} then ${testimonials.decidedAt} else now() end`,
      })
      .where(
        and(
          eq(testimonials.id, testimonialId),
          eq(testimonials.subjectId, memberId),
          // The text the member read (issue 33): rewriting it moves created_at (ISO, to the ms).
          sql`date_trunc('milliseconds', ${testimonials.createdAt}) = ${answer.seenWrittenAt}::timestamptz`,
        ),
      )
      .returning({ id: testimonials.id });
    if (!updated) {
      const [existing] = await tx
        .select({ authorId: testimonials.authorId, subjectId: testimonials.subjectId })
        .from(testimonials)
        .where(eq(testimonials.id, testimonialId));
      if (existing?.authorId === memberId) throw new AppError('NOT_TESTIMONIAL_SUBJECT');
      if (existing?.subjectId === memberId) throw new AppError('TESTIMONIAL_CHANGED');
      throw notFound();
    }
    const [item] = await rows(tx, sql`t.id = ${testimonialId}`);
    if (!item) throw notFound();
    return item;
  });
}

/**
 * DELETE /api/testimonials/:id: its author withdraws it. The member it is about refuses it
 * instead (it then stays off their page, and the author sees it refused): deleting it would let
 * the author write it again as new.
 */
export async function deleteTestimonial(db: DbOrTx, memberId: string, testimonialId: string): Promise<void> {
  if (!isUuid(testimonialId)) throw notFound();
  const [deleted] = await db
    .delete(testimonials)
    .where(and(eq(testimonials.id, testimonialId), eq(testimonials.authorId, memberId)))
    .returning({ id: testimonials.id });
  if (deleted) return;
  const [existing] = await db
    .select({ subjectId: testimonials.subjectId })
    .from(testimonials)
    .where(eq(testimonials.id, testimonialId));
  if (existing?.subjectId === memberId) throw new AppError('NOT_TESTIMONIAL_AUTHOR');
  throw notFound();
}

/**
 * The approved testimonials of a member's public page: newest approval first, at most
 * MEMBER_PAGE_TESTIMONIALS_MAX, the author's name and trade joined (one query, index
 * testimonials_subject_idx).
 */
export async function publicTestimonials(db: DbOrTx, subjectId: string): Promise<PublicTestimonial[]> {
  const result = await db.execute<{
    id: string;
    body: string;
    decided_at: string | Date;
    author_name: string;
    author_trade: string | null;
  }>(sql`
    select t.id, t.body, t.decided_at, ${displayName('ap', 'a')} as author_name,
           coalesce(${memberTradeLabel('ap', 'atr')}, nullif(btrim(ap.profession), '')) as author_trade
      from ${testimonials} t
      join "user" a on a.id = t.author_id
      left join profiles ap on ap.user_id = a.id
      left join trades atr on atr.id = ap.trade_id
     where t.subject_id = ${subjectId} and t.status = 'approved'
     order by t.decided_at desc, t.id desc
     limit ${MEMBER_PAGE_TESTIMONIALS_MAX}`);
  return result.rows.map((r) => ({
    id: r.id,
    authorName: r.author_name,
    authorTrade: r.author_trade,
    body: r.body,
    approvedAt: toIsoDateTime(r.decided_at),
  }));
}

/** A quote cut at the last space before `max` characters, with `…`; whole when short enough. */
export function quoteExcerpt(text: string, max = HOME_TESTIMONIAL_CHARS): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.!?\u00a0\u202f]+$/u, '')}…`;
}

/**
 * GET /api/testimonials/featured and the home page (issue 31): the most recently approved
 * testimonials, one per member they are about and one per author (several voices), authors with
 * a photo first. What members' public pages show already. One query.
 */
export async function featuredTestimonials(db: DbOrTx): Promise<FeaturedTestimonials> {
  const result = await db.execute<{
    id: string;
    body: string;
    author_name: string;
    author_trade: string | null;
    author_avatar: string | null;
    member_id: string;
    member_name: string;
    member_trade: string | null;
  }>(sql`
    with by_member as (
      select distinct on (t.subject_id) t.id, t.body, t.author_id, t.subject_id, t.decided_at
        from ${testimonials} t
        left join profiles ap on ap.user_id = t.author_id
       where t.status = 'approved'
       order by t.subject_id, (ap.avatar_url is not null) desc, t.decided_at desc, t.id desc
    ),
    latest as (
      select distinct on (m.author_id) m.* from by_member m order by m.author_id, m.decided_at desc, m.id desc
    )
    select l.id, l.body, ${displayName('ap', 'a')} as author_name,
           coalesce(${memberTradeLabel('ap', 'atr')}, nullif(btrim(ap.profession), '')) as author_trade,
           ap.avatar_url as author_avatar,
           l.subject_id as member_id, ${displayName('sp', 's')} as member_name,
           coalesce(${memberTradeLabel('sp', 'str')}, nullif(btrim(sp.profession), '')) as member_trade
      from latest l
      join "user" a on a.id = l.author_id
      join "user" s on s.id = l.subject_id
      left join profiles ap on ap.user_id = a.id
      left join trades atr on atr.id = ap.trade_id
      left join profiles sp on sp.user_id = s.id
      left join trades str on str.id = sp.trade_id
     order by (ap.avatar_url is not null) desc, l.decided_at desc, l.id desc
     limit ${HOME_TESTIMONIALS_MAX}`);
  return {
    testimonials: result.rows.map((r) => ({
      id: r.id,
      body: quoteExcerpt(r.body),
      author: { name: r.author_name, trade: r.author_trade, avatarUrl: r.author_avatar },
      member: { userId: r.member_id, name: r.member_name, trade: r.member_trade },
    })),
  };
}

/** The featured testimonials as JSON, from the visitor cache (a write clears it; 2 s otherwise). */
export const featuredTestimonialsJson = (ctx: AppContext) =>
  ctx.visitorCache.get('testimonials:featured', async () => JSON.stringify(await featuredTestimonials(ctx.db)));
