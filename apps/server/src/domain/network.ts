import {
  type ContactRequest,
  type ContactRequestStatus,
  directoryMessages,
  type MemberSummary,
  type MyContactRequests,
  type RatingResult,
  type SharedProject,
  type SharedProjectStatus,
  type SharedProjectUpdate,
  sharedProjectTitle,
  toIsoDateTime,
} from '@synergie/shared';
import { and, eq, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { memberContacts, memberRatings, profiles, sharedProjects, user } from '../db/schema';
import { AppError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { contactAcceptedMail, contactRequestMail } from '../mail/network-mails';
import { enqueueMail } from '../mail/outbox';
import { displayName } from './directory';

/** PostgreSQL's error code, wherever the driver or Drizzle put it in the cause chain. */
function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const memberNotFound = () => new AppError('MEMBER_NOT_FOUND');
const inProgress = () => new AppError('CONTACT_IN_PROGRESS');
const iso = toIsoDateTime;

/** The columns of a MemberSummary, from `user` joined with `profiles`. */
const memberColumns = {
  userId: user.id,
  fullName: sql<string>`${displayName('profiles', '"user"')}`,
  companyName: profiles.companyName,
  avatarUrl: profiles.avatarUrl,
  profession: profiles.profession,
  industry: profiles.industry,
  city: profiles.city,
};

/** A member as others see them, with their email for the notifications (never sent to the browser). */
async function memberInfo(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ ...memberColumns, email: user.email })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, userId));
  return row;
}

const summary = ({ email: _email, ...member }: MemberSummary & { email: string }): MemberSummary => member;

// ---------------------------------------------------------------------------
// Ratings
// ---------------------------------------------------------------------------

/**
 * PUT /api/members/:userId/rating: one rating per rater and member, a second one replaces the
 * first (an upsert on the (rater, rated) key, so two clicks cannot make two ratings). Returns
 * the member's new average (one decimal) and number of ratings.
 */
export async function rateMember(db: DbOrTx, raterId: string, ratedId: string, rating: number): Promise<RatingResult> {
  if (raterId === ratedId) throw new AppError('SELF_RATING');
  try {
    await db
      .insert(memberRatings)
      .values({ raterId, ratedId, rating })
      .onConflictDoUpdate({
        target: [memberRatings.raterId, memberRatings.ratedId],
        set: { rating, updatedAt: new Date() },
      });
  } catch (error) {
    // The rated member does not exist (foreign key).
    if (pgErrorCode(error) === '23503') throw memberNotFound();
    throw error;
  }
  const [stats] = await db
    .select({
      average: sql<number | string | null>`round(avg(${memberRatings.rating})::numeric, 1)::float8`,
      count: sql<number | string>`count(*)::int`,
    })
    .from(memberRatings)
    .where(eq(memberRatings.ratedId, ratedId));
  return {
    averageRating: stats?.average == null ? null : Number(stats.average),
    ratingsCount: Number(stats?.count ?? 0),
    myRating: rating,
  };
}

// ---------------------------------------------------------------------------
// Contact requests
// ---------------------------------------------------------------------------

type ContactRow = typeof memberContacts.$inferSelect;
const requestOut = (row: ContactRow): ContactRequest => ({
  id: row.id,
  status: row.status as ContactRequestStatus,
  message: row.message,
  createdAt: iso(row.createdAt),
  respondedAt: row.respondedAt ? iso(row.respondedAt) : null,
});

/**
 * POST /api/members/:userId/contact-requests: a pending request, and a mail to the member asked,
 * in one transaction. Only one request may be in progress between two members, whichever of the
 * two sent it: the pair is locked for the transaction (an advisory lock, so two simultaneous
 * requests in opposite directions wait for each other), and the database's partial unique index
 * (one pending request per requester and member) refuses a second one in the same direction.
 * Once answered (accepted or declined), a new request may be sent.
 */
