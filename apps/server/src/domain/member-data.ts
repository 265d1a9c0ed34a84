import { type DataExport, recommendationMessages, toIsoDateTime } from '@synergie/shared';
import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { memberFiles } from '../db/file-columns';
import {
  account,
  applications,
  eventRegistrations,
  events,
  failedDebits,
  groupApplications,
  groupMembers,
  jobPositions,
  mailOutbox,
  memberContacts,
  memberProjects,
  memberRatings,
  memberServices,
  notificationSettings,
  notifications,
  oneToOnes,
  passkey,
  profiles,
  pushSubscriptions,
  recommendationEvents,
  recommendations,
  seatWaitlist,
  sepaMandates,
  session,
  sharedProjects,
  testimonials,
  user,
  userRoles,
  verification,
} from '../db/schema';
import { AppError } from '../lib/errors';
import { BUCKETS } from '../storage';
import { calendarUrl } from './meetings';
import type { Log } from './profile';

const iso = toIsoDateTime;

/** A row as JSON gives it: dates as ISO strings. */
const plain = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value instanceof Date ? iso(value) : value]));

/**
 * GET /api/me/export (RGPD): what the database holds about the member. Columns are chosen one
 * by one for the account tables, so no password hash, session token or two-factor secret can
 * slip in; the response schema drops any other key as a second guard. `files` lists the
 * member's uploads from the registry of file columns (db/file-columns.ts), so a file column
 * added there is exported without a change here.
 */
