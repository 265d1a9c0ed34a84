import {
  type AdminGroup,
  type AdminGroupList,
  type AdminTrade,
  type AdminTradeList,
  GROUP_TEXT_LIMITS,
  type GroupForm,
  groupStatus,
  LEADER_ROLES,
  type LeaderRole,
  leaderRoleLabel,
  type MeetingRhythm,
  type TitleForm,
  TRADE_FAMILY_SLUGS,
  type TradeFamily,
  type TradeForm,
  type TradeMergeResult,
  toIsoDateTime,
} from '@synergie/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { displayName } from '../../db/fragments';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { pgConstraint, pgErrorCode } from '../../lib/pg-errors';

/**
 * Administration of the trade catalogue and of the groups (network-core §1-2), admins only
 * (admin-groups.routes.ts). The database keeps the rules: a label equal to another once folded
 * is refused by trades_label_key, a slug by its unique constraint, a merge that would put two
 * active members on one seat by group_members_one_per_seat; this module names the French answer.
 */

const tradeNotFound = () => new AppError('TRADE_NOT_FOUND');
const groupNotFound = () => new AppError('GROUP_NOT_FOUND');
const duplicateTrade = () => new AppError('DUPLICATE_TRADE', undefined, { label: 'Un métier porte déjà ce libellé.' });
const duplicateSlug = () =>
  new AppError('DUPLICATE_GROUP_SLUG', undefined, { slug: 'Un groupe porte déjà cet identifiant.' });

const isUnique = (error: unknown, constraint: string) =>
  pgErrorCode(error) === '23505' && pgConstraint(error) === constraint;

/** `Électricien (bâtiment)` → `electricien-batiment`: the slug a new trade gets from its label. */
export function tradeSlugFromLabel(label: string): string {
  const slug = label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, GROUP_TEXT_LIMITS.slug - 4)
    .replace(/-+$/g, '');
  return slug.length >= 2 ? slug : `metier${slug ? `-${slug}` : ''}`;
}

// ---------------------------------------------------------------------------------------------
// Trades

interface TradeRow extends Record<string, unknown> {
  id: string;
  slug: string;
  label: string;
  label_feminine: string | null;
  family: string;
  naf_code: string | null;
  regulated: boolean;
  members: number;
  active_seats: number;
}

/** The columns of an AdminTrade, counts included (two correlated counts on indexed columns). */
const tradeSelect = sql`
  select t.id, t.slug, t.label, t.label_feminine, t.family, t.naf_code, t.regulated,
         (select count(*)::int from profiles p where p.trade_id = t.id) as members,
         (select count(*)::int from group_members m where m.trade_id = t.id and m.status = 'active') as active_seats
    from trades t`;

const toAdminTrade = (row: TradeRow): AdminTrade => ({
  id: row.id,
  slug: row.slug,
  label: row.label,
  labelFeminine: row.label_feminine,
  family: row.family as TradeFamily,
  nafCode: row.naf_code,
  regulated: row.regulated,
  members: Number(row.members),
  activeSeats: Number(row.active_seats),
});

const familyOrder = (family: string) => TRADE_FAMILY_SLUGS.indexOf(family as TradeFamily);
const collator = new Intl.Collator('fr', { sensitivity: 'base' });

/** GET /api/admin/trades: the catalogue by family, then label, with its counts, in one query. */
export async function listAdminTrades(db: DbOrTx): Promise<AdminTradeList> {
  const { rows } = await db.execute<TradeRow>(tradeSelect);
  const trades = rows.map(toAdminTrade);
  trades.sort((a, b) => familyOrder(a.family) - familyOrder(b.family) || collator.compare(a.label, b.label));
  return { trades };
}

async function adminTrade(db: DbOrTx, id: string): Promise<AdminTrade> {
  const { rows } = await db.execute<TradeRow>(sql`${tradeSelect} where t.id = ${id}`);
  const row = rows[0];
  if (!row) throw tradeNotFound();
  return toAdminTrade(row);
}

/** The feminine label to store: none when it is the label itself (`Notaire`, issue 31). */
const feminineOf = (input: TradeForm) => (input.labelFeminine === input.label ? null : input.labelFeminine);

/**
 * POST /api/admin/trades: the slug is the label without accents, made unique with `-2`, `-3`...
 * A label equal to another once folded (case, accents) is refused by trades_label_key (409).
 */
