import {
  FORUM_EDIT_WINDOW_MINUTES,
  FORUM_LATEST_SIZE,
  FORUM_POSTS_PAGE_SIZE,
  FORUM_TOPICS_PAGE_SIZE,
  FORUM_UNANSWERED_SIZE,
  type ForumCategoriesResponse,
  type ForumLandingResponse,
  type ForumPost,
  type ForumPostForm,
  type ForumTopicForm,
  type ForumTopicResponse,
  type ForumTopicsResponse,
  forumMessages,
} from '@synergie/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { displayName, displayNameText } from '../../db/fragments';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { pgErrorCode } from '../../lib/pg-errors';
import { notificationTexts } from '../notification-texts';
import { notify } from '../notifications';
import { quotaLimitsFrom, takeQuota } from '../quotas';
import {
  assertCanRead,
  assertCanWrite,
  authorColumns,
  authorJoin,
  type CategoryRow,
  categoryColumns,
  excerptOf,
  inList,
  iso,
  isoOrNull,
  json,
  loadViewer,
  moderates,
  toAuthor,
  toCategory,
  type Viewer,
} from './forum-shared';

/**
 * The forum (network-core §9, issue 18): categories (national ones, one per group), topics,
 * replies, the accepted answer, @mentions. Reports and moderation are in forum-moderation.ts,
 * search in forum-search.ts, the admins' categories in forum-admin.ts.
 *
 * Text is stored as typed (plain text) and never returned as HTML. Every list is a constant
 * number of queries: the caller (one), then one per list (topic page: topic, then its posts).
 * Races are settled by the database: a reply increments reply_count in its own UPDATE (row lock),
 * an edit's 15-minute window is in the UPDATE's WHERE clause, mentions and reports are unique.
 *
 * Hidden messages are never deleted. A hidden topic is left out of lists and answers 404 to
 * those who do not moderate it; a hidden reply stays in its place with a null body. A hidden
 * accepted answer stays the topic's accepted_post_id (restoring it brings it back) but the topic
 * reads `hasAcceptedAnswer: false` and `acceptedAnswer: null` meanwhile.
 */

const topicLink = (topicId: string) => `/forum/sujets/${topicId}`;
const EDIT_MS = FORUM_EDIT_WINDOW_MINUTES * 60_000;

// ---------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------

/** GET /api/forum/categories: what the caller may read, with what they may do. Two queries at most. */
export async function listCategories(db: DbOrTx, userId: string | null): Promise<ForumCategoriesResponse> {
  const viewer = await loadViewer(db, userId);
  const { rows } = await db.execute<CategoryRow>(sql`
    select ${categoryColumns}
      from forum_categories c
      left join groups g on g.id = c.group_id
     where ${viewer.admin} or (c.group_id is null and c.archived_at is null) or c.group_id = ${viewer.groupId}
     order by c.group_id is not null, c.position, c.name, c.id`);
  return {
    categories: rows.map(toCategory),
    viewer: {
      signedIn: viewer.id !== null,
      canPost: viewer.subscribed,
      isAdmin: viewer.admin,
      moderatesGroupIds: viewer.leader && viewer.groupId ? [viewer.groupId] : [],
    },
  };
}

/** The category of a slug; `counts: false` leaves its topic count and last activity to the caller. */
async function categoryBySlug(db: DbOrTx, slug: string, counts = true): Promise<CategoryRow> {
  const columns = counts
    ? categoryColumns
    : sql.raw(`c.id as c_id, c.slug as c_slug, c.name as c_name, c.description as c_description,
        c.group_id as c_group_id, g.slug as c_group_slug, g.name as c_group_name, c.position as c_position,
        c.archived_at as c_archived_at, 0 as c_topic_count, null::timestamptz as c_last_activity_at`);
  const { rows } = await db.execute<CategoryRow>(sql`
    select ${columns} from forum_categories c left join groups g on g.id = c.group_id
     where c.slug = ${slug}`);
  const row = rows[0];
  if (!row) throw new AppError('FORUM_CATEGORY_NOT_FOUND');
  return row;
}

const categoryAccess = (row: CategoryRow) => ({ groupId: row.c_group_id, archived: row.c_archived_at !== null });

