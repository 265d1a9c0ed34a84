import {
  type GroupHistoryEntry,
  type GroupHistoryKind,
  type GroupList,
  type GroupMemberCard,
  type GroupPage,
  type GroupSummary,
  groupStatus,
  type LeaderPage,
  type LeaderRole,
  leaderRoleLabel,
  type MeetingRhythm,
  type MyGroup,
  type TitleForm,
  TRADE_FAMILY_SLUGS,
  type Trade,
  type TradeCatalogue,
  type TradeFamily,
  toIsoDateTime,
} from '@synergie/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { displayName, memberTradeLabel } from '../../db/fragments';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { isAdmin } from '../roles';
import { listApplications } from './group-applications';
import { listWaitlistEntries } from './seat-offers';

/**
 * The read side of groups (network-core §2): the catalogue, the list of groups, the public group
 * page, the member's own group and the leaders' page. Every list is a constant number of queries:
 * members, open seats and objections are aggregated by the database (json_agg), never fetched
 * per row.
 */

interface TradeRow extends Record<string, unknown> {
  id: string;
  slug: string;
  label: string;
  family: TradeFamily;
  naf_code: string | null;
  regulated: boolean;
}

const toTrade = (row: TradeRow): Trade => ({
  id: row.id,
  slug: row.slug,
  label: row.label,
  family: row.family,
  nafCode: row.naf_code,
  regulated: row.regulated,
});

const familyRank = (family: string) => TRADE_FAMILY_SLUGS.indexOf(family as TradeFamily);

/** GET /api/trades: the whole catalogue, by family (the spec's order) then label, accents ignored. */
export async function listTrades(db: DbOrTx): Promise<TradeCatalogue> {
  const { rows } = await db.execute<TradeRow>(sql`
    select id, slug, label, family, naf_code, regulated from trades order by directory_fold(label), id`);
  const trades = rows.map(toTrade);
  // Stable sort: the labels' order holds inside each family.
  trades.sort((a, b) => familyRank(a.family) - familyRank(b.family));
  return { trades };
}

interface SummaryRow extends Record<string, unknown> {
  id: string;
  slug: string;
  name: string;
  city: string;
  department_code: string;
  region: string;
  meeting_rhythm: MeetingRhythm;
  meeting_weekday: number;
  meeting_time: string;
  active_members: number;
  open_seats: number | string;
}

/** The columns of a group's summary; `g` is the groups row, the catalogue counted once. */
const summaryColumns = sql.raw(`
  g.id, g.slug, g.name, g.city, g.department_code, g.region, g.meeting_rhythm, g.meeting_weekday,
  g.meeting_time::text as meeting_time, g.active_members,
  greatest((select count(*) from trades) - g.active_members, 0) as open_seats`);

const toSummary = (row: SummaryRow): GroupSummary => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  city: row.city,
  departmentCode: row.department_code,
  region: row.region,
  meetingRhythm: row.meeting_rhythm,
  meetingWeekday: Number(row.meeting_weekday),
  meetingTime: String(row.meeting_time).slice(0, 5),
  activeMembers: Number(row.active_members),
  status: groupStatus(Number(row.active_members)),
  openSeats: Number(row.open_seats),
});

/**
 * GET /api/groups: the groups by region, département and city, filtered, with the filters'
 * choices (every region and département that has a group, whatever the filter). One query: each
 * row says whether it matches the filter.
 */
export async function listGroups(db: DbOrTx, filter: { region?: string; department?: string }): Promise<GroupList> {
  const region = filter.region || null;
  const department = filter.department || null;
  const { rows } = await db.execute<SummaryRow & { matches: boolean }>(sql`
    select ${summaryColumns},
           (${region}::text is null or g.region = ${region}::text)
             and (${department}::text is null or g.department_code = ${department}::text) as matches
      from groups g
     order by directory_fold(g.region), g.department_code, directory_fold(g.city), directory_fold(g.name), g.id`);
  const regions = [...new Set(rows.map((r) => r.region))];
  const departments = new Map<string, string>();
  for (const row of rows) if (!departments.has(row.department_code)) departments.set(row.department_code, row.region);
  return {
    groups: rows.filter((r) => r.matches).map(toSummary),
    regions,
    departments: [...departments]
      .sort(([a], [b]) => a.localeCompare(b, 'fr', { numeric: true }))
      .map(([code, inRegion]) => ({ code, region: inRegion })),
  };
}

