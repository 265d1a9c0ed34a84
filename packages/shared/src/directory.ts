import './zod-locale';
import { z } from 'zod';
import { isoDateTime } from './api-dates';
import {
  CONTACT_MESSAGE_MAX,
  contactRequestStatuses,
  contactStatuses,
  DIRECTORY_PAGE_SIZE_DEFAULT,
  DIRECTORY_PAGE_SIZE_MAX,
  DIRECTORY_QUERY_MAX,
  directoryMessages,
  directorySorts,
  SHARED_PROJECT_NOTES_MAX,
  SHARED_PROJECT_TITLE_MAX,
  sharedProjectStatuses,
} from './directory-constants';
import { boundedText, optionalText } from './fields';
import { TRADE_FAMILY_SLUGS } from './group-constants';
import { scoreBadgeSchema } from './score';

export * from './directory-constants';

/** An empty filter is no filter: the select's "all" option sends ''. */
const optionalFilter = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/** GET /api/members: search, filters, ordering and page. */
export const directoryQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(DIRECTORY_QUERY_MAX, { error: `La recherche ne peut pas dépasser ${DIRECTORY_QUERY_MAX} caractères` })
    .optional()
    .transform((v) => (v ? v : undefined)),
  profession: optionalFilter(100),
  industry: optionalFilter(100),
  /** Members of one group (network-core §2): its id or its slug. */
  group: optionalFilter(100),
  /** Members whose trade is of one family of the catalogue. */
  family: z
    .union([z.enum(TRADE_FAMILY_SLUGS), z.literal('')], { error: 'Famille de métiers inconnue' })
    .optional()
    .transform((v) => (v ? v : undefined)),
  sort: z.enum(directorySorts).default('name'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(DIRECTORY_PAGE_SIZE_MAX).default(DIRECTORY_PAGE_SIZE_DEFAULT),
});
export type DirectoryQueryInput = z.input<typeof directoryQuerySchema>;
export type DirectoryQuery = z.output<typeof directoryQuerySchema>;

export const memberLinksSchema = z.object({
  websiteUrl: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  twitterUrl: z.string().nullable(),
  githubUrl: z.string().nullable(),
  facebookUrl: z.string().nullable(),
});
export type MemberLinks = z.infer<typeof memberLinksSchema>;

