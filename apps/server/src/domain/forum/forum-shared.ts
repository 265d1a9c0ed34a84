import {
  type ForumAuthor,
  type ForumCategory,
  forumMessages,
  toIsoDateTime,
  toIsoDateTimeOrNull,
} from '@synergie/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';

/**
 * What the forum's domain files share (network-core §9): who the caller is (one query), who may
 * read or write a category, how an author and a category are selected and shown.
 */

export interface Viewer {
  id: string | null;
  admin: boolean;
  subscribed: boolean;
  /** The caller's home group (at most one active seat). */
  groupId: string | null;
  /** Président, vice-président or secrétaire-trésorier of that group. */
  leader: boolean;
  name: string | null;
}

export const VISITOR: Viewer = { id: null, admin: false, subscribed: false, groupId: null, leader: false, name: null };

import { displayName, displayNameText, memberTradeLabelText } from '../../db/fragments';
import { subscribedSql } from '../subscribed';

export { subscribedSql };

/** The caller, in one query (none for a visitor). */
export async function loadViewer(db: DbOrTx, userId: string | null): Promise<Viewer> {
  if (!userId) return VISITOR;
  const { rows } = await db.execute<{
    admin: boolean;
    subscribed: boolean;
    group_id: string | null;
    role: string | null;
    name: string | null;
  }>(sql`
    select exists (select 1 from user_roles r where r.user_id = ${userId} and r.role = 'admin') as admin,
           ${subscribedSql(userId)} as subscribed,
           gm.group_id, gm.role,
           ${displayName()} as name
      from "user" u
      left join profiles p on p.user_id = u.id
      left join group_members gm on gm.user_id = u.id and gm.status = 'active'
     where u.id = ${userId}`);
  const row = rows[0];
  if (!row) return { ...VISITOR, id: userId };
  return {
    id: userId,
    admin: row.admin,
    subscribed: row.subscribed,
    groupId: row.group_id,
    leader: row.role !== null,
    name: row.name,
  };
}

export interface CategoryRow extends Record<string, unknown> {
  c_id: string;
  c_slug: string;
  c_name: string;
  c_description: string | null;
  c_group_id: string | null;
  c_group_slug: string | null;
  c_group_name: string | null;
  c_position: number;
  c_archived_at: Date | string | null;
  c_topic_count: number;
  c_last_activity_at: Date | string | null;
}

/** A category's columns (alias c, its group g joined): counts of its visible topics included. */
export const categoryColumns = sql.raw(`c.id as c_id, c.slug as c_slug, c.name as c_name,
  c.description as c_description, c.group_id as c_group_id, g.slug as c_group_slug, g.name as c_group_name,
  c.position as c_position, c.archived_at as c_archived_at,
  (select count(*) from forum_topics ct where ct.category_id = c.id and ct.hidden_at is null)::int as c_topic_count,
  (select max(ct.last_activity_at) from forum_topics ct where ct.category_id = c.id and ct.hidden_at is null)
    as c_last_activity_at`);

export const toCategory = (row: CategoryRow): ForumCategory => ({
  id: row.c_id,
  slug: row.c_slug,
  name: row.c_name,
  description: row.c_description,
  group:
    row.c_group_id && row.c_group_slug && row.c_group_name
      ? { id: row.c_group_id, slug: row.c_group_slug, name: row.c_group_name }
      : null,
  position: Number(row.c_position),
  archived: row.c_archived_at !== null,
  topicCount: Number(row.c_topic_count),
  lastActivityAt: toIsoDateTimeOrNull(row.c_last_activity_at),
});

/** Joins the author (user, profile, trade) of `column` under the prefix `a`. */
export const authorJoin = (a: string, column: string) =>
  sql.raw(`left join "user" ${a}u on ${a}u.id = ${column}
    left join profiles ${a}p on ${a}p.user_id = ${a}u.id
    left join trades ${a}tr on ${a}tr.id = ${a}p.trade_id`);

/** The author's columns `${a}_id`, `${a}_name`, `${a}_image`, `${a}_trade`. */
export const authorColumns = (a: string) =>
  sql.raw(`${a}u.id as ${a}_id, ${displayNameText(`${a}u`, `${a}p`)} as ${a}_name,
    coalesce(${a}p.avatar_url, ${a}u.image) as ${a}_image, coalesce(${memberTradeLabelText(`${a}p`, `${a}tr`)}, ${a}p.profession) as ${a}_trade`);

/** A deleted account: `Ancien membre`. */
export function toAuthor(row: Record<string, unknown>, a: string): ForumAuthor {
  const id = (row[`${a}_id`] as string | null) ?? null;
  if (!id) return { id: null, name: forumMessages.formerMember, image: null, trade: null };
  return {
    id,
    name: (row[`${a}_name`] as string | null) ?? forumMessages.formerMember,
    image: (row[`${a}_image`] as string | null) ?? null,
    trade: (row[`${a}_trade`] as string | null) ?? null,
  };
}

export const iso = (value: Date | string) => toIsoDateTime(value);
export const isoOrNull = (value: Date | string | null | undefined) => toIsoDateTimeOrNull(value ?? null);

export function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/**
 * Reading a category: national ones by anyone (archived included: the history stays), a group's
 * by that group's active members and admins (a visitor is asked to sign in).
 */
export function assertCanRead(category: { groupId: string | null }, viewer: Viewer): void {
  if (!category.groupId) return;
  if (!viewer.id) throw new AppError('FORUM_SIGN_IN_TO_READ');
  if (viewer.admin || viewer.groupId === category.groupId) return;
  throw new AppError('FORUM_GROUP_ONLY');
}

/** Writing: a national category not archived, or one's own group's (admins included only there). */
export function assertCanWrite(category: { groupId: string | null; archived: boolean }, viewer: Viewer): void {
  if (category.groupId && viewer.groupId !== category.groupId) throw new AppError('FORUM_GROUP_ONLY');
  if (category.archived) throw new AppError('FORUM_CATEGORY_ARCHIVED');
}

/** Admins moderate everything, a group's leaders their group's category. */
export const moderates = (category: { groupId: string | null }, viewer: Viewer): boolean =>
  viewer.admin || (viewer.leader && category.groupId !== null && viewer.groupId === category.groupId);

/** Plain text's first words for lists and the moderation queue (spaces folded). */
export function excerptOf(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export const inList = (values: readonly string[]) =>
  sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
