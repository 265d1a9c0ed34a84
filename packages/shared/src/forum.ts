import './zod-locale';
import { z } from 'zod';
import { isoDateTime } from './api-dates';
import { multilineText, nullableText } from './fields';
import {
  FORUM_POSTS_PAGE_SIZE,
  FORUM_REPORT_STATUSES,
  FORUM_SEARCH_PAGE_SIZE,
  FORUM_TOPICS_PAGE_SIZE,
  FORUM_LIMITS as L,
  forumMessages as M,
} from './forum-constants';

export * from './forum-constants';

/** Category slugs the forum's pages take. */
export const FORUM_RESERVED_SLUGS: readonly string[] = ['nouveau', 'recherche', 'moderation', 'sujets'];

// ---------------------------------------------------------------------------
// Forms (one schema per form, shared by the browser and the server)
// ---------------------------------------------------------------------------

const mentions = z
  .array(z.string().trim().min(1).max(200))
  .max(L.mentionsMax, { error: M.tooManyMentions })
  .default([]);

const body = multilineText(L.bodyMin, L.bodyMax, 'Le message', { required: M.bodyRequired, tooLong: M.bodyTooLong });

/** POST /api/forum/categories/:slug/topics. `mentions`: user ids picked in the composer (`@`). */
export const forumTopicFormSchema = z.object({
  title: multilineText(L.titleMin, L.titleMax, 'Le titre', {
    required: M.titleTooShort,
    tooLong: M.titleTooLong,
  }).refine((v) => !/[\r\n]/.test(v), { error: 'Le titre tient sur une ligne' }),
  body,
  /** Visitors may read it (national categories only; refused in a group's). */
  isPublic: z.boolean().default(false),
  mentions,
});
export type ForumTopicFormInput = z.input<typeof forumTopicFormSchema>;
export type ForumTopicForm = z.output<typeof forumTopicFormSchema>;

/** PATCH /api/forum/topics/:topicId (author, within the edit window). */
export const forumTopicEditSchema = forumTopicFormSchema;

/** POST /api/forum/topics/:topicId/posts and PATCH /api/forum/posts/:postId. */
export const forumPostFormSchema = z.object({ body, mentions });
export type ForumPostFormInput = z.input<typeof forumPostFormSchema>;
export type ForumPostForm = z.output<typeof forumPostFormSchema>;

/** PUT /api/forum/topics/:topicId/accepted: the asker picks a reply, or null to take it back. */
export const forumAcceptSchema = z.object({ postId: z.uuid({ error: 'Réponse introuvable' }).nullable() });

/** POST …/report: the reason is optional. */
export const forumReportFormSchema = z.object({
  reason: nullableText(L.reasonMax, 'La raison', { multiline: true, tooLong: M.reasonTooLong }).optional(),
});

/** POST …/hide and …/restore (leaders of the group's category, admins): the reason is kept. */
export const forumModerationFormSchema = z.object({
  reason: multilineText(1, L.reasonMax, 'La raison', { required: M.reasonRequired, tooLong: M.reasonTooLong }),
});

/** POST/PATCH /api/admin/forum/categories (national categories). */
export const forumCategoryFormSchema = z.object({
  name: multilineText(L.categoryNameMin, L.categoryNameMax, 'Le nom').refine((v) => !/[\r\n]/.test(v), {
    error: 'Le nom tient sur une ligne',
  }),
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'L’adresse\u202f: lettres minuscules, chiffres et tirets' })
    .max(60)
    // The forum's own pages live beside the categories (/forum/nouveau, /forum/recherche…), and
    // `groupe-…` is the groups' categories' prefix.
    .refine((v) => !FORUM_RESERVED_SLUGS.includes(v) && !v.startsWith('groupe-'), {
      error: 'Cette adresse est réservée par le forum\u202f: choisissez-en une autre.',
    }),
  description: nullableText(L.categoryDescriptionMax, 'La description'),
  position: z.number().int().min(0).max(1000).default(0),
  archived: z.boolean().default(false),
});
export type ForumCategoryFormInput = z.input<typeof forumCategoryFormSchema>;

