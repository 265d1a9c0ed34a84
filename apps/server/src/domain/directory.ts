import {
  type ContactStatus,
  DIRECTORY_LOOKING_FOR_SHOWN,
  DIRECTORY_SKILLS_SHOWN,
  type DirectoryFacets,
  type DirectoryPage,
  type DirectoryQuery,
  directoryMessages,
  type ScoreColour,
  SYNERGY_POINTS,
  type TradeFamily,
} from '@synergie/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { displayName as memberName, memberTradeLabel } from '../db/fragments';
import { AppError } from '../lib/errors';
import { isUuid } from '../lib/ids';

/**
 * The directory reads keys the database keeps on `profiles` (migration 0005_directory_search):
 * `name_key` (folded display name, btree), `search_text` (folded name, company, profession and the
 * trade's feminine label (migration 0030, issue 31: `avocate` finds the avocats), city and
 * skills), `profession_key`, `industry_key`, `skills_keys`, `looking_for_keys`, `offer_keys`
 * (folded terms, GIN on the last two), and `rating_sum`, `rating_count`, `rating_average` (kept by
 * triggers on member_ratings). Folded = trimmed, lower case, without the accents of French
 * (SQL function directory_fold(): PGlite has no unaccent), so 'Élodie' and 'elodie' compare equal.
 * Nothing is folded or aggregated per row at read time: the name and rating orderings are index
 * scans that stop after the page, the search is one LIKE per word on search_text (a pg_trgm index
 * on PostgreSQL), and synergy scores only the members sharing a term with the viewer (`&&`).
 */

/** LIKE's own characters typed by the member are searched for literally. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The name other members read (db/fragments.ts), with this module's argument order. */
export const displayName = (profileAlias: string, userAlias: string) => memberName(userAlias, profileAlias);

interface CardRow extends Record<string, unknown> {
  testimonials_count: number | string;
  user_id: string;
  full_name: string;
  company_name: string | null;
  avatar_url: string | null;
  profession: string | null;
  industry: string | null;
  city: string | null;
  skills: string[] | null;
  looking_for: string[] | null;
  bio: string | null;
  website_url: string | null;
  linkedin_url: string | null;
  twitter_url: string | null;
  github_url: string | null;
  facebook_url: string | null;
  average: number | string | null;
  ratings_count: number | string;
  my_rating: number | null;
  contact_status: ContactStatus;
  trade_id: string | null;
  trade_label: string | null;
  trade_family: string | null;
  trade_regulated: boolean | null;
  specialty: string | null;
  group_id: string | null;
  group_name: string | null;
  group_slug: string | null;
  score: number | string | null;
  reputation: number | null;
  reputation_colour: ScoreColour | null;
  reputation_on: string | null;
  may_sort_score: boolean;
  total: number | string;
}

/** Whether the viewer may sort by score: a group leader (an active seat with a role) or an admin. */
const maySortByScore = (viewerId: string) => sql`(
    exists (select 1 from user_roles r where r.user_id = ${viewerId} and r.role = 'admin')
    or exists (select 1 from group_members gm where gm.user_id = ${viewerId} and gm.status = 'active'
                 and gm.role is not null))`;

/** sort=score is for group leaders and admins: one query, only for that ordering. */
async function assertMaySortByScore(db: DbOrTx, viewerId: string): Promise<void> {
  const { rows } = await db.execute<{ allowed: boolean }>(sql`select ${maySortByScore(viewerId)} as allowed`);
  if (!rows[0]?.allowed) throw new AppError('FORBIDDEN', directoryMessages.scoreSortForbidden);
}

