import { type ApplyToJob, type CreateJob, type JobOffer, jobMessages, toIsoDateTime } from '@synergie/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { applications, jobPositions, profiles, user } from '../db/schema';
import { AppError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { jobApplicationMail } from '../mail/job-mails';
import { enqueueMail } from '../mail/outbox';

/** A malformed id names no offer: 404 like an unknown one (PostgreSQL would refuse to compare it). */
function assertJobId(id: string) {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', jobMessages.notFound);
}

/**
 * Every offer with its author's public profile and what the viewer may do with it, in ONE
 * query whatever the number of offers: the viewer's own offers first, then the others (each
 * offer once), each group newest first (get_my_job_positions + public_job_listings).
 */
export async function listJobs(db: DbOrTx, viewerId: string | null): Promise<JobOffer[]> {
  const isOwn = viewerId ? sql<boolean>`(${jobPositions.userId} = ${viewerId})` : sql<boolean>`false`;
  const rows = await db
    .select({
      id: jobPositions.id,
      title: jobPositions.title,
      location: jobPositions.location,
      type: jobPositions.type,
      experience: jobPositions.experience,
      description: jobPositions.description,
      skills: jobPositions.skills,
      createdAt: jobPositions.createdAt,
      authorName: profiles.fullName,
      authorCompany: profiles.companyName,
      isOwn,
      hasApplied: viewerId
        ? sql<boolean>`exists (select 1 from ${applications} where ${applications.jobId} = ${jobPositions.id} and ${applications.applicantId} = ${viewerId})`
        : sql<boolean>`false`,
      applicationCount: viewerId
        ? sql<
            number | null
          >`case when ${jobPositions.userId} = ${viewerId} then (select count(*)::int from ${applications} where ${applications.jobId} = ${jobPositions.id}) end`
        : sql<number | null>`null::int`,
    })
    .from(jobPositions)
    .leftJoin(profiles, eq(profiles.userId, jobPositions.userId))
    .orderBy(...(viewerId ? [desc(isOwn)] : []), desc(jobPositions.createdAt), desc(jobPositions.id));
  return rows.map(({ authorName, authorCompany, ...row }) => ({
    ...row,
    createdAt: toIsoDateTime(row.createdAt),
    isOwn: Boolean(row.isOwn),
    hasApplied: Boolean(row.hasApplied),
    applicationCount: row.applicationCount === null ? null : Number(row.applicationCount),
    author: { fullName: authorName, companyName: authorCompany },
  }));
}

export async function createJob(ctx: AppContext, authorId: string, input: CreateJob): Promise<JobOffer> {
  const [row] = await ctx.db
    .insert(jobPositions)
    .values({ userId: authorId, ...input })
    .returning({
      id: jobPositions.id,
      title: jobPositions.title,
      location: jobPositions.location,
      type: jobPositions.type,
      experience: jobPositions.experience,
      description: jobPositions.description,
      skills: jobPositions.skills,
      createdAt: jobPositions.createdAt,
    });
  if (!row) throw new Error('job offer not stored');
  const [author] = await ctx.db
    .select({ fullName: profiles.fullName, companyName: profiles.companyName })
    .from(profiles)
    .where(eq(profiles.userId, authorId));
  return {
    ...row,
    createdAt: toIsoDateTime(row.createdAt),
    author: author ?? { fullName: null, companyName: null },
    isOwn: true,
    hasApplied: false,
    applicationCount: 0,
  };
}

/** The author of an offer, or 404. */
async function jobAuthor(db: DbOrTx, jobId: string) {
  assertJobId(jobId);
  const [job] = await db
    .select({ userId: jobPositions.userId, title: jobPositions.title })
    .from(jobPositions)
    .where(eq(jobPositions.id, jobId));
  if (!job) throw new AppError('NOT_FOUND', jobMessages.notFound);
  return job;
}

/** Only the author deletes an offer (its applications go with it). */
export async function deleteJob(ctx: AppContext, memberId: string, jobId: string): Promise<void> {
  assertJobId(jobId);
  const deleted = await ctx.db
    .delete(jobPositions)
    .where(and(eq(jobPositions.id, jobId), eq(jobPositions.userId, memberId)))
    .returning({ id: jobPositions.id });
  if (deleted.length > 0) return;
  // Nothing deleted: tell an unknown offer (404) from someone else's (403).
  await jobAuthor(ctx.db, jobId);
  throw new AppError('FORBIDDEN', jobMessages.notOwner);
}

/**
 * Stores the application and queues the mail to the author in one transaction. A second
 * application is refused by the unique (job, applicant) index itself, so two simultaneous
 * clicks cannot both get through.
 */
export async function applyToJob(
  ctx: AppContext,
  applicantId: string,
  jobId: string,
  input: ApplyToJob,
): Promise<{ id: string; createdAt: string }> {
  const result = await ctx.db.transaction(async (tx) => {
    assertJobId(jobId);
    const [job] = await tx
      .select({ authorId: jobPositions.userId, title: jobPositions.title, authorEmail: user.email })
      .from(jobPositions)
      .innerJoin(user, eq(user.id, jobPositions.userId))
      .where(eq(jobPositions.id, jobId))
      // The offer cannot be deleted between this read and the application's insert.
      .for('share', { of: jobPositions });
    if (!job) throw new AppError('NOT_FOUND', jobMessages.notFound);
    if (job.authorId === applicantId) throw new AppError('OWN_OFFER');
    const [row] = await tx
      .insert(applications)
      .values({ jobId, applicantId, message: input.message })
      .onConflictDoNothing({ target: [applications.jobId, applications.applicantId] })
      .returning({ id: applications.id, createdAt: applications.createdAt });
    if (!row) throw new AppError('ALREADY_APPLIED');
    const [applicant] = await tx
      .select({ name: user.name, email: user.email, fullName: profiles.fullName, companyName: profiles.companyName })
      .from(user)
      .leftJoin(profiles, eq(profiles.userId, user.id))
      .where(eq(user.id, applicantId));
    if (!applicant) throw new AppError('UNAUTHENTICATED');
    await enqueueMail(tx, {
      ...jobApplicationMail(ctx.mailContext, {
        to: job.authorEmail,
        jobTitle: job.title,
        applicantName: applicant.fullName?.trim() || applicant.name,
        applicantCompany: applicant.companyName?.trim() || null,
        applicantEmail: applicant.email,
        message: input.message,
      }),
      meta: { jobId, applicationId: row.id },
    });
    return { id: row.id, createdAt: toIsoDateTime(row.createdAt) };
  });
  ctx.mailer.wake();
  return result;
}

/** The applications an offer received, for its author only, newest first. */
export async function listApplications(db: DbOrTx, memberId: string, jobId: string) {
  const job = await jobAuthor(db, jobId);
  if (job.userId !== memberId) throw new AppError('FORBIDDEN', jobMessages.applicationsNotOwner);
  const rows = await db
    .select({
      id: applications.id,
      message: applications.message,
      createdAt: applications.createdAt,
      name: user.name,
      fullName: profiles.fullName,
      companyName: profiles.companyName,
    })
    .from(applications)
    .innerJoin(user, eq(user.id, applications.applicantId))
    .leftJoin(profiles, eq(profiles.userId, applications.applicantId))
    .where(eq(applications.jobId, jobId))
    .orderBy(desc(applications.createdAt), desc(applications.id));
  return rows.map(({ name, fullName, companyName, ...row }) => ({
    ...row,
    createdAt: toIsoDateTime(row.createdAt),
    applicant: { fullName: fullName?.trim() || name, companyName },
  }));
}

/** The applications the member sent, newest first. */
export async function listMyApplications(db: DbOrTx, memberId: string) {
  const rows = await db
    .select({
      id: applications.id,
      jobId: applications.jobId,
      jobTitle: jobPositions.title,
      message: applications.message,
      createdAt: applications.createdAt,
    })
    .from(applications)
    .innerJoin(jobPositions, eq(jobPositions.id, applications.jobId))
    .where(eq(applications.applicantId, memberId))
    .orderBy(desc(applications.createdAt), desc(applications.id));
  return rows.map((row) => ({ ...row, createdAt: toIsoDateTime(row.createdAt) }));
}
