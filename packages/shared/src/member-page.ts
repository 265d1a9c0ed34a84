import './zod-locale';
import { z } from 'zod';
import { isoDateTime } from './api-dates';
import { memberGroupSchema, memberLinksSchema, memberTradeSchema } from './directory';
import { publicTestimonialSchema, recommendationFiguresSchema } from './recommendations';
import { SCORE_SOURCE_KEYS } from './score-constants';

export * from './dashboard-constants';
export * from './member-page-constants';

export const memberPageServiceSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  features: z.array(z.string()),
  createdAt: isoDateTime(),
});
export type MemberPageService = z.infer<typeof memberPageServiceSchema>;

export const memberPageProjectSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  tags: z.array(z.string()),
  projectUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  createdAt: isoDateTime(),
});
export type MemberPageProject = z.infer<typeof memberPageProjectSchema>;

/**
 * A member's public page: anyone reads it. Phone and email are given only to a signed-in
 * subscriber (or the member themself): `contactVisible` says so, and they are null otherwise.
 */
export const memberPageSchema = z.object({
  userId: z.string(),
  fullName: z.string(),
  companyName: z.string().nullable(),
  profession: z.string().nullable(),
  /** The member's trade of the catalogue and their specialty (network-core §1). */
  trade: memberTradeSchema.nullable(),
  specialty: z.string().nullable(),
  /** Their home group, linked to /groupes/{slug}. */
  group: memberGroupSchema.nullable(),
  industry: z.string().nullable(),
  city: z.string().nullable(),
  bio: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  companyLogoUrl: z.string().nullable(),
  links: memberLinksSchema,
  skills: z.array(z.string()),
  lookingFor: z.array(z.string()),
  /** Rounded to one decimal; null without ratings. */
  averageRating: z.number().nullable(),
  ratingsCount: z.number().int(),
  /** Newest first. */
  services: z.array(memberPageServiceSchema),
  /** Newest first. */
  projects: z.array(memberPageProjectSchema),
  /** `Témoignages`: approved ones only, newest first, at most MEMBER_PAGE_TESTIMONIALS_MAX. */
  testimonials: z.array(publicTestimonialSchema),
  contactVisible: z.boolean(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** The page's absolute address (SITE_URL), the one the QR code holds. */
  pageUrl: z.string(),
});
export type MemberPage = z.infer<typeof memberPageSchema>;

/** One Paris month of the dashboard's trend, 'YYYY-MM' (dashboardDefinitions given, received, won, confirmed). */
export const dashboardMonthSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  given: z.number().int(),
  received: z.number().int(),
  won: z.number().int(),
  confirmed: z.number().int(),
});
export type DashboardMonth = z.infer<typeof dashboardMonthSchema>;

/** Business waiting on someone: how many, how much (cents, excluding VAT), the oldest one. */
const waitingBusinessSchema = z.object({
  count: z.number().int(),
  amountCents: z.number().int(),
  /** The oldest declaration (the next action links to it when it is the only one). */
  recommendationId: z.string().nullable(),
});

const byStatus = z.object({ pending: z.number().int(), accepted: z.number().int(), declined: z.number().int() });

/** GET /api/me/dashboard: the member's figures (subscribers only). Amounts in cents. */
export const dashboardSchema = z.object({
  contactRequests: z.object({ sent: byStatus, received: byStatus }),
  sharedProjects: z.number().int(),
  ratings: z.object({
    /** Rounded to one decimal; null without ratings. */
    average: z.number().nullable(),
    received: z.number().int(),
    given: z.number().int(),
  }),
  events: z.object({ upcoming: z.number().int(), total: z.number().int(), organized: z.number().int() }),
  referral: z.object({
    referrals: z.number().int(),
    pendingCents: z.number().int(),
    payableCents: z.number().int(),
    paidCents: z.number().int(),
  }),
  content: z.object({
    services: z.number().int(),
    projects: z.number().int(),
    jobOffers: z.number().int(),
    applicationsReceived: z.number().int(),
    applicationsSent: z.number().int(),
  }),
  /** network-core §3: all the member's recommendations, given and received, to date. */
  recommendations: recommendationFiguresSchema,
  /** Confirmed one-to-ones (both sides), to date. */
  oneToOnes: z.number().int(),
  /** Approved testimonials the member received. */
  testimonials: z.number().int(),
  /** Issue 29: the last DASHBOARD_MONTHS Paris months, oldest first, the current one last. */
  months: z.array(dashboardMonthSchema),
  /** Issue 29: the business confirmed apart from the business waiting (dashboardDefinitions). */
  business: z.object({
    confirmedReceivedCents: z.number().int(),
    confirmedGivenCents: z.number().int(),
    /** Declared by the members the member recommended, waiting on the member's `Je confirme`. */
    toConfirm: waitingBusinessSchema,
    /** Declared by the member, waiting on the member who recommended them. */
    awaiting: waitingBusinessSchema,
    /** Declared by the member, disputed by the member who recommended them. */
    disputed: waitingBusinessSchema,
  }),
  /** Received, still open, not moved for STALE_RECOMMENDATION_DAYS (as on `Aujourd'hui`). */
  stale: z.object({ count: z.number().int(), recommendationId: z.string().nullable() }),
  /** The score's best action (bestScoreAction); null before the first score or with every point. */
  scoreAction: z.enum(SCORE_SOURCE_KEYS).nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
