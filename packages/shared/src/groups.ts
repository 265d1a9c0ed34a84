import './zod-locale';
import { z } from 'zod';
import { isoDateTime } from './api-dates';
import { boundedText, multilineText, optionalText } from './fields';
import {
  APPLICATION_STATUSES,
  GROUP_HISTORY_KINDS,
  GROUP_STATUSES,
  GROUP_TEXT_LIMITS as L,
  LEADER_ROLES,
  MEETING_RHYTHMS,
  TITLE_FORMS,
  TRADE_FAMILY_SLUGS,
  WAITLIST_STATUSES,
} from './group-constants';
import { withTypographicApostrophes } from './typography';

export * from './group-constants';

// ---------------------------------------------------------------------------
// Trades (network-core §1)
// ---------------------------------------------------------------------------

export const tradeSchema = z.object({
  id: z.string(),
  slug: z.string(),
  label: z.string(),
  family: z.enum(TRADE_FAMILY_SLUGS),
  nafCode: z.string().nullable(),
  regulated: z.boolean(),
});
export type Trade = z.infer<typeof tradeSchema>;

/** GET /api/trades: the whole catalogue, sorted by family then label (public, cached). */
export const tradeCatalogueSchema = z.object({ trades: z.array(tradeSchema) });
export type TradeCatalogue = z.infer<typeof tradeCatalogueSchema>;

const slugSchema = z
  .string()
  .trim()
  .min(2, { error: "L'identifiant doit contenir au moins 2 caractères" })
  .max(L.slug, { error: `L’identifiant ne peut pas dépasser ${L.slug} caractères` })
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, {
    error: 'L’identifiant ne peut contenir que des lettres minuscules sans accent, des chiffres et des tirets',
  });

const nafCodeSchema = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v == null || v.trim() === '' ? null : v.trim().toUpperCase()))
  .pipe(
    z
      .string()
      .regex(/^\d{2}\.\d{2}[A-Z]$/, { error: 'Le code NAF doit avoir la forme 43.22A' })
      .nullable(),
  );

/** POST /api/admin/trades and the admin's dialog. */
export const tradeFormSchema = z.object({
  label: boundedText(2, L.tradeLabel, 'Le libellé'),
  /**
   * The label in the feminine where French has one (`Avocate`; issue 31), shown for the members
   * who chose the feminine; empty or missing = none (`Notaire`). Its straight apostrophes become `’`.
   */
  labelFeminine: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => v?.trim() || null)
    .pipe(boundedText(2, L.tradeLabel, 'Le libellé au féminin').transform(withTypographicApostrophes).nullable()),
  family: z.enum(TRADE_FAMILY_SLUGS, { error: 'Choisissez une famille de métiers' }),
  nafCode: nafCodeSchema,
  regulated: z.boolean().default(false),
});
export type TradeFormInput = z.input<typeof tradeFormSchema>;
export type TradeForm = z.output<typeof tradeFormSchema>;

/** POST /api/admin/trades/:tradeId/merge: every member and seat of :tradeId moves to `into`. */
export const tradeMergeSchema = z.object({ intoTradeId: z.uuid({ error: 'Choisissez le métier de destination' }) });
export type TradeMerge = z.infer<typeof tradeMergeSchema>;

export const tradeIdParamsSchema = z.object({ tradeId: z.string().trim().min(1).max(100) });

// ---------------------------------------------------------------------------
// Groups (network-core §2)
// ---------------------------------------------------------------------------

const departmentCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  // 01 to 95 without 20 (Corsica is 2A and 2B since 1976), and the overseas 971 to 976.
  .regex(/^(0[1-9]|1\d|2[1-9]|[3-8]\d|9[0-5]|2A|2B|97[1-6])$/, {
    error: 'Le département est invalide (ex. 69, 2A, 974)',
  });

const timeSchema = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, { error: "L'heure est invalide" })
  .transform((v) => v.slice(0, 5));