// ---------------------------------------------------------------------------
// Topic lists
// ---------------------------------------------------------------------------

interface TopicSummaryRow extends Record<string, unknown> {
  id: string;
  title: string;
  is_public: boolean;
  reply_count: number;
  accepted_body: string | null;
  hidden_at: Date | string | null;
  created_at: Date | string;
  last_activity_at: Date | string;
  total: number;
}

/** Columns of a topic summary (alias t, accepted answer ap, author a). */
export const summaryColumns = sql`t.id, t.title, t.is_public, t.reply_count, acc.body as accepted_body,
  t.hidden_at, t.created_at, t.last_activity_at, ${authorColumns('a')}`;
export const summaryJoins = sql`${authorJoin('a', 't.author_id')}
  left join forum_posts acc on acc.id = t.accepted_post_id and acc.hidden_at is null`;

export function toSummary(row: TopicSummaryRow, categorySlug: string, viewer: Viewer) {
  return {
    id: row.id,
    categorySlug,
    title: row.title,
    author: toAuthor(row, 'a'),
    isPublic: row.is_public,
    replyCount: Number(row.reply_count),
    hasAcceptedAnswer: row.accepted_body !== null,
    acceptedExcerpt: row.accepted_body !== null && viewer.id ? excerptOf(row.accepted_body, 160) : null,
    hidden: row.hidden_at !== null,
    createdAt: iso(row.created_at),
    lastActivityAt: iso(row.last_activity_at),
  };
}

/**
 * GET /api/forum/categories/:slug/topics: newest activity first, 20 a page. A visitor reads the
 * titles of national categories; hidden topics only to moderators. Three queries.
 */
export async function listTopics(
  db: DbOrTx,
  userId: string | null,
  slug: string,
  query: { page: number; unanswered?: boolean },
): Promise<ForumTopicsResponse> {
  const viewer = await loadViewer(db, userId);
  const category = await categoryBySlug(db, slug, false);
  const access = categoryAccess(category);
  assertCanRead(access, viewer);
  const showHidden = moderates(access, viewer);
  const listed = sql`${showHidden ? sql`true` : sql`t.hidden_at is null`}
    ${query.unanswered ? sql`and t.accepted_post_id is null` : sql``}`;
  const offset = (query.page - 1) * FORUM_TOPICS_PAGE_SIZE;
  // One statement: the category's counts and the list's total in one scan, then the page's ids
  // (an index scan on (category_id, last_activity_at desc, id) that stops after it), and only
  // then the authors and accepted answers of those 20.
  const { rows } = await db.execute<TopicSummaryRow & { topic_count: number; last_activity: Date | string | null }>(sql`
    with counts as (
      select count(*) filter (where t.hidden_at is null)::int as topic_count,
             max(t.last_activity_at) filter (where t.hidden_at is null) as last_activity,
             count(*) filter (where ${listed})::int as total
        from forum_topics t where t.category_id = ${category.c_id}),
    page as (
      select t.id from forum_topics t
       where t.category_id = ${category.c_id} and ${listed}
       order by t.last_activity_at desc nulls last, t.id
       limit ${FORUM_TOPICS_PAGE_SIZE} offset ${offset})
    select counts.*, topics.*
      from counts
      left join lateral (
        select ${summaryColumns}
          from page join forum_topics t on t.id = page.id ${summaryJoins}) topics on true
     order by topics.last_activity_at desc nulls last, topics.id`);
  const first = rows[0];
  return {
    category: toCategory({
      ...category,
      c_topic_count: Number(first?.topic_count ?? 0),
      c_last_activity_at: first?.last_activity ?? null,
    }),
    topics: rows.filter((r) => r.id).map((r) => toSummary(r, category.c_slug, viewer)),
    total: Number(first?.total ?? 0),
    page: query.page,
    pageSize: FORUM_TOPICS_PAGE_SIZE,
  };
}

/**
 * GET /api/forum/latest (issue 31): what /forum opens on. The categories read are the national
 * ones not archived and the caller's own group's; hidden topics are left out for everyone (a
 * moderator finds them in their category). `unanswered` is the questions with no reply at all,
 * newest first: those a member can help with. Two queries whatever the forum's size: the caller,
 * then both lists in one statement (only the 15 picked topics get their authors and answers).
 */