/** Who a member is, as other members see them (cards, contact requests, shared projects). */
export const memberSummarySchema = z.object({
  userId: z.string(),
  fullName: z.string(),
  companyName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  profession: z.string().nullable(),
  industry: z.string().nullable(),
  city: z.string().nullable(),
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;

/** A member's trade as cards show it (network-core §1): the catalogue's label and their specialty. */
export const memberTradeSchema = z.object({
  id: z.string(),
  label: z.string(),
  family: z.enum(TRADE_FAMILY_SLUGS),
  regulated: z.boolean(),
});
/** A member's home group (their active seat), linked to /groupes/{slug}. */
export const memberGroupSchema = z.object({ id: z.string(), name: z.string(), slug: z.string() });

export const memberCardSchema = memberSummarySchema.extend({
  trade: memberTradeSchema.nullable(),
  specialty: z.string().nullable(),
  group: memberGroupSchema.nullable(),
  /** At most 10 (spec section 9). */
  skills: z.array(z.string()),
  /** At most 3 (spec section 9). */
  lookingFor: z.array(z.string()),
  bio: z.string().nullable(),
  links: memberLinksSchema,
  /** Rounded to one decimal; null without ratings. */
  averageRating: z.number().nullable(),
  ratingsCount: z.number().int(),
  /** The viewer's own rating of this member, if any. */
  myRating: z.number().int().nullable(),
  /** Approved testimonials (`Témoignages`), read on the member's page. */
  testimonialsCount: z.number().int(),
  contactStatus: z.enum(contactStatuses),
  /** Only with sort=synergy: the complementarity points (see SYNERGY_POINTS). */
  synergyScore: z.number().int().nullable(),
  /** The reputation score of its day (network-core §7), beside the ratings; null until computed. */
  score: scoreBadgeSchema,
});
export type MemberCard = z.infer<typeof memberCardSchema>;

export const directoryPageSchema = z.object({
  members: z.array(memberCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The viewer may sort by reputation score (a group leader or an admin): the `Score` option. */
  canSortByScore: z.boolean(),
});
export type DirectoryPage = z.infer<typeof directoryPageSchema>;

export const directoryFacetsSchema = z.object({
  professions: z.array(z.string()),
  industries: z.array(z.string()),
  /** Every group, by name: the group filter's choices. */
  groups: z.array(memberGroupSchema),
});
export type DirectoryFacets = z.infer<typeof directoryFacetsSchema>;

/** The rating dialog and PUT /api/members/:userId/rating: 1 to 5 whole stars (0 = not chosen). */
export const ratingInputSchema = z.object({
  rating: z
    .number({ error: directoryMessages.ratingRequired })
    .int({ error: directoryMessages.ratingRange })
    .min(1, { error: directoryMessages.ratingRequired })
    .max(5, { error: directoryMessages.ratingRange }),
});
export type RatingInput = z.infer<typeof ratingInputSchema>;

export const ratingResultSchema = z.object({
  averageRating: z.number().nullable(),
  ratingsCount: z.number().int(),
  myRating: z.number().int(),
});
export type RatingResult = z.infer<typeof ratingResultSchema>;

/** The contact dialog and POST /api/members/:userId/contact-requests. */
export const contactRequestInputSchema = z.object({
  message: optionalText(CONTACT_MESSAGE_MAX, 'Le message', {
    multiline: true,
    tooLong: directoryMessages.contactMessageTooLong,
  }),
});
export type ContactRequestInput = z.input<typeof contactRequestInputSchema>;

export const contactRequestSchema = z.object({
  id: z.string(),
  status: z.enum(contactRequestStatuses),
  message: z.string().nullable(),
  createdAt: isoDateTime(),
  respondedAt: isoDateTime().nullable(),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

/** GET /api/me/contact-requests: pending requests I received, and the ones I sent. */
export const myContactRequestsSchema = z.object({
  incoming: z.array(contactRequestSchema.extend({ requester: memberSummarySchema })),
  outgoing: z.array(contactRequestSchema.extend({ contact: memberSummarySchema })),
});
export type MyContactRequests = z.infer<typeof myContactRequestsSchema>;

/** A collaborative project shared by the two members of an accepted contact request. */
export const sharedProjectSchema = z.object({
  id: z.string(),
  title: z.string(),
  notes: z.string().nullable(),
  status: z.enum(sharedProjectStatuses),
  /** The other member. */
  partner: memberSummarySchema,
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});
export type SharedProject = z.infer<typeof sharedProjectSchema>;

export const sharedProjectListSchema = z.object({ projects: z.array(sharedProjectSchema) });
export type SharedProjectList = z.infer<typeof sharedProjectListSchema>;

export const acceptContactResultSchema = z.object({
  request: contactRequestSchema,
  sharedProject: sharedProjectSchema,
});
export type AcceptContactResult = z.infer<typeof acceptContactResultSchema>;

/** The inline editor of a shared project and PUT /api/me/shared-projects/:id. */
export const sharedProjectUpdateSchema = z.object({
  title: boundedText(1, SHARED_PROJECT_TITLE_MAX, 'Le titre', {
    required: directoryMessages.sharedProjectTitleRequired,
    tooLong: directoryMessages.sharedProjectTitleTooLong,
  }),
  notes: optionalText(SHARED_PROJECT_NOTES_MAX, 'Les notes', {
    multiline: true,
    tooLong: directoryMessages.sharedProjectNotesTooLong,
  }),
  status: z.enum(sharedProjectStatuses),
});
export type SharedProjectUpdateInput = z.input<typeof sharedProjectUpdateSchema>;
export type SharedProjectUpdate = z.output<typeof sharedProjectUpdateSchema>;