// ---------------------------------------------------------------------------
// Paths and queries
// ---------------------------------------------------------------------------

/** A category's address in the forum's paths (`/api/forum/categories/:slug/topics`). */
export const forumSlugParamsSchema = z.object({ slug: z.string().trim().min(1).max(80) });

export const forumTopicsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  /** Only the questions without an accepted answer. */
  unanswered: z.stringbool({ error: 'Valeur attendue\u202f: true ou false' }).optional(),
});

export const forumPostsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const forumSearchQuerySchema = z.object({
  q: z.string().trim().min(L.searchMin, { error: M.searchTooShort }).max(L.searchMax),
  page: z.coerce.number().int().min(1).max(500).default(1),
  /** Only this category (its slug). */
  category: z.string().trim().max(80).optional(),
});

export const forumReportsQuerySchema = z.object({
  status: z.enum(FORUM_REPORT_STATUSES).default('open'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** GET /api/forum/mentionable?q=: the letters typed after `@`. */
export const forumMentionableQuerySchema = z.object({ q: z.string().trim().max(100).default('') });

// ---------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------

/** Who wrote a message: null fields once the account is gone (shown `Ancien membre`). */
export const forumAuthorSchema = z.object({
  id: z.string().nullable(),
  name: z.string(),
  image: z.string().nullable(),
  trade: z.string().nullable(),
});
export type ForumAuthor = z.infer<typeof forumAuthorSchema>;

export const forumCategorySchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** Set for a group's category (its members only). */
  group: z.object({ id: z.uuid(), slug: z.string(), name: z.string() }).nullable(),
  position: z.number().int(),
  archived: z.boolean(),
  topicCount: z.number().int(),
  lastActivityAt: isoDateTime().nullable(),
});
export type ForumCategory = z.infer<typeof forumCategorySchema>;

/** GET /api/forum/categories: what the caller may read (a visitor: national ones). */
export const forumCategoriesResponseSchema = z.object({
  categories: z.array(forumCategorySchema),
  /** What the caller may do, for the page's buttons (the server decides again on each call). */
  viewer: z.object({
    signedIn: z.boolean(),
    canPost: z.boolean(),
    isAdmin: z.boolean(),
    /** Groups whose category the caller moderates (leaders). */
    moderatesGroupIds: z.array(z.uuid()),
  }),
});
export type ForumCategoriesResponse = z.infer<typeof forumCategoriesResponseSchema>;

export const forumTopicSummarySchema = z.object({
  id: z.uuid(),
  categorySlug: z.string(),
  title: z.string(),
  author: forumAuthorSchema,
  isPublic: z.boolean(),
  replyCount: z.number().int(),
  hasAcceptedAnswer: z.boolean(),
  /** The accepted answer's first words, on the list (null when none, or to a visitor). */
  acceptedExcerpt: z.string().nullable(),
  hidden: z.boolean(),
  createdAt: isoDateTime(),
  lastActivityAt: isoDateTime(),
});
export type ForumTopicSummary = z.infer<typeof forumTopicSummarySchema>;

/** A topic on the forum's landing: its category named, since the list mixes them. */
export const forumLandingTopicSchema = forumTopicSummarySchema.extend({ categoryName: z.string() });
export type ForumLandingTopic = z.infer<typeof forumLandingTopicSchema>;

/**
 * GET /api/forum/latest (issue 31): what the forum opens on, across the categories the caller
 * reads (national ones and their own group's): the latest discussions by last activity, and the
 * questions nobody has answered yet (no reply), newest first.
 */
export const forumLandingResponseSchema = z.object({
  latest: z.array(forumLandingTopicSchema),
  unanswered: z.array(forumLandingTopicSchema),
});
export type ForumLandingResponse = z.infer<typeof forumLandingResponseSchema>;

/** GET /api/forum/categories/:slug/topics: newest activity first. */
export const forumTopicsResponseSchema = z.object({
  category: forumCategorySchema,
  topics: z.array(forumTopicSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.literal(FORUM_TOPICS_PAGE_SIZE),
});
export type ForumTopicsResponse = z.infer<typeof forumTopicsResponseSchema>;

/** A topic's text or a reply. `body` is null when hidden, unless the caller moderates it. */
export const forumPostSchema = z.object({
  id: z.uuid(),
  author: forumAuthorSchema,
  body: z.string().nullable(),
  /** Members named with `@` in this message, to link their names. */
  mentions: z.array(z.object({ id: z.string(), name: z.string() })),
  createdAt: isoDateTime(),
  editedAt: isoDateTime().nullable(),
  /** The author may still edit it until then (null: not the author, or too late). */
  editableUntil: isoDateTime().nullable(),
  hidden: z.object({ at: isoDateTime(), reason: z.string() }).nullable(),
  accepted: z.boolean(),
  reportedByMe: z.boolean(),
});
export type ForumPost = z.infer<typeof forumPostSchema>;

/** GET /api/forum/topics/:topicId: the question, the accepted answer first, then the replies in order. */
export const forumTopicResponseSchema = z.object({
  category: forumCategorySchema,
  topic: forumPostSchema.extend({
    title: z.string(),
    isPublic: z.boolean(),
    replyCount: z.number().int(),
  }),
  /** On every page, above the replies. */
  acceptedAnswer: forumPostSchema.nullable(),
  posts: z.array(forumPostSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.literal(FORUM_POSTS_PAGE_SIZE),
  viewer: z.object({
    canReply: z.boolean(),
    canAccept: z.boolean(),
    canModerate: z.boolean(),
  }),
});
export type ForumTopicResponse = z.infer<typeof forumTopicResponseSchema>;

export const forumSearchResponseSchema = z.object({
  results: z.array(
    forumTopicSummarySchema.extend({
      /** Where the words were found, plain text (the page highlights nothing it did not get). */
      excerpt: z.string(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.literal(FORUM_SEARCH_PAGE_SIZE),
});
export type ForumSearchResponse = z.infer<typeof forumSearchResponseSchema>;

export const forumReportSchema = z.object({
  id: z.uuid(),
  topicId: z.uuid(),
  topicTitle: z.string(),
  categorySlug: z.string(),
  postId: z.uuid().nullable(),
  excerpt: z.string(),
  author: forumAuthorSchema,
  reporter: forumAuthorSchema,
  reason: z.string().nullable(),
  status: z.enum(FORUM_REPORT_STATUSES),
  /** Reports of the same message (one line per message in the queue). */
  reportCount: z.number().int(),
  hidden: z.object({ at: isoDateTime(), reason: z.string() }).nullable(),
  createdAt: isoDateTime(),
});
export type ForumReport = z.infer<typeof forumReportSchema>;

/** GET /api/forum/reports: what the caller moderates (admins: all; leaders: their group's category). */
export const forumReportsResponseSchema = z.object({
  reports: z.array(forumReportSchema),
  total: z.number().int(),
  page: z.number().int(),
});
export type ForumReportsResponse = z.infer<typeof forumReportsResponseSchema>;

/** GET /api/forum/mentionable?q=: members the composer proposes after `@`. */
export const forumMentionableResponseSchema = z.object({
  members: z.array(z.object({ id: z.string(), name: z.string(), trade: z.string().nullable() })),
});

/** GET /api/admin/forum/categories: every category, archived and groups' included. */
export const forumAdminCategoriesResponseSchema = z.object({ categories: z.array(forumCategorySchema) });

/** A topic, a reply or a report written (201), or a topic edited: its id. */
export const forumCreatedSchema = z.object({ id: z.uuid() });

/** PATCH /api/forum/posts/:postId: the reply's id and its topic's. */
export const forumPostEditedSchema = forumCreatedSchema.extend({ topicId: z.uuid() });

/** PUT /api/forum/topics/:topicId/accepted: the accepted reply now (null: none). */
export const forumAcceptedResponseSchema = z.object({ acceptedPostId: z.uuid().nullable() });

/** POST …/hide and …/restore: whether the message is hidden now. */
export const forumModeratedResponseSchema = z.object({ hidden: z.boolean() });