export async function listLanding(db: DbOrTx, userId: string | null): Promise<ForumLandingResponse> {
  const viewer = await loadViewer(db, userId);
  const { rows } = await db.execute<
    TopicSummaryRow & { list: 'latest' | 'unanswered'; category_slug: string; category_name: string }
  >(sql`
    with readable as (
      select c.id from forum_categories c
       where c.archived_at is null and (c.group_id is null or c.group_id = ${viewer.groupId})),
    latest as (
      select t.id, 'latest' as list, t.last_activity_at as at from forum_topics t
       where t.category_id in (select id from readable) and t.hidden_at is null
       order by t.last_activity_at desc, t.id
       limit ${FORUM_LATEST_SIZE}),
    unanswered as (
      select t.id, 'unanswered' as list, t.created_at as at from forum_topics t
       where t.category_id in (select id from readable) and t.hidden_at is null and t.reply_count = 0
       order by t.created_at desc, t.id
       limit ${FORUM_UNANSWERED_SIZE}),
    picked as (select * from latest union all select * from unanswered)
    select picked.list, c.slug as category_slug, c.name as category_name, ${summaryColumns}
      from picked
      join forum_topics t on t.id = picked.id
      join forum_categories c on c.id = t.category_id
      ${summaryJoins}
     order by picked.list, picked.at desc, t.id`);
  const of = (list: 'latest' | 'unanswered') =>
    rows
      .filter((row) => row.list === list)
      .map((row) => ({ ...toSummary(row, row.category_slug, viewer), categoryName: row.category_name }));
  return { latest: of('latest'), unanswered: of('unanswered') };
}

// ---------------------------------------------------------------------------
// A topic's page
// ---------------------------------------------------------------------------

interface TopicRow extends CategoryRow {
  id: string;
  title: string;
  body: string;
  is_public: boolean;
  accepted_post_id: string | null;
  reply_count: number;
  edited_at: Date | string | null;
  hidden_at: Date | string | null;
  hidden_reason: string | null;
  created_at: Date | string;
  author_id: string | null;
  mentions: unknown;
  reported_by_me: boolean;
  post_total: number;
}

const mentionsOf = (condition: string) =>
  sql.raw(`coalesce((select json_agg(json_build_object('id', mu.id,
      'name', ${displayNameText('mu', 'mp')}) order by m.created_at)
    from forum_mentions m join "user" mu on mu.id = m.user_id left join profiles mp on mp.user_id = mu.id
   where ${condition}), '[]'::json)`);

async function topicRow(db: DbOrTx, topicId: string, viewerId: string | null): Promise<TopicRow> {
  if (!isUuid(topicId)) throw new AppError('FORUM_TOPIC_NOT_FOUND');
  const { rows } = await db.execute<TopicRow>(sql`
    select t.id, t.title, t.body, t.is_public, t.accepted_post_id, t.reply_count, t.edited_at, t.hidden_at,
           t.hidden_reason, t.created_at, t.author_id, ${authorColumns('a')}, ${categoryColumns},
           ${mentionsOf('m.topic_id = t.id and m.post_id is null')} as mentions,
           exists (select 1 from forum_reports r where r.topic_id = t.id and r.post_id is null
                    and r.reporter_id = ${viewerId}) as reported_by_me,
           (select count(*) from forum_posts fp where fp.topic_id = t.id)::int as post_total
      from forum_topics t
      join forum_categories c on c.id = t.category_id
      left join groups g on g.id = c.group_id
      ${authorJoin('a', 't.author_id')}
     where t.id = ${topicId}`);
  const row = rows[0];
  if (!row) throw new AppError('FORUM_TOPIC_NOT_FOUND');
  return row;
}

/** Who may read this topic: its category's readers; a visitor only public topics of national ones. */
function assertCanReadTopic(row: TopicRow, viewer: Viewer): void {
  const access = categoryAccess(row);
  if (!viewer.id && (access.groupId || !row.is_public)) throw new AppError('FORUM_SIGN_IN_TO_READ');
  assertCanRead(access, viewer);
  if (row.hidden_at !== null && !moderates(access, viewer)) throw new AppError('FORUM_TOPIC_NOT_FOUND');
}