interface MemberJson {
  userId: string;
  fullName: string;
  companyName: string | null;
  avatarUrl: string | null;
  tradeId: string;
  tradeLabel: string;
  specialty: string | null;
  role: LeaderRole | null;
  /** Null without a profile row (read as masculine). */
  titleForm: TitleForm | null;
  joinedAt: string;
}

/** A member's title in the form they chose; null without a role. */
const roleLabelOf = (role: LeaderRole | null, form: TitleForm | null) =>
  role ? leaderRoleLabel(role, form ?? 'masculine') : null;

interface PageRow extends SummaryRow {
  description: string;
  meeting_place: string;
  place_photo_url: string | null;
  members: MemberJson[] | string;
  open_seats_by_family: { family: TradeFamily; trades: { id: string; slug: string; label: string }[] }[] | string;
}

const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * The page of one group, with its members (joinedAt kept for the leaders' page) and its open
 * seats by family, in ONE query whatever the size of the catalogue: the members and the trades
 * nobody holds are aggregated by the database.
 */
type FullGroupPage = Omit<GroupPage, 'members'> & {
  members: (GroupMemberCard & { joinedAt: string; titleForm: TitleForm })[];
};

async function loadGroupPage(db: DbOrTx, where: SQL): Promise<FullGroupPage | null> {
  const { rows } = await db.execute<PageRow>(sql`
    with g as (select * from groups g where ${where}),
    m as (
      select gm.user_id, gm.trade_id, gm.role, gm.joined_at,
             ${displayName()} as full_name,
             p.company_name, p.avatar_url, p.specialty, p.title_form, ${memberTradeLabel()} as trade_label
        from group_members gm
        join g on g.id = gm.group_id
        join "user" u on u.id = gm.user_id
        join trades t on t.id = gm.trade_id
        left join profiles p on p.user_id = gm.user_id
       where gm.status = 'active'
    ),
    open_trades as (
      select t.family,
             json_agg(json_build_object('id', t.id, 'slug', t.slug, 'label', t.label)
                      order by directory_fold(t.label), t.id) as trades
        from trades t
       where not exists (select 1 from m where m.trade_id = t.id)
       group by t.family
    )
    select ${summaryColumns}, g.description, g.meeting_place, g.place_photo_url,
           coalesce((select json_agg(json_build_object(
               'userId', m.user_id, 'fullName', m.full_name, 'companyName', m.company_name,
               'avatarUrl', m.avatar_url, 'tradeId', m.trade_id, 'tradeLabel', m.trade_label,
               'specialty', m.specialty, 'role', m.role, 'titleForm', m.title_form, 'joinedAt', m.joined_at)
             order by case m.role when 'president' then 0 when 'vice_president' then 1
                                  when 'secretary_treasurer' then 2 else 3 end,
                      directory_fold(m.full_name), m.user_id)
             from m), '[]'::json) as members,
           coalesce((select json_agg(json_build_object('family', o.family, 'trades', o.trades)) from open_trades o),
                    '[]'::json) as open_seats_by_family
      from g`);
  const row = rows[0];
  if (!row) return null;
  const families = parsed(row.open_seats_by_family);
  families.sort((a, b) => familyRank(a.family) - familyRank(b.family));
  return {
    group: {
      ...toSummary(row),
      description: row.description,
      meetingPlace: row.meeting_place,
      placePhotoUrl: row.place_photo_url,
    },
    members: parsed(row.members).map((m) => ({
      ...m,
      titleForm: m.titleForm ?? 'masculine',
      roleLabel: roleLabelOf(m.role, m.titleForm),
      joinedAt: toIsoDateTime(m.joinedAt),
    })),
    openSeatsByFamily: families,
  };
}

const publicPage = (page: FullGroupPage): GroupPage => ({
  ...page,
  members: page.members.map(({ joinedAt: _joinedAt, titleForm: _titleForm, ...card }) => card),
});

/** GET /api/group-pages/:slug: the public page, one query; 404 GROUP_NOT_FOUND. */
export async function getGroupPage(db: DbOrTx, slug: string): Promise<GroupPage> {
  const page = await loadGroupPage(db, sql`g.slug = ${slug}`);
  if (!page) throw new AppError('GROUP_NOT_FOUND');
  return publicPage(page);
}

async function getGroupPageById(db: DbOrTx, groupId: string) {
  if (!isUuid(groupId)) throw new AppError('GROUP_NOT_FOUND');
  const page = await loadGroupPage(db, sql`g.id = ${groupId}`);
  if (!page) throw new AppError('GROUP_NOT_FOUND');
  return page;
}

/**
 * GET /api/me/group: the member's seat and their group's page, the pending applications of that
 * group (to object; objections shown to its leaders only), their own applications and their
 * trade. Five queries at most (the waiting list is one).
 */
export async function getMyGroup(db: DbOrTx, userId: string): Promise<MyGroup> {
  const { rows } = await db.execute<
    TradeRow & {
      must_pick_trade: boolean;
      title_form: TitleForm | null;
      group_id: string | null;
      role: LeaderRole | null;
      joined_at: Date | string | null;
    }
  >(sql`
    select t.id, t.slug, t.label, t.family, t.naf_code, t.regulated, coalesce(p.must_pick_trade, false) as must_pick_trade,
           p.title_form, gm.group_id, gm.role, gm.joined_at
      from "user" u
      left join profiles p on p.user_id = u.id
      left join trades t on t.id = p.trade_id
      left join group_members gm on gm.user_id = u.id and gm.status = 'active'
     where u.id = ${userId}`);
  const me = rows[0];
  const membership =
    me?.group_id && me.joined_at
      ? {
          groupId: me.group_id,
          role: me.role,
          roleLabel: roleLabelOf(me.role, me.title_form),
          joinedAt: toIsoDateTime(me.joined_at),
        }
      : null;
  const group = membership ? publicPage(await getGroupPageById(db, membership.groupId)) : null;
  const applications = await listApplications(db, {
    viewerId: userId,
    where: membership
      ? sql`(a.user_id = ${userId} or (a.group_id = ${membership.groupId} and a.status = 'pending'))`
      : sql`a.user_id = ${userId}`,
    // The applicant never reads the objections to their own application.
    objectionsFor: membership?.role ? membership.groupId : null,
  });
  return {
    membership,
    group,
    groupApplications: applications.filter((a) => a.userId !== userId),
    myApplications: applications.filter((a) => a.userId === userId),
    myWaitlist: await listWaitlistEntries(db, { userId }),
    trade: me?.id ? toTrade(me) : null,
    mustPickTrade: Boolean(me?.must_pick_trade),
  };
}

/** How many decided applications the leaders' page shows after the pending ones. */
const RECENT_DECIDED = 30;
const HISTORY_SHOWN = 100;

interface HistoryRow extends Record<string, unknown> {
  id: string;
  kind: GroupHistoryKind;
  actor_name: string | null;
  subject_name: string | null;
  trade_label: string | null;
  message: string | null;
  created_at: Date | string;
}

/** The group's latest history, names read from today's profiles (the stored name once deleted). */
async function groupHistory(db: DbOrTx, groupId: string): Promise<GroupHistoryEntry[]> {
  const { rows } = await db.execute<HistoryRow>(sql`
    select h.id, h.kind, h.message, h.created_at,
           ${displayName('au', 'ap')} as actor_name,
           coalesce(nullif(btrim(sp.full_name), ''), su.name, h.subject_name) as subject_name,
           ${memberTradeLabel('sp', 't')} as trade_label
      from group_history h
      left join "user" au on au.id = h.actor_id
      left join profiles ap on ap.user_id = h.actor_id
      left join "user" su on su.id = h.subject_id
      left join profiles sp on sp.user_id = h.subject_id
      left join trades t on t.id = h.trade_id
     where h.group_id = ${groupId}
     order by h.created_at desc, h.id desc
     limit ${HISTORY_SHOWN}`);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    actorName: r.actor_name,
    subjectName: r.subject_name,
    tradeLabel: r.trade_label,
    message: r.message,
    createdAt: toIsoDateTime(r.created_at),
  }));
}

/**
 * GET /api/groups/:groupId/leaders-page: members with their joining date, pending and recently
 * decided applications with their objections, the history. The access hook let only the group's
 * leaders and admins in. Five queries.
 */
export async function getLeaderPage(db: DbOrTx, viewerId: string, groupId: string): Promise<LeaderPage> {
  const page = await getGroupPageById(db, groupId);
  const applications = await listApplications(db, {
    viewerId,
    where: sql`a.group_id = ${groupId} and (a.status = 'pending' or a.id in (
      select d.id from group_applications d where d.group_id = ${groupId} and d.status <> 'pending'
       order by d.decided_at desc nulls last, d.created_at desc limit ${RECENT_DECIDED}))`,
    objectionsFor: groupId,
  });
  const history = await groupHistory(db, groupId);
  const president = page.members.find((m) => m.role === 'president');
  const canNameLeaders = president?.userId === viewerId || (await isAdmin(db, viewerId));
  return {
    group: page.group,
    members: page.members,
    applications,
    waitlist: await listWaitlistEntries(db, { groupId }),
    history,
    canNameLeaders,
  };
}