/** POST /api/admin/groups and PUT /api/admin/groups/:groupId; the admin's dialog. */
export const groupFormSchema = z.object({
  name: boundedText(3, L.name, 'Le nom'),
  slug: slugSchema,
  city: boundedText(2, L.city, 'La ville'),
  departmentCode: departmentCodeSchema,
  region: boundedText(2, L.region, 'La région'),
  description: multilineText(0, L.description, 'La description'),
  meetingPlace: boundedText(3, L.meetingPlace, 'Le lieu de réunion'),
  meetingRhythm: z.enum(MEETING_RHYTHMS, { error: 'Choisissez un rythme de réunion' }),
  meetingWeekday: z.coerce
    .number()
    .int()
    .min(1, { error: 'Choisissez un jour' })
    .max(7, { error: 'Choisissez un jour' }),
  meetingTime: timeSchema,
});
export type GroupFormInput = z.input<typeof groupFormSchema>;
export type GroupForm = z.output<typeof groupFormSchema>;

export const groupSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  city: z.string(),
  departmentCode: z.string(),
  region: z.string(),
  meetingRhythm: z.enum(MEETING_RHYTHMS),
  meetingWeekday: z.number().int(),
  meetingTime: z.string(),
  activeMembers: z.number().int(),
  status: z.enum(GROUP_STATUSES),
  /** Trades of the catalogue no one holds in this group. */
  openSeats: z.number().int(),
});
export type GroupSummary = z.infer<typeof groupSummarySchema>;

/** GET /api/groups?region=&department=: every group, by region, département and city. */
export const groupListQuerySchema = z.object({
  region: z.string().trim().max(L.region).optional(),
  department: z.string().trim().toUpperCase().max(3).optional(),
});
export const groupListSchema = z.object({
  groups: z.array(groupSummarySchema),
  /** The filters' choices: every region and département that has a group. */
  regions: z.array(z.string()),
  departments: z.array(z.object({ code: z.string(), region: z.string() })),
});
export type GroupList = z.infer<typeof groupListSchema>;

export const groupMemberCardSchema = z.object({
  userId: z.string(),
  fullName: z.string(),
  companyName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  tradeId: z.string(),
  /** The member's trade as they chose it to read: the feminine label for a member who chose it (issue 31). */
  tradeLabel: z.string(),
  specialty: z.string().nullable(),
  role: z.enum(LEADER_ROLES).nullable(),
  /** The member's title, in the form they chose (`Présidente`); null without a role. */
  roleLabel: z.string().nullable(),
});
export type GroupMemberCard = z.infer<typeof groupMemberCardSchema>;

export const openSeatFamilySchema = z.object({
  family: z.enum(TRADE_FAMILY_SLUGS),
  trades: z.array(z.object({ id: z.string(), slug: z.string(), label: z.string() })),
});

/** GET /api/group-pages/:slug: the public group page (one query, network-core §2). */
export const groupPageSchema = z.object({
  group: groupSummarySchema.extend({
    description: z.string(),
    meetingPlace: z.string(),
    /** A photo of the meeting place, uploaded by the leaders (issue 31); null when none. */
    placePhotoUrl: z.string().nullable(),
  }),
  members: z.array(groupMemberCardSchema),
  openSeatsByFamily: z.array(openSeatFamilySchema),
});
export type GroupPage = z.infer<typeof groupPageSchema>;

export const groupSlugParamsSchema = z.object({ slug: z.string().trim().min(1).max(L.slug) });
export const groupIdParamsSchema = z.object({ groupId: z.string().trim().min(1).max(100) });

// ---------------------------------------------------------------------------
// Joining: applications, objections, decisions (network-core §2 "Joining a group")
// ---------------------------------------------------------------------------

/** POST /api/groups/:groupId/applications: the seat is the applicant's own trade (their profile). */
export const applicationFormSchema = z.object({
  message: optionalText(L.applicationMessage, 'Le message', { multiline: true }),
});
export type ApplicationFormInput = z.input<typeof applicationFormSchema>;

export const objectionFormSchema = z.object({
  reason: multilineText(5, L.objectionReason, 'La raison'),
});
export type ObjectionFormInput = z.input<typeof objectionFormSchema>;
/** POST .../objections answers the objection's id only (its reason is for the leaders). */
export const objectionCreatedSchema = z.object({ id: z.string() });

/** POST .../accept: `override` accepts before the 7 days end, only if no member objected. */
export const acceptApplicationSchema = z.object({
  message: optionalText(L.decisionMessage, 'Le message', { multiline: true }),
  override: z.boolean().default(false),
});
export const refuseApplicationSchema = z.object({
  message: multilineText(2, L.decisionMessage, 'Le message'),
});

/** Leaving one's group, or a leader removing a member: the reason is kept in the history. */
export const endMembershipSchema = z.object({
  reason: multilineText(2, L.endReason, 'La raison'),
});