interface PostRow extends Record<string, unknown> {
  id: string;
  body: string;
  author_id: string | null;
  created_at: Date | string;
  edited_at: Date | string | null;
  hidden_at: Date | string | null;
  hidden_reason: string | null;
  mentions: unknown;
  reported_by_me: boolean;
  in_page: boolean;
}

function toPost(
  row: {
    id: string;
    body: string;
    author_id: string | null;
    created_at: Date | string;
    edited_at: Date | string | null;
    hidden_at: Date | string | null;
    hidden_reason: string | null;
    mentions: unknown;
    reported_by_me: boolean;
  } & Record<string, unknown>,
  viewer: Viewer,
  canModerate: boolean,
  accepted: boolean,
  now: Date,
): ForumPost {
  const hidden = row.hidden_at !== null;
  const created = new Date(row.created_at);
  const until = new Date(created.getTime() + EDIT_MS);
  const mine = viewer.id !== null && row.author_id === viewer.id;
  return {
    id: row.id,
    author: toAuthor(row, 'a'),
    body: hidden && !canModerate ? null : row.body,
    mentions: hidden && !canModerate ? [] : json<{ id: string; name: string }[]>(row.mentions),
    createdAt: iso(row.created_at),
    editedAt: isoOrNull(row.edited_at),
    editableUntil: mine && !hidden && until > now ? iso(until) : null,
    hidden: hidden ? { at: iso(row.hidden_at as Date | string), reason: row.hidden_reason ?? '' } : null,
    accepted,
    reportedByMe: row.reported_by_me,
  };
}

/**
 * GET /api/forum/topics/:topicId: the question, its accepted answer (on every page, and in its
 * place among the replies with accepted=true), the replies in order, 50 a page. Three queries.
 */
export async function getTopic(
  db: DbOrTx,
  userId: string | null,
  topicId: string,
  query: { page: number },
  now = new Date(),
): Promise<ForumTopicResponse> {
  const viewer = await loadViewer(db, userId);
  const row = await topicRow(db, topicId, viewer.id);
  assertCanReadTopic(row, viewer);
  const access = categoryAccess(row);
  const canModerate = moderates(access, viewer);
  const offset = (query.page - 1) * FORUM_POSTS_PAGE_SIZE;
  const { rows } = await db.execute<PostRow>(sql`
    with page as (
      select p.id from forum_posts p where p.topic_id = ${row.id}
       order by p.created_at, p.id limit ${FORUM_POSTS_PAGE_SIZE} offset ${offset})
    select p.id, p.body, p.author_id, p.created_at, p.edited_at, p.hidden_at, p.hidden_reason,
           ${authorColumns('a')}, ${mentionsOf('m.post_id = p.id')} as mentions,
           exists (select 1 from forum_reports r where r.post_id = p.id and r.reporter_id = ${viewer.id})
             as reported_by_me,
           p.id in (select id from page) as in_page
      from forum_posts p
      ${authorJoin('a', 'p.author_id')}
     where p.id in (select id from page union all select ${row.accepted_post_id}::uuid)
     order by p.created_at, p.id`);
  const acceptedRow = rows.find((r) => r.id === row.accepted_post_id && r.hidden_at === null);
  const canWrite = (() => {
    try {
      assertCanWrite(access, viewer);
      return viewer.subscribed && row.hidden_at === null;
    } catch {
      return false;
    }
  })();
  return {
    category: toCategory(row),
    topic: {
      ...toPost({ ...row, reported_by_me: row.reported_by_me }, viewer, canModerate, false, now),
      title: row.title,
      isPublic: row.is_public,
      replyCount: Number(row.reply_count),
    },
    acceptedAnswer: acceptedRow ? toPost(acceptedRow, viewer, canModerate, true, now) : null,
    posts: rows.filter((r) => r.in_page).map((r) => toPost(r, viewer, canModerate, r.id === acceptedRow?.id, now)),
    total: Number(row.post_total),
    page: query.page,
    pageSize: FORUM_POSTS_PAGE_SIZE,
    viewer: {
      canReply: canWrite,
      canAccept: viewer.id !== null && row.author_id === viewer.id,
      canModerate,
    },
  };
}

