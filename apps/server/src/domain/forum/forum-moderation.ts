import { FORUM_TOPICS_PAGE_SIZE, type ForumReportStatus, type ForumReportsResponse } from '@synergie/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { notificationTexts } from '../notification-texts';
import { notify } from '../notifications';
import { assertCanReadTopic, categoryAccess, topicRow } from './forum';
import {
  authorColumns,
  authorJoin,
  excerptOf,
  iso,
  loadViewer,
  moderates,
  toAuthor,
  type Viewer,
} from './forum-shared';

/**
 * Reports (`Signaler`) and moderation (network-core §9): any reader reports a message once (the
 * unique indexes settle it); the group's leaders (group categories) and admins are told, see the
 * queue, hide or restore with a reason. Hidden messages are kept, with their moderation events.
 */

const MODERATION_LINK = '/forum/moderation';

/** A message: the topic itself (postId null) or one of its replies. */
interface Target {
  topicId: string;
  postId: string | null;
}

async function targetOf(db: DbOrTx, viewer: Viewer, target: Target) {
  let topicId = target.topicId;
  let post: { author_id: string | null; hidden: boolean } | null = null;
  if (target.postId) {
    if (!isUuid(target.postId)) throw new AppError('FORUM_POST_NOT_FOUND');
    const { rows } = await db.execute<{ topic_id: string; author_id: string | null; hidden: boolean }>(sql`
      select topic_id, author_id, hidden_at is not null as hidden from forum_posts where id = ${target.postId}`);
    const row = rows[0];
    if (!row) throw new AppError('FORUM_POST_NOT_FOUND');
    topicId = row.topic_id;
    post = row;
  }
  const topic = await topicRow(db, topicId, viewer.id);
  return { topic, post, authorId: post ? post.author_id : topic.author_id };
}

/** POST …/report: one report per member and message (201), the leaders and admins told. */
export async function reportMessage(
  ctx: AppContext,
  userId: string,
  target: Target,
  reason: string | null | undefined,
): Promise<{ id: string }> {
  return ctx.db.transaction(async (tx) => {
    const viewer = await loadViewer(tx, userId);
    const { topic, authorId } = await targetOf(tx, viewer, target);
    assertCanReadTopic(topic, viewer);
    if (authorId === userId) throw new AppError('FORUM_OWN_MESSAGE');
    const { rows } = await tx.execute<{ id: string }>(sql`
      insert into forum_reports (topic_id, post_id, reporter_id, reason)
      values (${topic.id}, ${target.postId}::uuid, ${userId}, ${reason ?? null})
      on conflict do nothing returning id`);
    const id = rows[0]?.id;
    if (!id) throw new AppError('FORUM_ALREADY_REPORTED');
    const { rows: moderators } = await tx.execute<{ user_id: string }>(sql`
      select user_id from user_roles where role = 'admin'
      union
      select user_id from group_members
       where ${topic.c_group_id}::uuid is not null and group_id = ${topic.c_group_id} and status = 'active'
         and role is not null`);
    await notify(
      tx,
      ctx,
      moderators
        .filter((m) => m.user_id !== userId)
        .map((m) => ({
          userId: m.user_id,
          kind: 'forum_report' as const,
          ...notificationTexts.forumReport(topic.title),
          link: MODERATION_LINK,
          actorId: null,
        })),
    );
    return { id };
  });
}

/**
 * POST …/hide and …/restore: admins, or a leader of the category's group (else 403). The message
 * keeps its row; its open reports are decided ('hidden', or 'dismissed' on restore).
 */