export async function exportMemberData(ctx: AppContext, userId: string): Promise<DataExport> {
  // The personal calendar feed's address is a key to the member's agenda: listed, with its renewal.
  const calendarLink = await calendarUrl(ctx, userId);
  return ctx.db.transaction(async (tx) => {
    const [member] = await tx
      .select({
        id: user.id,
        name: user.name,
        email: user.email,
        emailVerified: user.emailVerified,
        image: user.image,
        twoFactorEnabled: user.twoFactorEnabled,
        createdAt: user.createdAt,
        updatedAt: user.updatedAt,
      })
      .from(user)
      .where(eq(user.id, userId));
    if (!member) throw new AppError('UNAUTHENTICATED');

    const signInMethods = await tx
      .select({ providerId: account.providerId, createdAt: account.createdAt })
      .from(account)
      .where(eq(account.userId, userId));
    const passkeys = await tx
      .select({ name: passkey.name, deviceType: passkey.deviceType, createdAt: passkey.createdAt })
      .from(passkey)
      .where(eq(passkey.userId, userId));
    const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, userId));
    const roles = await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
    const sessions = await tx
      .select({
        createdAt: session.createdAt,
        updatedAt: session.updatedAt,
        expiresAt: session.expiresAt,
        ipAddress: session.ipAddress,
        userAgent: session.userAgent,
      })
      .from(session)
      .where(eq(session.userId, userId));
    const rows = async <T extends Record<string, unknown>>(query: Promise<T[]>) => (await query).map(plain);
    // Recommendations given and received: both parties' data (an external contact's details were
    // written by the giver for the receiver; they are the member's business records).
    const mine = await tx
      .select()
      .from(recommendations)
      .where(or(eq(recommendations.giverId, userId), eq(recommendations.receiverId, userId)))
      .orderBy(asc(recommendations.createdAt));

    return {
      exportedAt: iso(new Date()),
      account: {
        ...member,
        twoFactorEnabled: member.twoFactorEnabled ?? false,
        createdAt: iso(member.createdAt),
        updatedAt: iso(member.updatedAt),
        signInMethods: signInMethods.map((m) => ({ providerId: m.providerId, createdAt: iso(m.createdAt) })),
        passkeys: passkeys.map((p) => ({ ...p, createdAt: p.createdAt ? iso(p.createdAt) : null })),
      },
      profile: profile ? { ...profile, createdAt: iso(profile.createdAt), updatedAt: iso(profile.updatedAt) } : null,
      roles: roles.map((r) => r.role),
      calendarLink,
      sessions: sessions.map((s) => ({
        ...s,
        createdAt: iso(s.createdAt),
        updatedAt: iso(s.updatedAt),
        expiresAt: iso(s.expiresAt),
      })),
      services: await rows(tx.select().from(memberServices).where(eq(memberServices.userId, userId))),
      projects: await rows(tx.select().from(memberProjects).where(eq(memberProjects.userId, userId))),
      jobPositions: await rows(tx.select().from(jobPositions).where(eq(jobPositions.userId, userId))),
      applications: await rows(tx.select().from(applications).where(eq(applications.applicantId, userId))),
      events: await rows(tx.select().from(events).where(eq(events.organizerId, userId))),
      eventRegistrations: await rows(tx.select().from(eventRegistrations).where(eq(eventRegistrations.userId, userId))),
      ratingsGiven: await rows(tx.select().from(memberRatings).where(eq(memberRatings.raterId, userId))),
      ratingsReceived: await rows(tx.select().from(memberRatings).where(eq(memberRatings.ratedId, userId))),
      contacts: await rows(
        tx
          .select()
          .from(memberContacts)
          .where(or(eq(memberContacts.requesterId, userId), eq(memberContacts.contactId, userId))),
      ),
      sharedProjects: await rows(
        tx
          .select()
          .from(sharedProjects)
          .where(or(eq(sharedProjects.memberAId, userId), eq(sharedProjects.memberBId, userId))),
      ),
      groupMemberships: await rows(tx.select().from(groupMembers).where(eq(groupMembers.userId, userId))),
      groupApplications: await rows(tx.select().from(groupApplications).where(eq(groupApplications.userId, userId))),
      waitingLists: await rows(tx.select().from(seatWaitlist).where(eq(seatWaitlist.userId, userId))),
      recommendations: await rows(Promise.resolve(mine)),
      recommendationHistory: mine.length
        ? await rows(
            tx
              .select()
              .from(recommendationEvents)
              .where(
                inArray(
                  recommendationEvents.recommendationId,
                  mine.map((r) => r.id),
                ),
              )
              .orderBy(asc(recommendationEvents.createdAt)),
          )
        : [],
      oneToOnes: await rows(
        tx
          .select({
            id: oneToOnes.id,
            requesterId: oneToOnes.requesterId,
            partnerId: oneToOnes.partnerId,
            metOn: oneToOnes.metOn,
            place: oneToOnes.place,
            myNotes: sql<
              string | null
            >`case when ${oneToOnes.requesterId} = ${userId} then ${oneToOnes.requesterNotes} else ${oneToOnes.partnerNotes} end`,
            status: oneToOnes.status,
            answeredAt: oneToOnes.answeredAt,
            createdAt: oneToOnes.createdAt,
          })
          .from(oneToOnes)
          .where(or(eq(oneToOnes.requesterId, userId), eq(oneToOnes.partnerId, userId))),
      ),
      testimonialsWritten: await rows(tx.select().from(testimonials).where(eq(testimonials.authorId, userId))),
      testimonialsReceived: await rows(tx.select().from(testimonials).where(eq(testimonials.subjectId, userId))),
      notifications: await rows(tx.select().from(notifications).where(eq(notifications.userId, userId))),
      notificationSettings: await rows(
        tx.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)),
      ),
      pushDevices: await rows(
        tx
          .select({
            label: pushSubscriptions.label,
            createdAt: pushSubscriptions.createdAt,
            lastSuccessAt: pushSubscriptions.lastSuccessAt,
          })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId)),
      ),
      // Issue 32: the SEPA mandates (never a whole IBAN: its last four characters) and the debits
      // that failed, with their grace.
      sepaMandates: await rows(
        tx
          .select({
            reference: sepaMandates.reference,
            textVersion: sepaMandates.textVersion,
            acceptedAt: sepaMandates.acceptedAt,
            ibanLast4: sepaMandates.ibanLast4,
            status: sepaMandates.status,
          })
          .from(sepaMandates)
          // Also those known by the member's customer alone (reported before the subscription).
          .where(
            sql`${sepaMandates.userId} = ${userId} or ${sepaMandates.customerId} = (select s.customer_id from subscriptions s where s.user_id = ${userId})`,
          ),
      ),
      failedDebits: await rows(tx.select().from(failedDebits).where(eq(failedDebits.userId, userId))),
      files: await memberFiles(tx, userId),
    };
  });
}