// ---------------------------------------------------------------------------
// Mentions
// ---------------------------------------------------------------------------

/** Each mentioned member exists and is named in the text as `@Name`; 400 otherwise. */
async function checkMentions(db: DbOrTx, ids: readonly string[], text: string): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const { rows } = await db.execute<{ id: string; name: string }>(sql`
    select u.id, ${displayName()} as name
      from "user" u left join profiles p on p.user_id = u.id
     where u.id in ${inList(unique)}`);
  if (rows.length < unique.length) throw new AppError('FORUM_MENTION_UNKNOWN');
  for (const r of rows) {
    if (!text.includes(`@${r.name}`)) {
      const message = forumMessages.mentionMissing(r.name);
      throw new AppError('VALIDATION', message, { body: message });
    }
  }
  return unique;
}

/**
 * Stores the mentions (once each: unique indexes) and notifies the members newly named who can
 * read the category, never the author, as far as the author's `mentions` quota allows.
 */
async function storeMentions(
  tx: DbOrTx,
  ctx: AppContext,
  input: {
    topicId: string;
    postId: string | null;
    groupId: string | null;
    userIds: string[];
    authorId: string;
    authorName: string;
    title: string;
  },
): Promise<void> {
  if (input.userIds.length === 0) return;
  const values = sql.join(
    input.userIds.map((u) => sql`(${input.topicId}::uuid, ${input.postId}::uuid, ${u})`),
    sql`, `,
  );
  const { rows } = await tx.execute<{ user_id: string }>(sql`
    with added as (
      insert into forum_mentions (topic_id, post_id, user_id) values ${values}
      on conflict do nothing returning user_id)
    select a.user_id from added a
     where ${input.groupId}::uuid is null
        or exists (select 1 from group_members gm where gm.user_id = a.user_id and gm.group_id = ${input.groupId}
                    and gm.status = 'active')
        or exists (select 1 from user_roles r where r.user_id = a.user_id and r.role = 'admin')`);
  const named = rows.map((r) => r.user_id).filter((id) => id !== input.authorId);
  // Each mention notified counts against the author's quota (issue 33): over it, the mention is
  // stored (the post shows it) but nobody is notified or mailed for it.
  const limits = quotaLimitsFrom(ctx.env)('mentions');
  const targets: string[] = [];
  for (const userId of named) {
    if ((await takeQuota(tx, limits, input.authorId, 'mentions')).ok) targets.push(userId);
    else break;
  }
  await notify(
    tx,
    ctx,
    targets.map((userId) => ({
      userId,
      kind: 'forum_mention' as const,
      ...notificationTexts.forumMention(input.authorName, input.title),
      link: topicLink(input.topicId),
      actorId: input.authorId,
    })),
  );
}

// ---------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------

/** POST /api/forum/categories/:slug/topics. */
export async function createTopic(
  ctx: AppContext,
  userId: string,
  slug: string,
  input: ForumTopicForm,
): Promise<{ id: string }> {
  return ctx.db.transaction(async (tx) => {
    const viewer = await loadViewer(tx, userId);
    const category = await categoryBySlug(tx, slug);
    const access = categoryAccess(category);
    assertCanWrite(access, viewer);
    if (access.groupId && input.isPublic) throw new AppError('FORUM_PUBLIC_IN_GROUP');
    const mentioned = await checkMentions(tx, input.mentions, `${input.title}\n${input.body}`);
    const { rows } = await tx.execute<{ id: string }>(sql`
      insert into forum_topics (category_id, author_id, title, body, is_public)
      values (${category.c_id}, ${userId}, ${input.title}, ${input.body}, ${input.isPublic})
      returning id`);
    const id = (rows[0] as { id: string }).id;
    await storeMentions(tx, ctx, {
      topicId: id,
      postId: null,
      groupId: access.groupId,
      userIds: mentioned,
      authorId: userId,
      authorName: viewer.name ?? '',
      title: input.title,
    });
    return { id };
  });
}