export async function sendContactRequest(
  ctx: AppContext,
  requesterId: string,
  contactId: string,
  message: string | null,
): Promise<ContactRequest> {
  if (requesterId === contactId) throw new AppError('SELF_CONTACT');
  try {
    return await ctx.db.transaction(async (tx) => {
      const [first, second] = [requesterId, contactId].sort();
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`contact:${first}:${second}`}))`);
      const contact = await memberInfo(tx, contactId);
      if (!contact) throw memberNotFound();
      const [reverse] = await tx
        .select({ id: memberContacts.id })
        .from(memberContacts)
        .where(
          and(
            eq(memberContacts.requesterId, contactId),
            eq(memberContacts.contactId, requesterId),
            eq(memberContacts.status, 'pending'),
          ),
        );
      if (reverse) throw inProgress();
      const [row] = await tx.insert(memberContacts).values({ requesterId, contactId, message }).returning();
      if (!row) throw new Error('contact request not stored');
      const requester = await memberInfo(tx, requesterId);
      if (!requester) throw new AppError('UNAUTHENTICATED');
      await enqueueMail(
        tx,
        contactRequestMail(ctx.mailContext, {
          to: contact.email,
          requesterName: requester.fullName,
          requesterCompany: requester.companyName?.trim() || null,
          requesterProfession: requester.profession?.trim() || null,
          message,
        }),
      );
      return requestOut(row);
    });
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw inProgress();
    // The member asked deleted their account meanwhile.
    if (pgErrorCode(error) === '23503') throw memberNotFound();
    throw error;
  } finally {
    ctx.mailer.wake();
  }
}

/** GET /api/me/contact-requests: the pending requests I received, and every request I sent (newest first). */
export async function listMyContactRequests(db: DbOrTx, memberId: string): Promise<MyContactRequests> {
  type Side = typeof memberContacts.requesterId | typeof memberContacts.contactId;
  const query = (mine: Side, theirs: Side, pendingOnly: boolean) =>
    db
      .select({ request: memberContacts, member: memberColumns })
      .from(memberContacts)
      .innerJoin(user, eq(user.id, theirs))
      .leftJoin(profiles, eq(profiles.userId, theirs))
      .where(and(eq(mine, memberId), pendingOnly ? eq(memberContacts.status, 'pending') : undefined))
      .orderBy(sql`${memberContacts.createdAt} desc`)
      .limit(100);
  const [incoming, outgoing] = [
    await query(memberContacts.contactId, memberContacts.requesterId, true),
    await query(memberContacts.requesterId, memberContacts.contactId, false),
  ];
  return {
    incoming: incoming.map((r) => ({ ...requestOut(r.request), requester: r.member })),
    outgoing: outgoing.map((r) => ({ ...requestOut(r.request), contact: r.member })),
  };
}

/**
 * Answer a request: only the member asked, only while pending. The status changes with one
 * conditional UPDATE, so two answers at the same time cannot both apply; when nothing changed,
 * a read tells an unknown request (404) from someone else's (403) or an answered one (409).
 */
async function answerRequest(tx: DbOrTx, memberId: string, requestId: string, status: 'accepted' | 'declined') {
  const notFound = () => new AppError('NOT_FOUND', directoryMessages.requestNotFound);
  if (!isUuid(requestId)) throw notFound();
  const [row] = await tx
    .update(memberContacts)
    .set({ status, respondedAt: new Date() })
    .where(
      and(
        eq(memberContacts.id, requestId),
        eq(memberContacts.contactId, memberId),
        eq(memberContacts.status, 'pending'),
      ),
    )
    .returning();
  if (row) return row;
  const [existing] = await tx.select().from(memberContacts).where(eq(memberContacts.id, requestId));
  if (!existing) throw notFound();
  if (existing.contactId !== memberId) throw new AppError('FORBIDDEN', directoryMessages.requestNotForYou);
  throw new AppError('ALREADY_ANSWERED');
}

/**
 * POST /api/me/contact-requests/:id/accept: the request is accepted, the shared project of the
 * two members is created, and both are told by email, in one transaction.
 */
export async function acceptContactRequest(
  ctx: AppContext,
  memberId: string,
  requestId: string,
): Promise<{ request: ContactRequest; sharedProject: SharedProject }> {
  const result = await ctx.db.transaction(async (tx) => {
    const request = await answerRequest(tx, memberId, requestId, 'accepted');
    const requester = await memberInfo(tx, request.requesterId);
    const contact = await memberInfo(tx, request.contactId);
    if (!requester || !contact) throw new AppError('NOT_FOUND', directoryMessages.requestNotFound);
    const [project] = await tx
      .insert(sharedProjects)
      .values({
        contactRequestId: request.id,
        memberAId: request.requesterId,
        memberBId: request.contactId,
        title: sharedProjectTitle(requester.fullName, contact.fullName),
        status: 'to_start',
      })
      .returning();
    if (!project) throw new Error('shared project not stored');
    await enqueueMail(tx, [
      contactAcceptedMail(ctx.mailContext, {
        to: requester.email,
        partnerName: contact.fullName,
        projectTitle: project.title,
        accepted: 'by-partner',
      }),
      contactAcceptedMail(ctx.mailContext, {
        to: contact.email,
        partnerName: requester.fullName,
        projectTitle: project.title,
        accepted: 'by-you',
      }),
    ]);
    return {
      request: requestOut(request),
      sharedProject: sharedProjectOut(project, summary(requester)),
    };
  });
  ctx.mailer.wake();
  return result;
}

/** POST /api/me/contact-requests/:id/decline. */
export async function declineContactRequest(
  ctx: AppContext,
  memberId: string,
  requestId: string,
): Promise<ContactRequest> {
  return ctx.db.transaction(async (tx) => requestOut(await answerRequest(tx, memberId, requestId, 'declined')));
}

// ---------------------------------------------------------------------------
// Shared projects
// ---------------------------------------------------------------------------

type SharedProjectRow = typeof sharedProjects.$inferSelect;
const sharedProjectOut = (row: SharedProjectRow, partner: MemberSummary): SharedProject => ({
  id: row.id,
  title: row.title,
  notes: row.notes,
  status: row.status as SharedProjectStatus,
  partner,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

/** The shared projects of a member (either side), newest first, each with the other member. */
export async function listSharedProjects(db: DbOrTx, memberId: string, onlyId?: string): Promise<SharedProject[]> {
  const partnerId = sql`case when ${sharedProjects.memberAId} = ${memberId} then ${sharedProjects.memberBId} else ${sharedProjects.memberAId} end`;
  const rows = await db
    .select({ project: sharedProjects, partner: memberColumns })
    .from(sharedProjects)
    .innerJoin(user, eq(user.id, partnerId))
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(
      and(
        or(eq(sharedProjects.memberAId, memberId), eq(sharedProjects.memberBId, memberId)),
        onlyId ? eq(sharedProjects.id, onlyId) : undefined,
      ),
    )
    .orderBy(sql`${sharedProjects.createdAt} desc`, sharedProjects.id)
    .limit(200);
  return rows.map((r) => sharedProjectOut(r.project, r.partner));
}

/** PUT /api/me/shared-projects/:id: either of the two members edits it; 403 for anyone else. */
export async function updateSharedProject(
  db: DbOrTx,
  memberId: string,
  projectId: string,
  input: SharedProjectUpdate,
): Promise<SharedProject> {
  const notFound = () => new AppError('NOT_FOUND', directoryMessages.sharedProjectNotFound);
  if (!isUuid(projectId)) throw notFound();
  const updated = await db
    .update(sharedProjects)
    .set({ title: input.title, notes: input.notes, status: input.status, updatedAt: new Date() })
    .where(
      and(
        eq(sharedProjects.id, projectId),
        or(eq(sharedProjects.memberAId, memberId), eq(sharedProjects.memberBId, memberId)),
      ),
    )
    .returning({ id: sharedProjects.id });
  if (updated.length === 0) {
    const [exists] = await db
      .select({ id: sharedProjects.id })
      .from(sharedProjects)
      .where(eq(sharedProjects.id, projectId));
    if (!exists) throw notFound();
    throw new AppError('FORBIDDEN', directoryMessages.sharedProjectForbidden);
  }
  const [project] = await listSharedProjects(db, memberId, projectId);
  if (!project) throw notFound();
  return project;
}
