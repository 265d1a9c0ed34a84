import {
  bestScoreAction,
  DASHBOARD_MONTHS,
  type Dashboard,
  type DashboardMonth,
  OPEN_RECOMMENDATION_STATUSES,
  type ScoreLine,
  STALE_RECOMMENDATION_DAYS,
} from '@synergie/shared';
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
  memberScores,
  memberServices,
  oneToOnes,
  profiles,
  recommendations,
  sharedProjects,
  testimonials,
  user,
} from '../db/schema';
import { lastParisMonths, parisMonthOf } from './member-return';

type Instant = Date | string;

/** `Taux de transformation`: one definition for every page, in packages/shared (issue 29). */
export { conversionPercent };

const count = (query: SQL) => sql<number>`(${query})`.mapWith(Number);
const text = (query: SQL) => sql<string | null>`(${query})`;

const openStatuses = sql.raw(`(${OPEN_RECOMMENDATION_STATUSES.map((s) => `'${s}'`).join(', ')})`);

interface TrendRow extends Record<string, unknown> {
  giver_id: string | null;
  created_at: Instant;
  status: string;
  status_changed_at: Instant;
  business_status: string | null;
  business_answered_at: Instant | null;
}

/**
 * The trend over `months` (Paris months, oldest first) from the member's recommendations, each
 * series as dashboardDefinitions says: given and received at the month they were passed, won at
 * the month the receiver moved it to `Gagnée` (a closing status is final, so status_changed_at is
 * that moment), confirmed at the month the giver confirmed the business. Counted in JavaScript:
 * PGlite has no time zone data.
 */
export function dashboardTrend(userId: string, months: readonly string[], rows: readonly TrendRow[]): DashboardMonth[] {
  const byMonth = new Map(months.map((month) => [month, { month, given: 0, received: 0, won: 0, confirmed: 0 }]));
  const add = (at: Instant | null, series: keyof Omit<DashboardMonth, 'month'>) => {
    const month = at ? byMonth.get(parisMonthOf(at)) : undefined;
    if (month) month[series] += 1;
  };
  for (const row of rows) {
    if (row.giver_id === userId) {
      add(row.created_at, 'given');
      continue;
    }
    add(row.created_at, 'received');
    if (row.status === 'won') add(row.status_changed_at, 'won');
    if (row.business_status === 'confirmed') add(row.business_answered_at, 'confirmed');
  }
  return [...byMonth.values()];
}

/**
 * GET /api/me/dashboard: the member's figures in two queries whatever their data: the figures
 * to date (one scalar subquery per figure, each on an index of its table), and the rows of the
 * trend's 12 months. A commission is payable once its date has come, as on the referral card
 * (domain/commissions.ts effectiveStatus). The business waiting on someone is counted apart from
 * the confirmed business (issue 29: 0 € confirmed never hides 9 200 € waiting).
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
  const staleBefore = new Date(now.getTime() - STALE_RECOMMENDATION_DAYS * 86_400_000).toISOString();
  const months = lastParisMonths(now, DASHBOARD_MONTHS);
  // A day more than 12 months back: every row of the oldest Paris month, the rest dropped in JS.
  const since = new Date(now.getTime() - (DASHBOARD_MONTHS * 31 + 1) * 86_400_000).toISOString();
  /** Won business on the member's side (giver or receiver) in a business status, oldest declaration first. */
  const business = (side: 'giver' | 'receiver', status: 'declared' | 'disputed') => {
    const party = side === 'giver' ? recommendations.giverId : recommendations.receiverId;
    const where = sql`${party} = ${me} and ${recommendations.status} = 'won' and ${recommendations.businessStatus} = ${status}`;
    return {
      count: count(sql`select count(*) from ${recommendations} where ${where}`),
      amount: count(
        sql`select coalesce(sum(${recommendations.amountCents}), 0) from ${recommendations} where ${where}`,
      ),
      first: text(
        sql`select ${recommendations.id}::text from ${recommendations} where ${where} order by ${recommendations.businessDeclaredAt}, ${recommendations.id} limit 1`,
      ),
    };
  };
  const toConfirm = business('giver', 'declared');
  const awaiting = business('receiver', 'declared');
  const disputed = business('receiver', 'disputed');
  const staleWhere = sql`${recommendations.receiverId} = ${me} and ${recommendations.status} in ${openStatuses} and ${recommendations.statusChangedAt} <= ${staleBefore}::timestamptz`;

  const trendQuery = db.execute<TrendRow>(sql`
    select r.giver_id, r.created_at, r.status, r.status_changed_at, r.business_status, r.business_answered_at
      from recommendations r
     where (r.giver_id = ${userId} or r.receiver_id = ${userId})
       and (r.created_at >= ${since}::timestamptz
            or (r.status = 'won' and r.status_changed_at >= ${since}::timestamptz)
            or (r.business_status = 'confirmed' and r.business_answered_at >= ${since}::timestamptz))`);

  const figuresQuery = db
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
      toConfirmCount: toConfirm.count,
      toConfirmCents: toConfirm.amount,
      toConfirmFirst: toConfirm.first,
      awaitingCount: awaiting.count,
      awaitingCents: awaiting.amount,
      awaitingFirst: awaiting.first,
      disputedCount: disputed.count,
      disputedCents: disputed.amount,
      disputedFirst: disputed.first,
      staleCount: count(sql`select count(*) from ${recommendations} where ${staleWhere}`),
      staleFirst: text(
        sql`select ${recommendations.id}::text from ${recommendations} where ${staleWhere} order by ${recommendations.statusChangedAt}, ${recommendations.id} limit 1`,
      ),
      scoreBreakdown: sql<
        ScoreLine[] | string | null
      >`(select ${memberScores.breakdown} from ${memberScores} where ${memberScores.userId} = ${me})`,
    })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  const [[row], trend] = await Promise.all([figuresQuery, trendQuery]);
  if (!row) throw new Error('dashboard: the signed-in member has no account row');
  const breakdown =
    typeof row.scoreBreakdown === 'string' ? (JSON.parse(row.scoreBreakdown) as ScoreLine[]) : row.scoreBreakdown;

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
    months: dashboardTrend(userId, months, trend.rows),
    business: {
      confirmedReceivedCents: row.confirmedCents,
      confirmedGivenCents: row.givenConfirmedCents,
      toConfirm: { count: row.toConfirmCount, amountCents: row.toConfirmCents, recommendationId: row.toConfirmFirst },
      awaiting: { count: row.awaitingCount, amountCents: row.awaitingCents, recommendationId: row.awaitingFirst },
      disputed: { count: row.disputedCount, amountCents: row.disputedCents, recommendationId: row.disputedFirst },
    },
    stale: { count: row.staleCount, recommendationId: row.staleFirst },
    scoreAction: breakdown === null ? null : bestScoreAction(breakdown),
  };
}
