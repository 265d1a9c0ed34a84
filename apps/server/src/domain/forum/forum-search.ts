import { FORUM_SEARCH_PAGE_SIZE, type ForumSearchResponse } from '@synergie/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { displayName, memberTradeLabel } from '../../db/fragments';
import { FORUM_ACCENTS, FORUM_PLAIN } from '../../db/schema';
import { summaryColumns, summaryJoins, toSummary } from './forum';
import { excerptOf, loadViewer } from './forum-shared';

/**
 * The forum's search (network-core §9): French full text on PostgreSQL and PGlite alike (both have
 * the 'french' configuration). The generated `search` columns hold the folded text (title weight
 * A, body B; replies' bodies); the query is folded the same way (FORUM_FOLD) and parsed with
 * websearch_to_tsquery, so `electronique` finds `électronique` and `facture` finds `factures`.
 * Results are topics (a reply's match shows its topic), ranked, only what the caller may read,
 * hidden messages left out. Two queries: the caller, then the page with its total.
 *
 * A visitor searches what a visitor reads: national categories; a members' topic by its title only
 * (the titles are on the public lists), a public question by its text and replies too. The excerpt
 * of a members' topic is its title, never its text.
 */

const FORUM_FOLD = (value: string) => sql`translate(${value}, ${FORUM_ACCENTS}, ${FORUM_PLAIN})`;

interface HitRow extends Record<string, unknown> {
  category_slug: string;
  hit_text: string;
  total: number;
}

export async function searchForum(
  db: DbOrTx,
  userId: string | null,
  query: { q: string; page: number; category?: string },
): Promise<ForumSearchResponse> {
  const viewer = await loadViewer(db, userId);
  const offset = (query.page - 1) * FORUM_SEARCH_PAGE_SIZE;
  const visitor = userId === null;
  const readable = viewer.admin
    ? sql`true`
    : visitor
      ? sql`c.group_id is null`
      : sql`(c.group_id is null or c.group_id = ${viewer.groupId})`;
  // Visitors: a members' topic matches on its title (weight A) only, and replies of public ones.
  const topicMatch = visitor
    ? sql`(t.is_public and t.search @@ q.query or ts_filter(t.search, '{a}') @@ q.query)`
    : sql`t.search @@ q.query`;
  const postMatch = visitor
    ? sql`p.search @@ q.query and exists (select 1 from forum_topics pt where pt.id = p.topic_id and pt.is_public)`
    : sql`p.search @@ q.query`;
  const category = query.category ? sql`and c.slug = ${query.category}` : sql``;
  // The page is ranked on ids alone; authors, accepted answers and texts are joined for its 20 rows.
  const { rows } = await db.execute<HitRow & Parameters<typeof toSummary>[0]>(sql`
    with q as (select websearch_to_tsquery('french', ${FORUM_FOLD(query.q)}) as query),
    hits as (
      select t.id as topic_id, null::uuid as post_id,
             ts_rank(${visitor ? sql`case when t.is_public then t.search else ts_filter(t.search, '{a}') end` : sql`t.search`}, q.query) as rank
        from forum_topics t, q
       where ${topicMatch} and t.hidden_at is null
      union all
      select p.topic_id, p.id, ts_rank(p.search, q.query) * 0.5
        from forum_posts p, q
       where ${postMatch} and p.hidden_at is null),
    best as (
      select distinct on (h.topic_id) h.topic_id, h.post_id, h.rank
        from hits h order by h.topic_id, h.rank desc, h.post_id nulls first),
    ranked as (
      select b.topic_id, b.post_id, b.rank, c.slug as category_slug, count(*) over ()::int as total
        from best b
        join forum_topics t on t.id = b.topic_id
        join forum_categories c on c.id = t.category_id
       where t.hidden_at is null and ${readable} ${category}
       order by b.rank desc, t.last_activity_at desc, t.id
       limit ${FORUM_SEARCH_PAGE_SIZE} offset ${offset})
    select ${summaryColumns}, r.category_slug,
           case when ${visitor} and not t.is_public then t.title else coalesce(hp.body, t.body) end as hit_text, r.total
      from ranked r
      join forum_topics t on t.id = r.topic_id
      left join forum_posts hp on hp.id = r.post_id
      ${summaryJoins}
     order by r.rank desc, t.last_activity_at desc, t.id`);
  return {
    results: rows.map((r) => ({ ...toSummary(r, r.category_slug, viewer), excerpt: excerptOf(r.hit_text) })),
    total: Number(rows[0]?.total ?? 0),
    page: query.page,
    pageSize: FORUM_SEARCH_PAGE_SIZE,
  };
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /api/forum/mentionable?q=: up to 8 members whose name starts with, then contains, q. */
export async function mentionable(
  db: DbOrTx,
  userId: string,
  q: string,
): Promise<{ members: { id: string; name: string; trade: string | null }[] }> {
  const term = q.trim();
  if (term.length === 0) return { members: [] };
  const like = escapeLike(term);
  const { rows } = await db.execute<{ id: string; name: string; trade: string | null }>(sql`
    select u.id, ${displayName()} as name, coalesce(${memberTradeLabel('p', 'tr')}, p.profession) as trade
      from profiles p
      join "user" u on u.id = p.user_id
      left join trades tr on tr.id = p.trade_id
     where p.user_id <> ${userId}
       and p.name_key like '%' || directory_fold(${like}) || '%'
     order by p.name_key like directory_fold(${like}) || '%' desc, p.name_key, p.user_id
     limit 8`);
  return { members: rows.map((r) => ({ id: r.id, name: r.name, trade: r.trade })) };
}