export async function createTrade(ctx: AppContext, input: TradeForm): Promise<AdminTrade> {
  const base = tradeSlugFromLabel(input.label);
  for (let attempt = 0; attempt < 5; attempt++) {
    const { rows: taken } = await ctx.db.execute<{ slug: string }>(
      sql`select slug from trades where slug = ${base} or slug like ${`${base}-%`}`,
    );
    const used = new Set(taken.map((r) => r.slug));
    let slug = base;
    for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
    try {
      const { rows } = await ctx.db.execute<{ id: string }>(sql`
        insert into trades (slug, label, label_feminine, family, naf_code, regulated)
        values (${slug}, ${input.label}, ${feminineOf(input)}, ${input.family}, ${input.nafCode}, ${input.regulated})
        returning id`);
      return adminTrade(ctx.db, (rows[0] as { id: string }).id);
    } catch (error) {
      if (isUnique(error, 'trades_label_key')) throw duplicateTrade();
      // Another admin took this slug between the read and the insert: read again.
      if (isUnique(error, 'trades_slug_unique')) continue;
      throw error;
    }
  }
  throw new Error('no free slug for the trade');
}

/**
 * PUT /api/admin/trades/:tradeId: label, feminine label, family, NAF code, regulated flag. The
 * slug stays (it is stable); the trigger trades_rename_profiles writes the new label into the
 * members' profession (the plain label: the feminine is read beside it, db/fragments.ts).
 */
export async function updateTrade(ctx: AppContext, tradeId: string, input: TradeForm): Promise<AdminTrade> {
  if (!isUuid(tradeId)) throw tradeNotFound();
  try {
    const { rows } = await ctx.db.execute<{ id: string }>(sql`
      update trades
         set label = ${input.label}, label_feminine = ${feminineOf(input)}, family = ${input.family},
             naf_code = ${input.nafCode}, regulated = ${input.regulated}, updated_at = now()
       where id = ${tradeId}
      returning id`);
    if (rows.length === 0) throw tradeNotFound();
  } catch (error) {
    if (isUnique(error, 'trades_label_key')) throw duplicateTrade();
    throw error;
  }
  return adminTrade(ctx.db, tradeId);
}

/**
 * POST /api/admin/trades/:tradeId/merge: every profile, seat (all statuses), application,
 * waiting-list place and history row of :tradeId moves to `intoTradeId`, then :tradeId is
 * deleted, in one transaction.
 *
 * - Both trade rows are locked first (FOR UPDATE): a seat, application or waiting-list insert
 *   naming either trade takes a key-share lock on it (its foreign key) and waits for the merge,
 *   so nothing is written on the merged trade behind its back.
 * - Two active members of the two trades in one group would hold one seat: the unique index
 *   group_members_one_per_seat refuses the move, and the whole merge rolls back (409).
 * - Applications need nothing: one pending application per member and group
 *   (group_applications_one_pending) whatever the trade, so a merge cannot make two.
 * - Waiting lists: a member waiting on both trades in one group keeps the older place (lower
 *   `seq`, first come first served) and the newer one is closed (`left`); if the closed place
 *   held the seat's offer, the kept place takes it over. Two open offers in one group (both
 *   seats were free) become one: the older offer stays, the other goes back to `waiting` at its
 *   place in line; an offer on a seat the merge fills (the other trade's member holds it) goes
 *   back to `waiting` too.
 */
export async function mergeTrades(ctx: AppContext, tradeId: string, intoTradeId: string): Promise<TradeMergeResult> {
  if (tradeId === intoTradeId) throw new AppError('TRADE_MERGE_SAME');
  if (!isUuid(tradeId) || !isUuid(intoTradeId)) throw tradeNotFound();
  const from = tradeId;
  const into = intoTradeId;
  try {
    return await ctx.db.transaction(async (tx) => {
      // The groups whose seats, applications or lines the merge rewrites, locked first as every
      // writer of a group's seats does (lockGroup), in one order: a seat taken at the same moment
      // (takeSeat holds its group, then key-shares the trade) queues instead of crossing us.
      await tx.execute(sql`
        select id from groups
         where id in (select group_id from group_members where trade_id in (${from}::uuid, ${into}::uuid)
                      union select group_id from group_applications where trade_id in (${from}::uuid, ${into}::uuid)
                      union select group_id from seat_waitlist where trade_id in (${from}::uuid, ${into}::uuid))
         order by id
           for no key update`);
      const { rows: locked } = await tx.execute<{ id: string }>(
        sql`select id from trades where id in (${from}, ${into}) order by id for update`,
      );
      if (locked.length !== 2) throw tradeNotFound();

      // Seats first: the database refuses a merge that would seat two members on one seat.
      const seats = await tx.execute(sql`update group_members set trade_id = ${into} where trade_id = ${from}`);
      const waitlistDuplicatesClosed = await settleWaitlists(tx, from, into);
      const waitlist = await tx.execute(sql`update seat_waitlist set trade_id = ${into} where trade_id = ${from}`);
      const applications = await tx.execute(
        sql`update group_applications set trade_id = ${into} where trade_id = ${from}`,
      );
      const history = await tx.execute(sql`update group_history set trade_id = ${into} where trade_id = ${from}`);
      // The trigger profiles_0_trade_label writes the target's label into their profession.
      const profilesMoved = await tx.execute(
        sql`update profiles set trade_id = ${into}, updated_at = now() where trade_id = ${from}`,
      );
      await tx.execute(sql`delete from trades where id = ${from}`);
      return {
        trade: await adminTrade(tx, into),
        moved: {
          profiles: affected(profilesMoved),
          seats: affected(seats),
          applications: affected(applications),
          waitlist: affected(waitlist),
          history: affected(history),
        },
        waitlistDuplicatesClosed,
      };
    });
  } catch (error) {
    if (isUnique(error, 'group_members_one_per_seat')) throw new AppError('TRADE_MERGE_CONFLICT');
    throw error;
  }
}