/**
 * GET /api/members: one page of the directory with each member's average rating, number of
 * ratings, the viewer's rating and the contact status between them, in ONE query (a second one
 * only to count when the page asked is past the end). The viewer is never listed.
 *
 * sort=synergy ranks members by complementarity with the viewer (SYNERGY_POINTS): what the
 * viewer looks for against their profession, skills and industry, and what they look for against
 * the viewer's. Members of the viewer's own profession are never proposed, and members with no
 * point at all are left out of this ordering (they are not synergies); the other orderings list
 * everyone. A member scores at least one point exactly when their offer (profession, industry,
 * skills) overlaps what the viewer looks for, or what they look for overlaps the viewer's offer:
 * that overlap is the filter (GIN indexes), and only those members are scored.
 *
 * Each card carries the member's reputation score of its day (member_scores, joined in the same
 * query). sort=score (best first, not yet scored last) is for group leaders and admins: one more
 * query checks it, else 403 FORBIDDEN (directoryMessages.scoreSortForbidden); every page says
 * whether the viewer may use it (`canSortByScore`, in the same query).
 */
export async function listMembers(db: DbOrTx, viewerId: string, query: DirectoryQuery): Promise<DirectoryPage> {
  const byScore = query.sort === 'score';
  if (byScore) await assertMaySortByScore(db, viewerId);
  const where: SQL[] = [sql`p.user_id <> ${viewerId}`];
  if (query.q) {
    for (const word of query.q.split(/\s+/).filter(Boolean).slice(0, 8)) {
      where.push(sql`p.search_text like directory_fold(${`%${escapeLike(word)}%`})`);
    }
  }
  if (query.profession) where.push(sql`p.profession = ${query.profession}`);
  if (query.industry) where.push(sql`p.industry = ${query.industry}`);
  // Group (id or slug) and trade family (network-core §1-2): index lookups, no per-row work.
  if (query.group) {
    const byId = isUuid(query.group);
    where.push(sql`exists (select 1 from group_members gm join groups g on g.id = gm.group_id
                            where gm.user_id = p.user_id and gm.status = 'active'
                              and ${byId ? sql`g.id = ${query.group}::uuid` : sql`g.slug = ${query.group}`})`);
  }
  if (query.family) where.push(sql`p.trade_id in (select id from trades where family = ${query.family})`);

  const synergy = query.sort === 'synergy';
  if (synergy) {
    where.push(sql`(p.offer_keys && (select looking_for from me) or p.looking_for_keys && (select offers from me))`);
    // Never the viewer's own trade (when they have one).
    where.push(sql`((select profession from me) = '' or p.profession_key <> (select profession from me))`);
  }

  // The viewer's terms as InitPlan parameters (computed once per statement). A term is never ''
  // in looking_for / skills / offer keys, so a member without a profession or industry ('')
  // matches nothing. array_positions() counts repeats as the per-term sum of SYNERGY_POINTS does;
  // the skill lists are only unnested when they overlap at all.
  const mine = (column: 'profession' | 'industry' | 'skills' | 'looking_for') =>
    sql.raw(`(select ${column} from me)${column === 'skills' || column === 'looking_for' ? '::text[]' : ''}`);
  const score = synergy
    ? sql`(
        ${SYNERGY_POINTS.profession} * cardinality(array_positions(${mine('looking_for')}, p.profession_key))
      + ${SYNERGY_POINTS.industry} * cardinality(array_positions(${mine('looking_for')}, p.industry_key))
      + case when p.skills_keys && ${mine('looking_for')}
          then ${SYNERGY_POINTS.skill} * (select count(*) from unnest(${mine('looking_for')}) as t where t = any(p.skills_keys))
          else 0 end
      + ${SYNERGY_POINTS.profession} * cardinality(array_positions(p.looking_for_keys, ${mine('profession')}))
      + ${SYNERGY_POINTS.industry} * cardinality(array_positions(p.looking_for_keys, ${mine('industry')}))
      + case when p.looking_for_keys && ${mine('skills')}
          then ${SYNERGY_POINTS.skill} * (select count(*) from unnest(p.looking_for_keys) as t where t = any(${mine('skills')}))
          else 0 end
      )::int`
    : sql`null::int`;

  // Each ordering ends with user_id, so pages never overlap; name and rating match an index.
  const order = (keys: string, scoreKey: string) =>
    sql.raw(
      query.sort === 'rating'
        ? `${keys}.rating_average desc nulls last, ${keys}.rating_count desc nulls last, ${keys}.name_key, ${keys}.user_id`
        : byScore
          ? // The reputation score of the last computation (ms: member_scores joined beside keys).
            `ms.score desc nulls last, ${keys}.name_key, ${keys}.user_id`
          : synergy
            ? `${scoreKey}.score desc, ${keys}.name_key, ${keys}.user_id`
            : `${keys}.name_key, ${keys}.user_id`,
    );
  const conditions = sql.join(where, sql` and `);
  const offset = (query.page - 1) * query.pageSize;

  // A search or the synergy ordering: the matching members are found once (trigram / GIN
  // indexes, or one pass over search_text), then counted and ordered. Otherwise the page is read
  // straight off the name or rating index (stopping after it) and the total is a separate count.
  const hitsFirst = Boolean(query.q) || synergy;
  const ctes: SQL[] = [];
  if (synergy) {
    // The viewer's keys (one row, blank without a profile), read once per statement.
    ctes.push(sql`me as materialized (
        select profession_key as profession, industry_key as industry, skills_keys as skills,
               looking_for_keys as looking_for, offer_keys as offers
          from profiles where user_id = ${viewerId}
        union all
        select '', '', '{}'::text[], '{}'::text[], '{}'::text[]
         where not exists (select 1 from profiles where user_id = ${viewerId})
      )`);
  }
  if (hitsFirst) {
    ctes.push(sql`hits as materialized (
        select p.user_id, p.name_key, p.rating_average, p.rating_count, ${score} as score
          from profiles p where ${conditions}
      )`);
  }
  const count = hitsFirst
    ? sql`(select count(*) from hits)`
    : sql`(select count(*) from profiles p where ${conditions})`;
  const scores = byScore
    ? (keys: string) => sql.raw(`left join member_scores ms on ms.user_id = ${keys}.user_id`)
    : () => sql``;
  const pageCte = hitsFirst
    ? sql`page as (select h.user_id, h.score from hits h ${scores('h')} order by ${order('h', 'h')}
                    limit ${query.pageSize} offset ${offset})`
    : sql`page as (select p.user_id, null::int as score from profiles p ${scores('p')} where ${conditions}
                    order by ${order('p', 'p')} limit ${query.pageSize} offset ${offset})`;
  const withClause = (...more: SQL[]) => sql`with ${sql.join([...ctes, ...more], sql`, `)}`;

  const result = await db.execute<CardRow>(sql`
    ${withClause(pageCte)}
    select p.user_id, ${displayName('p', 'u')} as full_name, p.company_name, p.avatar_url, p.profession,
           p.industry, p.city,
           p.skills[1:${sql.raw(String(DIRECTORY_SKILLS_SHOWN))}] as skills,
           p.looking_for[1:${sql.raw(String(DIRECTORY_LOOKING_FOR_SHOWN))}] as looking_for,
           p.bio, p.website_url, p.linkedin_url, p.twitter_url, p.github_url, p.facebook_url,
           p.rating_average::float8 as average, p.rating_count as ratings_count,
           (select mr.rating from member_ratings mr where mr.rater_id = ${viewerId} and mr.rated_id = p.user_id) as my_rating,
           (select count(*) from testimonials tm where tm.subject_id = p.user_id and tm.status = 'approved')
             as testimonials_count,
           case
             when exists (select 1 from member_contacts c where c.requester_id = ${viewerId}
                           and c.contact_id = p.user_id and c.status = 'pending') then 'pending_sent'
             when exists (select 1 from member_contacts c where c.contact_id = ${viewerId}
                           and c.requester_id = p.user_id and c.status = 'pending') then 'pending_received'
             when exists (select 1 from member_contacts c where c.status = 'accepted'
                           and ((c.requester_id = ${viewerId} and c.contact_id = p.user_id)
                             or (c.contact_id = ${viewerId} and c.requester_id = p.user_id))) then 'connected'
             else 'none'
           end as contact_status,
           p.trade_id, ${memberTradeLabel('p', 'tr')} as trade_label, tr.family as trade_family, tr.regulated as trade_regulated,
           p.specialty, g.id as group_id, g.name as group_name, g.slug as group_slug,
           page.score, ms.score as reputation, ms.colour as reputation_colour,
           ms.computed_on::text as reputation_on, ${maySortByScore(viewerId)} as may_sort_score,
           ${count} as total
      from page
      join profiles p on p.user_id = page.user_id
      join "user" u on u.id = page.user_id
      left join trades tr on tr.id = p.trade_id
      -- At most one active seat per member (group_members_one_home_group): no row is repeated.
      left join group_members gm on gm.user_id = page.user_id and gm.status = 'active'
      left join groups g on g.id = gm.group_id
      left join member_scores ms on ms.user_id = page.user_id
     order by ${order('p', 'page')}`);

  const rows = result.rows;
  let total = rows[0] ? Number(rows[0].total) : 0;
  let canSortByScore = byScore || Boolean(rows[0]?.may_sort_score);
  if (rows.length === 0 && query.page > 1) {
    const counted = await db.execute<{ total: number | string; may_sort_score: boolean }>(
      ctes.length > 0
        ? sql`${withClause()} select ${count} as total, ${maySortByScore(viewerId)} as may_sort_score`
        : sql`select ${count} as total, ${maySortByScore(viewerId)} as may_sort_score`,
    );
    total = Number(counted.rows[0]?.total ?? 0);
    canSortByScore = byScore || Boolean(counted.rows[0]?.may_sort_score);
  }

  return {
    members: rows.map((row) => ({
      userId: row.user_id,
      fullName: row.full_name,
      companyName: row.company_name,
      avatarUrl: row.avatar_url,
      profession: row.profession,
      industry: row.industry,
      city: row.city,
      skills: row.skills ?? [],
      lookingFor: row.looking_for ?? [],
      bio: row.bio,
      links: {
        websiteUrl: row.website_url,
        linkedinUrl: row.linkedin_url,
        twitterUrl: row.twitter_url,
        githubUrl: row.github_url,
        facebookUrl: row.facebook_url,
      },
      averageRating: row.average === null ? null : Number(row.average),
      ratingsCount: Number(row.ratings_count),
      myRating: row.my_rating === null ? null : Number(row.my_rating),
      testimonialsCount: Number(row.testimonials_count),
      contactStatus: row.contact_status,
      trade:
        row.trade_id && row.trade_label && row.trade_family
          ? {
              id: row.trade_id,
              label: row.trade_label,
              family: row.trade_family as TradeFamily,
              regulated: row.trade_regulated ?? false,
            }
          : null,
      specialty: row.specialty,
      group:
        row.group_id && row.group_name && row.group_slug
          ? { id: row.group_id, name: row.group_name, slug: row.group_slug }
          : null,
      synergyScore: row.score === null ? null : Number(row.score),
      score:
        row.reputation !== null && row.reputation_colour && row.reputation_on
          ? { score: Number(row.reputation), colour: row.reputation_colour, computedOn: row.reputation_on }
          : null,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
    canSortByScore,
  };
}

/** GET /api/members/facets: the professions and industries members entered, and the groups, for the filters. */
export async function directoryFacets(db: DbOrTx): Promise<DirectoryFacets> {
  const [result, groups] = await Promise.all([
    db.execute<{ kind: 'profession' | 'industry'; value: string }>(sql`
    select distinct 'profession' as kind, profession as value from profiles where btrim(coalesce(profession, '')) <> ''
    union
    select distinct 'industry', industry from profiles where btrim(coalesce(industry, '')) <> ''`),
    db.execute<{ id: string; name: string; slug: string }>(sql`select id, name, slug from groups`),
  ]);
  const collator = new Intl.Collator('fr', { sensitivity: 'base' });
  const of = (kind: string) =>
    result.rows
      .filter((r) => r.kind === kind)
      .map((r) => r.value)
      .sort(collator.compare);
  return {
    professions: of('profession'),
    industries: of('industry'),
    groups: groups.rows
      .map((g) => ({ id: g.id, name: g.name, slug: g.slug }))
      .sort((a, b) => collator.compare(a.name, b.name)),
  };
}