export const applicationSchema = z.object({
  id: z.string(),
  groupId: z.string(),
  groupName: z.string(),
  groupSlug: z.string(),
  userId: z.string(),
  fullName: z.string(),
  companyName: z.string().nullable(),
  tradeId: z.string(),
  tradeLabel: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  message: z.string().nullable(),
  createdAt: isoDateTime(),
  objectionPeriodEndsAt: isoDateTime(),
  decidedAt: isoDateTime().nullable(),
  decisionMessage: z.string().nullable(),
  /** Seen by leaders only; null for others. */
  objections: z
    .array(z.object({ id: z.string(), fullName: z.string(), reason: z.string(), createdAt: isoDateTime() }))
    .nullable(),
  /** For a group member: whether they already objected. */
  objectedByViewer: z.boolean(),
});
export type Application = z.infer<typeof applicationSchema>;

export const waitlistEntrySchema = z.object({
  id: z.string(),
  groupId: z.string(),
  groupName: z.string(),
  groupSlug: z.string(),
  userId: z.string(),
  fullName: z.string(),
  tradeId: z.string(),
  tradeLabel: z.string(),
  status: z.enum(WAITLIST_STATUSES),
  /** 1 for the first in line (an open offer counts as first). */
  position: z.number().int(),
  createdAt: isoDateTime(),
  offerExpiresAt: isoDateTime().nullable(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

export const groupHistoryEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(GROUP_HISTORY_KINDS),
  actorName: z.string().nullable(),
  subjectName: z.string().nullable(),
  tradeLabel: z.string().nullable(),
  message: z.string().nullable(),
  createdAt: isoDateTime(),
});
export type GroupHistoryEntry = z.infer<typeof groupHistoryEntrySchema>;

/**
 * GET /api/me/group: the member's space. Their seat (if any) with their group's page, the pending
 * applications of that group (to object), their own applications and waiting-list places.
 */
export const myGroupSchema = z.object({
  membership: z
    .object({
      groupId: z.string(),
      role: z.enum(LEADER_ROLES).nullable(),
      /** The member's own title, in the form they chose; null without a role. */
      roleLabel: z.string().nullable(),
      joinedAt: isoDateTime(),
    })
    .nullable(),
  group: groupPageSchema.nullable(),
  /** Pending applications to the member's group (objections: network-core §2). */
  groupApplications: z.array(applicationSchema),
  myApplications: z.array(applicationSchema),
  myWaitlist: z.array(waitlistEntrySchema),
  /** The member's trade from their profile; null until they pick one. */
  trade: tradeSchema.nullable(),
  /** Set by the profession migration: the member must pick their trade. */
  mustPickTrade: z.boolean(),
});
export type MyGroup = z.infer<typeof myGroupSchema>;

/** GET /api/groups/:groupId/leaders-page: applications with objections, waiting lists, members, history. */
export const leaderPageSchema = z.object({
  group: groupPageSchema.shape.group,
  /** With each member's form of titles (issue 31), for the words naming them to a role. */
  members: z.array(groupMemberCardSchema.extend({ joinedAt: isoDateTime(), titleForm: z.enum(TITLE_FORMS) })),
  applications: z.array(applicationSchema),
  waitlist: z.array(waitlistEntrySchema),
  history: z.array(groupHistoryEntrySchema),
  /** Whether the viewer may name leaders (the président, or an admin). */
  canNameLeaders: z.boolean(),
});
export type LeaderPage = z.infer<typeof leaderPageSchema>;

/** PUT /api/groups/:groupId/leaders/:role: name a member of the group (null clears the role). */
export const nameLeaderSchema = z.object({ userId: z.string().trim().min(1).max(200).nullable() });
export const leaderRoleParamsSchema = z.object({
  groupId: z.string().trim().min(1).max(100),
  role: z.enum(LEADER_ROLES),
});

/** The viewer's state for one group's seat of their trade (the public page's apply box). */
export const seatStateSchema = z.object({
  trade: tradeSchema.nullable(),
  state: z.enum(['no_trade', 'member_here', 'member_elsewhere', 'applied', 'seat_free', 'seat_held', 'waiting']),
  applicationId: z.string().nullable(),
  waitlist: waitlistEntrySchema.nullable(),
  /** When the seat is held: nearby groups where it is free (same département, then region). */
  nearestGroups: z.array(groupSummarySchema),
});
export type SeatState = z.infer<typeof seatStateSchema>;