/**
 * DELETE /api/me (RGPD): the member confirms by typing their email, then the account goes (see
 * eraseAccount).
 */
export async function deleteAccount(
  ctx: AppContext,
  member: { id: string; email: string },
  confirmEmail: string,
  log: Log,
): Promise<void> {
  if (confirmEmail.trim().toLowerCase() !== member.email.toLowerCase()) {
    throw new AppError('DELETE_CONFIRM_MISMATCH');
  }
  if (!(await eraseAccount(ctx, member.id, log))) throw new AppError('UNAUTHENTICATED');
}

/**
 * Deletes an account (the member's own deletion, and an admin's from /admin/members). Deleting
 * the account row removes, by the database's cascades, the profile, roles, sessions, sign-in
 * methods, two-factor and passkeys, and every piece of content (services, projects, offers and
 * their applications, events and their registrations, ratings, contact requests). Mail queued or
 * kept for the address and pending codes go too. Then every file under the member's id, in every
 * bucket. Returns the deleted account's email, or null when there was no such account.
 */
export async function eraseAccount(ctx: AppContext, userId: string, log: Log): Promise<{ email: string } | null> {
  const erased = await ctx.db.transaction(async (tx) => {
    // Other members' notifications that name this member (they did something: recommended,
    // applied, wrote a testimonial) keep the line but not the name: `Ancien membre`, as the
    // recommendation pages say once the account is gone (network-core §3).
    const gone = recommendationMessages.deletedMember;
    await tx.execute(sql`
      update notifications n
         set title = replace(replace(n.title, coalesce(nullif(btrim(p.full_name), ''), ''), ${gone}), u.name, ${gone}),
             body = replace(replace(n.body, coalesce(nullif(btrim(p.full_name), ''), ''), ${gone}), u.name, ${gone})
        from "user" u
        left join profiles p on p.user_id = u.id
       where u.id = ${userId} and n.actor_id = ${userId}`);
    // A SEPA mandate Stripe reported before the member's subscription event is kept under the
    // customer alone (domain/failed-debits.ts): it goes with the account too.
    await tx.execute(sql`
      delete from sepa_mandates m
       where m.user_id is null
         and m.customer_id in (select s.customer_id from subscriptions s where s.user_id = ${userId} and s.customer_id is not null)`);
    const [deleted] = await tx.delete(user).where(eq(user.id, userId)).returning({ email: user.email });
    if (!deleted) return null;
    const email = deleted.email.toLowerCase();
    await tx.delete(mailOutbox).where(eq(sql`lower(${mailOutbox.to})`, email));
    // Reset links hold the user id; one-time codes end with the email (`sign-in-otp-<email>`).
    await tx
      .delete(verification)
      .where(
        or(
          eq(verification.value, userId),
          eq(sql`right(${verification.identifier}, ${email.length + 1})`, `-${email}`),
        ),
      );
    return { email: deleted.email };
  });
  if (!erased) return null;
  await ctx.sessionCache.clear();
  // After the commit: were the database to refuse, the files would still be there. A failure
  // here leaves only unreachable files under an id that no longer exists; it is logged.
  for (const bucket of BUCKETS) {
    try {
      await ctx.storage.deletePrefix(bucket, `${userId}/`);
    } catch (error) {
      log.error({ err: error, userId, bucket }, 'account deleted but its files could not be removed');
    }
  }
  return erased;
}
