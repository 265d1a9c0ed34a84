import type { Dashboard } from '@synergie/shared';
import { conversionPercent } from '@synergie/shared/recommendation-constants';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import {
  applications,
  commissions,
  eventRegistrations,
  events,
  jobPositions,
  memberContacts,
  memberProjects,
  memberRatings,
  memberServices,
  oneToOnes,
  profiles,
  recommendations,
  sharedProjects,
  testimonials,
  user,
} from '../db/schema';

/** `Taux de transformation`: one definition for every page, in packages/shared (issue 29). */
export { conversionPercent };

const count = (query: SQL) => sql<number>`(${query})`.mapWith(Number);

/**
 * GET /api/me/dashboard: the member's figures in one query (one scalar subquery per figure,
 * each on an index of its table). A commission is payable once its date has come, as on the
 * referral card (domain/commissions.ts effectiveStatus).
 */
export async function getDashboard(db: DbOrTx, userId: string, now = new Date()): Promise<Dashboard> {
  const me = user.id;
  const contacts = (side: 'requester' | 'contact', status: string) =>
    count(
      sql`select count(*) from ${memberContacts} where ${side === 'requester' ? memberContacts.requesterId : memberContacts.contactId} = ${me} and ${memberContacts.status} = ${status}`,
    );
  const commissionSum = (condition: SQL) =>
    count(
      sql`select coalesce(sum(${commissions.amountCents}), 0) from ${commissions} where ${commissions.sponsorId} = ${me} and ${condition}`,
    );
  const today = now.toISOString().slice(0, 10);
  const at = sql`${now.toISOString()}::timestamptz`;

  const [row] = await db
    .select({
      sentPending: contacts('requester', 'pending'),
      sentAccepted: contacts('requester', 'accepted'),
      sentDeclined: contacts('requester', 'declined'),
      receivedPending: contacts('contact', 'pending'),
      receivedAccepted: contacts('contact', 'accepted'),
      receivedDeclined: contacts('contact', 'declined'),
      sharedProjects: count(
        sql`select count(*) from ${sharedProjects} where ${sharedProjects.memberAId} = ${me} or ${sharedProjects.memberBId} = ${me}`,
      ),
      ratingAverage: sql<
        string | null
      >`(select round(avg(${memberRatings.rating})::numeric, 1) from ${memberRatings} where ${memberRatings.ratedId} = ${me})`,
      ratingsReceived: count(sql`select count(*) from ${memberRatings} where ${memberRatings.ratedId} = ${me}`),
      ratingsGiven: count(sql`select count(*) from ${memberRatings} where ${memberRatings.raterId} = ${me}`),
      registrationsTotal: count(
        sql`select count(*) from ${eventRegistrations} where ${eventRegistrations.userId} = ${me}`,
      ),
      registrationsUpcoming: count(
        sql`select count(*) from ${eventRegistrations} inner join ${events} on ${events.id} = ${eventRegistrations.eventId} where ${eventRegistrations.userId} = ${me} and ${events.date} >= ${today}::date`,
      ),
      eventsOrganized: count(sql`select count(*) from ${events} where ${events.organizerId} = ${me}`),
      referrals: count(sql`select count(*) from ${profiles} where ${profiles.sponsorId} = ${me}`),
      paidCents: commissionSum(sql`${commissions.status} = 'paid'`),
      payableCents: commissionSum(sql`${commissions.status} <> 'paid' and ${commissions.payableAt} <= ${at}`),
      pendingCents: commissionSum(sql`${commissions.status} <> 'paid' and ${commissions.payableAt} > ${at}`),
      services: count(sql`select count(*) from ${memberServices} where ${memberServices.userId} = ${me}`),
      projects: count(sql`select count(*) from ${memberProjects} where ${memberProjects.userId} = ${me}`),
      jobOffers: count(sql`select count(*) from ${jobPositions} where ${jobPositions.userId} = ${me}`),
      applicationsReceived: count(
        sql`select count(*) from ${applications} inner join ${jobPositions} on ${jobPositions.id} = ${applications.jobId} where ${jobPositions.userId} = ${me}`,
      ),
      applicationsSent: count(sql`select count(*) from ${applications} where ${applications.applicantId} = ${me}`),
      recommendationsGiven: count(
        sql`select count(*) from ${recommendations} where ${recommendations.giverId} = ${me}`,
      ),
      recommendationsReceived: count(
        sql`select count(*) from ${recommendations} where ${recommendations.receiverId} = ${me}`,
      ),
      recommendationsWon: count(
        sql`select count(*) from ${recommendations} where ${recommendations.receiverId} = ${me} and ${recommendations.status} = 'won'`,
      ),
      recommendationsClosed: count(
        sql`select count(*) from ${recommendations} where ${recommendations.receiverId} = ${me} and ${recommendations.status} in ('won', 'lost', 'no_follow_up')`,
      ),
      declaredCents: count(
        sql`select coalesce(sum(${recommendations.amountCents}), 0) from ${recommendations} where ${recommendations.receiverId} = ${me}`,
      ),
      confirmedCents: count(
        sql`select coalesce(sum(${recommendations.amountCents}), 0) from ${recommendations} where ${recommendations.receiverId} = ${me} and ${recommendations.businessStatus} = 'confirmed'`,
      ),
      givenConfirmedCents: count(
        sql`select coalesce(sum(${recommendations.amountCents}), 0) from ${recommendations} where ${recommendations.giverId} = ${me} and ${recommendations.businessStatus} = 'confirmed'`,
      ),
      oneToOnes: count(
        sql`select count(*) from ${oneToOnes} where (${oneToOnes.requesterId} = ${me} or ${oneToOnes.partnerId} = ${me}) and ${oneToOnes.status} = 'confirmed'`,
      ),
      testimonials: count(
        sql`select count(*) from ${testimonials} where ${testimonials.subjectId} = ${me} and ${testimonials.status} = 'approved'`,
      ),
    })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  if (!row) throw new Error('dashboard: the signed-in member has no account row');

  return {
    contactRequests: {
      sent: { pending: row.sentPending, accepted: row.sentAccepted, declined: row.sentDeclined },
      received: { pending: row.receivedPending, accepted: row.receivedAccepted, declined: row.receivedDeclined },
    },
    sharedProjects: row.sharedProjects,
    ratings: {
      average: row.ratingAverage === null ? null : Number(row.ratingAverage),
      received: row.ratingsReceived,
      given: row.ratingsGiven,
    },
    events: { upcoming: row.registrationsUpcoming, total: row.registrationsTotal, organized: row.eventsOrganized },
    referral: {
      referrals: row.referrals,
      pendingCents: row.pendingCents,
      payableCents: row.payableCents,
      paidCents: row.paidCents,
    },
    content: {
      services: row.services,
      projects: row.projects,
      jobOffers: row.jobOffers,
      applicationsReceived: row.applicationsReceived,
      applicationsSent: row.applicationsSent,
    },
    recommendations: {
      given: row.recommendationsGiven,
      received: row.recommendationsReceived,
      won: row.recommendationsWon,
      declaredCents: row.declaredCents,
      confirmedCents: row.confirmedCents,
      givenConfirmedCents: row.givenConfirmedCents,
      conversionPercent: conversionPercent(row.recommendationsWon, row.recommendationsClosed),
    },
    oneToOnes: row.oneToOnes,
    testimonials: row.testimonials,
  };
}