/** POST /api/forum/topics/:topicId/posts: a reply; reply_count and last_activity_at move with it. */
export async function createPost(
  ctx: AppContext,
  userId: string,
  topicId: string,
  input: ForumPostForm,
): Promise<{ id: string }> {
  return ctx.db.transaction(async (tx) => {
    const viewer = await loadViewer(tx, userId);
    const row = await topicRow(tx, topicId, userId);
    assertCanReadTopic(row, viewer);
    assertCanWrite(categoryAccess(row), viewer);
    if (row.hidden_at !== null) throw new AppError('FORUM_HIDDEN');
    const mentioned = await checkMentions(tx, input.mentions, input.body);
    // The topic's row lock orders concurrent replies: each one adds exactly one.
    await tx.execute(sql`
      update forum_topics set reply_count = reply_count + 1, last_activity_at = now() where id = ${row.id}`);
    const { rows } = await tx.execute<{ id: string }>(sql`
      insert into forum_posts (topic_id, author_id, body) values (${row.id}, ${userId}, ${input.body})
      returning id`);
    const id = (rows[0] as { id: string }).id;
    if (row.author_id && row.author_id !== userId) {
      await notify(tx, ctx, {
        userId: row.author_id,
        kind: 'forum_reply',
        ...notificationTexts.forumReply(row.title),
        link: topicLink(row.id),
        actorId: userId,
      });
    }
    await storeMentions(tx, ctx, {
      topicId: row.id,
      postId: id,
      groupId: row.c_group_id,
      userIds: mentioned,
      authorId: userId,
      authorName: viewer.name ?? '',
      title: row.title,
    });
    return { id };
  });
}

/** Why an edit changed no row: unknown, someone else's, hidden by the moderation, or too late. */
async function editRefusal(db: DbOrTx, table: 'forum_topics' | 'forum_posts', id: string, userId: string) {
  const { rows } = await db.execute<{ author_id: string | null; hidden: boolean }>(
    sql`select author_id, hidden_at is not null as hidden from ${sql.raw(table)} where id = ${id}`,
  );
  const row = rows[0];
  if (!row) return new AppError(table === 'forum_topics' ? 'FORUM_TOPIC_NOT_FOUND' : 'FORUM_POST_NOT_FOUND');
  if (row.author_id !== userId) return new AppError('FORUM_NOT_AUTHOR');
  // A hidden message is kept as it was for the record: its author cannot rewrite it.
  if (row.hidden) return new AppError('FORUM_HIDDEN');
  return new AppError('FORUM_EDIT_WINDOW_PASSED');
}

/** PATCH /api/forum/topics/:topicId: the author, within 15 minutes (checked by the UPDATE itself). */
export async function editTopic(
  ctx: AppContext,
  userId: string,
  topicId: string,
  input: ForumTopicForm,
  now = new Date(),
): Promise<{ id: string }> {
  if (!isUuid(topicId)) throw new AppError('FORUM_TOPIC_NOT_FOUND');
  return ctx.db.transaction(async (tx) => {
    const viewer = await loadViewer(tx, userId);
    const row = await topicRow(tx, topicId, userId);
    if (row.author_id !== userId) throw new AppError('FORUM_NOT_AUTHOR');
    // Still allowed to write there (a member who left the group is not), and not hidden.
    assertCanWrite(categoryAccess(row), viewer);
    if (row.hidden_at !== null) throw new AppError('FORUM_HIDDEN');
    if (row.c_group_id && input.isPublic) throw new AppError('FORUM_PUBLIC_IN_GROUP');
    const mentioned = await checkMentions(tx, input.mentions, `${input.title}\n${input.body}`);
    const since = new Date(now.getTime() - EDIT_MS);
    const { rows } = await tx.execute<{ id: string }>(sql`
      update forum_topics set title = ${input.title}, body = ${input.body}, is_public = ${input.isPublic},
             edited_at = ${now}
       where id = ${topicId} and author_id = ${userId} and created_at > ${since} and hidden_at is null
      returning id`);
    if (rows.length === 0) throw await editRefusal(tx, 'forum_topics', topicId, userId);
    await storeMentions(tx, ctx, {
      topicId,
      postId: null,
      groupId: row.c_group_id,
      userIds: mentioned,
      authorId: userId,
      authorName: viewer.name ?? '',
      title: input.title,
    });
    return { id: topicId };
  });
}