/** Rows an UPDATE touched, as node-postgres (rowCount) and PGlite (affectedRows) report it. */
function affected(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

/** The waiting-list rules of a merge (see mergeTrades), before the places move. Returns the places closed. */
async function settleWaitlists(tx: Tx, from: string, into: string): Promise<number> {
  const both = sql`(${from}::uuid, ${into}::uuid)`;
  // An offer on a seat that the merge fills goes back to waiting.
  await tx.execute(sql`
    update seat_waitlist w
       set status = 'waiting', offered_at = null, offer_expires_at = null
     where w.status = 'offered' and w.trade_id in ${both}
       and exists (select 1 from group_members m where m.group_id = w.group_id
                     and m.trade_id in ${both} and m.status = 'active')`);
  // Two offers in one group: the older stays.
  await tx.execute(sql`
    update seat_waitlist w
       set status = 'waiting', offered_at = null, offer_expires_at = null
     where w.status = 'offered' and w.trade_id in ${both}
       and exists (select 1 from seat_waitlist o where o.group_id = w.group_id and o.trade_id in ${both}
                     and o.status = 'offered' and (o.offered_at, o.seq) < (w.offered_at, w.seq))`);
  // One member on both lists of one group: the newer place closes; its offer, if any, moves to the older.
  const { rows: closed } = await tx.execute<{
    kept_id: string;
    status: string;
    offered_at: Date | string | null;
    offer_expires_at: Date | string | null;
  }>(sql`
    with newer as (
      select w.id, o.id as kept_id, w.status, w.offered_at, w.offer_expires_at
        from seat_waitlist w
        join seat_waitlist o on o.group_id = w.group_id and o.user_id = w.user_id
                            and o.trade_id in ${both} and o.trade_id <> w.trade_id
                            and o.status in ('waiting', 'offered') and o.seq < w.seq
       where w.trade_id in ${both} and w.status in ('waiting', 'offered')
    )
    update seat_waitlist w
       set status = 'left', ended_at = now(), offered_at = null, offer_expires_at = null
      from newer
     where w.id = newer.id
    returning newer.kept_id, newer.status, newer.offered_at, newer.offer_expires_at`);
  for (const row of closed) {
    if (row.status !== 'offered') continue;
    await tx.execute(sql`
      update seat_waitlist
         set status = 'offered', offered_at = ${toIsoDateTime(row.offered_at ?? new Date())}::timestamptz,
             offer_expires_at = ${row.offer_expires_at === null ? null : toIsoDateTime(row.offer_expires_at)}::timestamptz
       where id = ${row.kept_id}`);
  }
  return closed.length;
}

// ---------------------------------------------------------------------------------------------
// Groups

interface GroupRow extends Record<string, unknown> {
  id: string;
  slug: string;
  name: string;
  city: string;
  department_code: string;
  region: string;
  description: string;
  meeting_place: string;
  meeting_rhythm: string;
  meeting_weekday: number;
  meeting_time: string;
  active_members: number;
  pending_applications: number;
  waitlist: number;
  leaders: { role: string; titleForm: string | null; userId: string; fullName: string }[] | string | null;
  created_at: Date | string;
}

/** Every column of an AdminGroup, its counts and its leaders (json_agg), one row per group. */
const groupSelect = sql`
  select g.id, g.slug, g.name, g.city, g.department_code, g.region, g.description, g.meeting_place,
         g.meeting_rhythm, g.meeting_weekday, to_char(g.meeting_time, 'HH24:MI') as meeting_time,
         g.active_members, g.created_at,
         (select count(*)::int from group_applications a where a.group_id = g.id and a.status = 'pending')
           as pending_applications,
         (select count(*)::int from seat_waitlist w where w.group_id = g.id and w.status in ('waiting', 'offered'))
           as waitlist,
         (select coalesce(json_agg(json_build_object(
                   'role', m.role, 'titleForm', p.title_form, 'userId', m.user_id,
                   'fullName', ${displayName()})), '[]'::json)
            from group_members m
            join "user" u on u.id = m.user_id
            left join profiles p on p.user_id = m.user_id
           where m.group_id = g.id and m.status = 'active' and m.role is not null) as leaders
    from groups g`;

const roleOrder = (role: string) => LEADER_ROLES.indexOf(role as LeaderRole);

const toAdminGroup = (row: GroupRow): AdminGroup => {
  const leaders = (
    (typeof row.leaders === 'string' ? JSON.parse(row.leaders) : (row.leaders ?? [])) as {
      role: LeaderRole;
      titleForm: TitleForm | null;
      userId: string;
      fullName: string;
    }[]
  ).map(({ titleForm, ...leader }) => ({
    ...leader,
    roleLabel: leaderRoleLabel(leader.role, titleForm ?? 'masculine'),
  }));
  const activeMembers = Number(row.active_members);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    city: row.city,
    departmentCode: row.department_code,
    region: row.region,
    description: row.description,
    meetingPlace: row.meeting_place,
    meetingRhythm: row.meeting_rhythm as MeetingRhythm,
    meetingWeekday: Number(row.meeting_weekday),
    meetingTime: row.meeting_time,
    activeMembers,
    status: groupStatus(activeMembers),
    pendingApplications: Number(row.pending_applications),
    waitlist: Number(row.waitlist),
    leaders: leaders.sort((a, b) => roleOrder(a.role) - roleOrder(b.role)),
    createdAt: toIsoDateTime(row.created_at),
  };
};

