import './zod-locale';
import { z } from 'zod';
import { calendarDate, isoDateTime } from './api-dates';
import { waitlistEntrySchema } from './groups';
import { ATTENDANCE_STATUSES } from './meeting-constants';
import { RECOMMENDATION_STATUSES } from './recommendation-constants';
import { SCORE_COLOURS, SCORE_SOURCE_KEYS } from './score-constants';

export * from './today-constants';

/**
 * GET /api/me/today: `Aujourd'hui`, the signed-in member's home (issue 28): what to do now, each
 * part with its action. One request; the server reads it in a constant number of queries
 * (apps/server/src/domain/today.ts).
 */
export const todayMeetingSchema = z.object({
  id: z.string(),
  groupName: z.string(),
  groupSlug: z.string(),
  startsAt: isoDateTime(),
  endsAt: isoDateTime(),
  place: z.string(),
  /** `Présentation de la semaine`, null when the leaders have not named anyone. */
  presenterName: z.string().nullable(),
  /** The presenter is the member reading. */
  presenterIsMe: z.boolean(),
  checkinOpensAt: isoDateTime(),
  /** Check-in is open now (from CHECKIN_OPENS_MINUTES_BEFORE before the start to the end). */
  checkinOpen: z.boolean(),
  /** The member's attendance already recorded, else null. */
  myAttendance: z.enum(ATTENDANCE_STATUSES).nullable(),
  /** The visio link (issue 30): the meeting's own, else the group's rhythm's; null for none. */
  visioUrl: z.string().nullable(),
  groupId: z.string(),
  /** The live meeting (issue 30): not launched yet, running, or over. */
  live: z.enum(['not_started', 'live', 'ended']),
  /** The member leads the group and `Lancer la réunion` is open now. */
  canLaunch: z.boolean(),
});
export type TodayMeeting = z.infer<typeof todayMeetingSchema>;

export const todayBusinessSchema = z.object({
  recommendationId: z.string(),
  /** The member who declared the business (received the recommendation). */
  receiverName: z.string(),
  /** Excluding VAT, as declared: what `Je confirme` confirms. */
  amountCents: z.number().int(),
  declaredAt: isoDateTime(),
});
export type TodayBusiness = z.infer<typeof todayBusinessSchema>;

export const todayStaleSchema = z.object({
  recommendationId: z.string(),
  giverName: z.string().nullable(),
  status: z.enum(RECOMMENDATION_STATUSES),
  /** Since when it has not moved. */
  statusChangedAt: isoDateTime(),
  need: z.string().nullable(),
});
export type TodayStale = z.infer<typeof todayStaleSchema>;

export const todayEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  date: calendarDate(),
  /** `HH:MM`, Europe/Paris. */
  time: z.string(),
  location: z.string(),
});
export type TodayEvent = z.infer<typeof todayEventSchema>;

export const todayNotificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  link: z.string().nullable(),
  createdAt: isoDateTime(),
});

export const todayScoreSchema = z.object({
  score: z.number().int().min(0).max(100),
  colour: z.enum(SCORE_COLOURS),
  computedOn: calendarDate(),
  /** The one thing that would raise it most (bestScoreAction), null when every point is earned. */
  nextAction: z.enum(SCORE_SOURCE_KEYS).nullable(),
});

/** Each first step, ticked from the server's facts (TODAY_STEPS says their order and words). */
export const todayStepsSchema = z.object({
  emailVerified: z.boolean(),
  /** Subscribed, trial included (domain/subscribed.ts). */
  subscribed: z.boolean(),
  /** A trade of the catalogue, not one an admin merge asks to pick again. */
  tradePicked: z.boolean(),
  /** A seat in a group (an application still open is `seatSearch.application`). */
  inGroup: z.boolean(),
  /** A photo and the company's name on the profile. */
  photoAndCompany: z.boolean(),
  /** At least one visitor invited to a meeting. */
  guestInvited: z.boolean(),
});
export type TodaySteps = z.infer<typeof todayStepsSchema>;

/** The seat step's facts: the open application, else where the seat of the member's trade is free. */
export const todaySeatSearchSchema = z.object({
  /** The member's application still open (the newest), null for none. */
  application: z.object({ groupName: z.string(), groupSlug: z.string() }).nullable(),
  /**
   * Up to TODAY_FREE_SEATS_SHOWN groups where the seat of the member's trade is free (no holder, no
   * open offer, not full), the member's city first; empty without a trade, with a seat or an open
   * application.
   */
  freeSeats: z.array(z.object({ name: z.string(), slug: z.string(), city: z.string() })),
});
export type TodaySeatSearch = z.infer<typeof todaySeatSearchSchema>;

export const todaySchema = z.object({
  firstName: z.string(),
  steps: todayStepsSchema,
  seatSearch: todaySeatSearchSchema,
  /** The member's home group, null without a seat. */
  group: z.object({ name: z.string(), slug: z.string() }).nullable(),
  nextMeeting: todayMeetingSchema.nullable(),
  /** Business the member gave and the receiver declared, waiting for `Je confirme` (oldest first). */
  businessToConfirm: z.array(todayBusinessSchema),
  businessToConfirmCount: z.number().int(),
  /** Recommendations received, still open, not moved for STALE_RECOMMENDATION_DAYS (oldest first). */
  staleRecommendations: z.array(todayStaleSchema),
  staleRecommendationsCount: z.number().int(),
  waitlist: z.array(waitlistEntrySchema),
  /** Today's events (Paris day) the member registered for. */
  eventsToday: z.array(todayEventSchema),
  score: todayScoreSchema.nullable(),
  /** `Mon retour sur cotisation` over 12 months (issue 29), its totals (HT). */
  returnOnFee: z.object({
    receivedCents: z.number().int(),
    paidExclVatCents: z.number().int(),
    breakEvenMonth: z.string().nullable(),
  }),
  unreadCount: z.number().int(),
  latestUnread: z.array(todayNotificationSchema),
});
export type Today = z.infer<typeof todaySchema>;