/** PATCH /api/forum/posts/:postId: the author, within 15 minutes. */
export async function editPost(
  ctx: AppContext,
  userId: string,
  postId: string,
  input: ForumPostForm,
  now = new Date(),
): Promise<{ id: string; topicId: string }> {
  if (!isUuid(postId)) throw new AppError('FORUM_POST_NOT_FOUND');
  return ctx.db.transaction(async (tx) => {
    const viewer = await loadViewer(tx, userId);
    const { rows: found } = await tx.execute<{ topic_id: string }>(
      sql`select topic_id from forum_posts where id = ${postId}`,
    );
    if (!found[0]) throw new AppError('FORUM_POST_NOT_FOUND');
    const topic = await topicRow(tx, found[0].topic_id, userId);
    // Still allowed to write in this category (a member who left the group is not).
    assertCanWrite(categoryAccess(topic), viewer);
    if (topic.hidden_at !== null) throw new AppError('FORUM_HIDDEN');
    const mentioned = await checkMentions(tx, input.mentions, input.body);
    const since = new Date(now.getTime() - EDIT_MS);
    const { rows } = await tx.execute<{ topic_id: string; title: string; group_id: string | null }>(sql`
      update forum_posts p set body = ${input.body}, edited_at = ${now}
        from forum_topics t join forum_categories c on c.id = t.category_id
       where p.id = ${postId} and t.id = p.topic_id and p.author_id = ${userId} and p.created_at > ${since}
         and p.hidden_at is null and t.hidden_at is null
      returning p.topic_id, t.title, c.group_id`);
    const row = rows[0];
    if (!row) throw await editRefusal(tx, 'forum_posts', postId, userId);
    await storeMentions(tx, ctx, {
      topicId: row.topic_id,
      postId,
      groupId: row.group_id,
      userIds: mentioned,
      authorId: userId,
      authorName: viewer.name ?? '',
      title: row.title,
    });
    return { id: postId, topicId: row.topic_id };
  });
}

/** PUT /api/forum/topics/:topicId/accepted: the asker picks a visible reply of this topic, or null. */
export async function setAcceptedAnswer(
  ctx: AppContext,
  userId: string,
  topicId: string,
  postId: string | null,
): Promise<{ acceptedPostId: string | null }> {
  return ctx.db.transaction(async (tx) => {
    const viewer = await loadViewer(tx, userId);
    const row = await topicRow(tx, topicId, userId);
    assertCanReadTopic(row, viewer);
    if (row.author_id !== userId) throw new AppError('FORUM_NOT_ASKER');
    if (postId === null) {
      await tx.execute(sql`update forum_topics set accepted_post_id = null where id = ${row.id}`);
      return { acceptedPostId: null };
    }
    const { rows } = await tx.execute<{ author_id: string | null; hidden: boolean }>(sql`
      select author_id, hidden_at is not null as hidden from forum_posts where id = ${postId} and topic_id = ${row.id}`);
    const post = rows[0];
    if (!post) throw new AppError('FORUM_POST_NOT_FOUND');
    if (post.hidden) throw new AppError('FORUM_HIDDEN');
    try {
      // The composite key (accepted_post_id, id) → forum_posts (id, topic_id) guarantees the topic.
      await tx.execute(sql`update forum_topics set accepted_post_id = ${postId} where id = ${row.id}`);
    } catch (error) {
      if (pgErrorCode(error) === '23503') throw new AppError('FORUM_POST_NOT_FOUND');
      throw error;
    }
    if (row.accepted_post_id !== postId && post.author_id && post.author_id !== userId) {
      await notify(tx, ctx, {
        userId: post.author_id,
        kind: 'forum_reply',
        ...notificationTexts.forumAccepted(row.title),
        link: topicLink(row.id),
        actorId: userId,
      });
    }
    return { acceptedPostId: postId };
  });
}

export { assertCanReadTopic, categoryAccess, topicLink, topicRow };