/** GET /api/admin/groups: every group with its counts and leaders, in one query. */
export async function listAdminGroups(db: DbOrTx): Promise<AdminGroupList> {
  const { rows } = await db.execute<GroupRow>(
    sql`${groupSelect} order by g.region, g.department_code, g.city, g.name, g.id`,
  );
  return { groups: rows.map(toAdminGroup) };
}

async function adminGroup(db: DbOrTx, id: string): Promise<AdminGroup> {
  const { rows } = await db.execute<GroupRow>(sql`${groupSelect} where g.id = ${id}`);
  const row = rows[0];
  if (!row) throw groupNotFound();
  return toAdminGroup(row);
}

/** POST /api/admin/groups: a new group (En formation), its creation in its history. */
export async function createGroup(ctx: AppContext, adminId: string, input: GroupForm): Promise<AdminGroup> {
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ id: string }>(sql`
        insert into groups (slug, name, city, department_code, region, description, meeting_place,
                            meeting_rhythm, meeting_weekday, meeting_time)
        values (${input.slug}, ${input.name}, ${input.city}, ${input.departmentCode}, ${input.region},
                ${input.description}, ${input.meetingPlace}, ${input.meetingRhythm}, ${input.meetingWeekday},
                ${input.meetingTime})
        returning id`);
      const groupId = (rows[0] as { id: string }).id;
      await tx.execute(
        sql`insert into group_history (group_id, kind, actor_id) values (${groupId}, 'created', ${adminId})`,
      );
      // The group's own forum category, seen by its members only (network-core §9).
      await tx.execute(sql`
        insert into forum_categories (slug, name, description, group_id, position)
        values (${`groupe-${input.slug}`}, ${input.name}, 'L''espace d''échange réservé aux membres du groupe.',
                ${groupId}, 100)
        on conflict do nothing`);
      return groupId;
    });
    return adminGroup(ctx.db, id);
  } catch (error) {
    if (isUnique(error, 'groups_slug_unique')) throw duplicateSlug();
    throw error;
  }
}

/** PUT /api/admin/groups/:groupId: every field of the form (a new slug changes the page's address). */
export async function updateGroup(ctx: AppContext, groupId: string, input: GroupForm): Promise<AdminGroup> {
  if (!isUuid(groupId)) throw groupNotFound();
  try {
    const { rows } = await ctx.db.execute<{ id: string }>(sql`
      update groups
         set slug = ${input.slug}, name = ${input.name}, city = ${input.city},
             department_code = ${input.departmentCode}, region = ${input.region},
             description = ${input.description}, meeting_place = ${input.meetingPlace},
             meeting_rhythm = ${input.meetingRhythm}, meeting_weekday = ${input.meetingWeekday},
             meeting_time = ${input.meetingTime}, updated_at = now()
       where id = ${groupId}
      returning id`);
    if (rows.length === 0) throw groupNotFound();
    // Its forum category keeps the group's name (its address stays: links to it keep working).
    await ctx.db.execute(
      sql`update forum_categories set name = ${input.name}, updated_at = now() where group_id = ${groupId}`,
    );
  } catch (error) {
    if (isUnique(error, 'groups_slug_unique')) throw duplicateSlug();
    throw error;
  }
  return adminGroup(ctx.db, groupId);
}