export async function moderateMessage(
  ctx: AppContext,
  userId: string,
  target: Target,
  action: 'hide' | 'restore',
  reason: string,
): Promise<{ hidden: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const viewer = await loadViewer(tx, userId);
    const { topic } = await targetOf(tx, viewer, target);
    if (!moderates(categoryAccess(topic), viewer)) throw new AppError('FORBIDDEN');
    const hide = action === 'hide';
    const table = sql.raw(target.postId ? 'forum_posts' : 'forum_topics');
    const id = target.postId ?? topic.id;
    const { rows } = await tx.execute<{ id: string }>(
      hide
        ? sql`update ${table} set hidden_at = now(), hidden_reason = ${reason}, hidden_by = ${userId}
               where id = ${id} and hidden_at is null returning id`
        : sql`update ${table} set hidden_at = null, hidden_reason = null, hidden_by = null
               where id = ${id} and hidden_at is not null returning id`,
    );
    if (rows.length === 0) throw new AppError(hide ? 'FORUM_HIDDEN' : 'FORUM_NOT_HIDDEN');
    if (target.postId) {
      await tx.execute(sql`update forum_topics set reply_count = reply_count ${hide ? sql`- 1` : sql`+ 1`}
                            where id = ${topic.id}`);
    }
    await tx.execute(sql`
      insert into forum_moderation_events (topic_id, post_id, action, reason, actor_id)
      values (${topic.id}, ${target.postId}::uuid, ${action}, ${reason}, ${userId})`);
    await tx.execute(sql`
      update forum_reports set status = ${hide ? 'hidden' : 'dismissed'}, decided_by = ${userId}, decided_at = now()
       where topic_id = ${topic.id} and status = 'open'
         and ${target.postId ? sql`post_id = ${target.postId}` : sql`post_id is null`}`);
    return { hidden: hide };
  });
}

interface ReportRow extends Record<string, unknown> {
  id: string;
  topic_id: string;
  topic_title: string;
  category_slug: string;
  post_id: string | null;
  text: string;
  reason: string | null;
  status: ForumReportStatus;
  report_count: number;
  hidden_at: Date | string | null;
  hidden_reason: string | null;
  created_at: Date | string;
  total: number;
}

/**
 * GET /api/forum/reports: one line per reported message (its latest report, with how many there
 * are), in what the caller moderates; 403 for a caller who moderates nothing. Two queries.
 */
export async function listReports(
  db: DbOrTx,
  userId: string,
  query: { status: ForumReportStatus; page: number },
): Promise<ForumReportsResponse> {
  const viewer = await loadViewer(db, userId);
  if (!viewer.admin && !(viewer.leader && viewer.groupId)) throw new AppError('FORBIDDEN');
  const scope = viewer.admin ? sql`true` : sql`c.group_id = ${viewer.groupId}`;
  const offset = (query.page - 1) * FORUM_TOPICS_PAGE_SIZE;
  const { rows } = await db.execute<ReportRow>(sql`
    with scoped as (
      select r.*, row_number() over (partition by r.topic_id, r.post_id order by r.created_at desc, r.id) as rank,
             count(*) over (partition by r.topic_id, r.post_id)::int as report_count
        from forum_reports r
        join forum_topics t on t.id = r.topic_id
        join forum_categories c on c.id = t.category_id
       where r.status = ${query.status} and ${scope}),
    lines as (select * from scoped where rank = 1)
    select l.id, l.topic_id, t.title as topic_title, c.slug as category_slug, l.post_id,
           coalesce(p.body, t.body) as text, l.reason, l.status, l.report_count,
           case when l.post_id is null then t.hidden_at else p.hidden_at end as hidden_at,
           case when l.post_id is null then t.hidden_reason else p.hidden_reason end as hidden_reason,
           l.created_at, count(*) over ()::int as total,
           ${authorColumns('a')}, ${authorColumns('rp')}
      from lines l
      join forum_topics t on t.id = l.topic_id
      join forum_categories c on c.id = t.category_id
      left join forum_posts p on p.id = l.post_id
      ${authorJoin('a', 'coalesce(p.author_id, case when l.post_id is null then t.author_id end)')}
      ${authorJoin('rp', 'l.reporter_id')}
     order by l.created_at desc, l.id
     limit ${FORUM_TOPICS_PAGE_SIZE} offset ${offset}`);
  return {
    reports: rows.map((r) => ({
      id: r.id,
      topicId: r.topic_id,
      topicTitle: r.topic_title,
      categorySlug: r.category_slug,
      postId: r.post_id,
      excerpt: excerptOf(r.text),
      author: toAuthor(r, 'a'),
      reporter: toAuthor(r, 'rp'),
      reason: r.reason,
      status: r.status,
      reportCount: Number(r.report_count),
      hidden: r.hidden_at ? { at: iso(r.hidden_at), reason: r.hidden_reason ?? '' } : null,
      createdAt: iso(r.created_at),
    })),
    total: Number(rows[0]?.total ?? 0),
    page: query.page,
  };
}
