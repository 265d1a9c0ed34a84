import {
  GROUP_MAX_MEMBERS,
  type GroupSummary,
  groupStatus,
  type MeetingRhythm,
  SEAT_GRACE_DAYS,
  SEAT_OFFER_DAYS,
  type SeatState,
  type Trade,
  toIsoDateTime,
  toIsoDateTimeOrNull,
  type WaitlistEntry,
  type WaitlistStatus,
} from '@synergie/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { displayName } from '../../db/fragments';
import { AppError } from '../../lib/errors';
import { isTradeGone, pgConstraint, pgErrorCode } from '../../lib/pg-errors';
import { seatOfferExpiredMail, seatOfferMail } from '../../mail/group-mails';
import { notificationTexts } from '../notification-texts';
import { notify } from '../notifications';
import { subscribedSql } from '../subscribed';
import { recordHistory, tellMembershipWebhooks } from './group-history';
import { isGroupId } from './group-roles';
import { lockGroup, takeSeat } from './seats';

/**
 * Waiting lists and seat offers (network-core §2 "Waiting list"): per seat (group, trade), first
 * come first served; a freed seat is offered for 7 days to the first in line, then to the next.
 *
 * Locks, always in this order: the group's row (lockGroup, or the jobs' SKIP LOCKED claim of it),
 * then the waiting-list rows. Every writer of a seat or of its line takes the group's lock first,
 * so a seat freed while someone joins the line, or two answers to one offer, queue instead of
 * crossing; the partial unique indexes (seat_waitlist_one_place, seat_waitlist_one_offer) are the
 * last word.
 */

/** Seat offers are notifications (kind waiting_list): their mails carry the unsubscribe link. */
type MailCtx = Pick<AppContext, 'mailContext' | 'links'>;

/** The statuses of a place still in its line (an open offer ranks first, then the waiting by `seq`). */
const OPEN = sql.raw(`('waiting', 'offered')`);

/**
 * A freed seat (group, trade) inside `tx`, the group locked by the caller: offers it for 7 days to
 * the first in line, if any, with its mail in the outbox. Nothing happens while the seat is held
 * or an offer is open. Members who cannot take it now keep their place and are passed over: no
 * subscription (the offer could not be accepted), a seat already held elsewhere, or a profile
 * naming another trade now (ableToTakeSql).
 */
export async function offerFreedSeat(tx: Tx, ctx: MailCtx, seat: { groupId: string; tradeId: string }): Promise<void> {
  await offerToNextInLine(tx, ctx, seat);
}

/**
 * A place `sw` its member could take now: their profile still names the seat's trade, they hold no
 * seat, they are subscribed. Only such a place is offered a seat, and only such a place keeps a
 * free seat from a direct application (group-applications.ts).
 */
export const ableToTakeSql = (sw: SQL) => sql`(
  exists (select 1 from profiles pt where pt.user_id = ${sw}.user_id and pt.trade_id = ${sw}.trade_id)
  and not exists (select 1 from group_members h where h.user_id = ${sw}.user_id and h.status = 'active')
  and ${subscribedSql(sql`${sw}.user_id`)})`;

/** An open offer its member can no longer take (a seat held since, or another trade on the profile). */
const deadOfferSql = (sw: SQL) => sql`(
  not exists (select 1 from profiles pt where pt.user_id = ${sw}.user_id and pt.trade_id = ${sw}.trade_id)
  or exists (select 1 from group_members h where h.user_id = ${sw}.user_id and h.status = 'active'))`;

/** offerFreedSeat, saying whether an offer was made. */
async function offerToNextInLine(tx: Tx, ctx: MailCtx, seat: { groupId: string; tradeId: string }): Promise<boolean> {
  const { rows } = await tx.execute<{ id: string; user_id: string }>(sql`
    select sw.id, sw.user_id
      from seat_waitlist sw
     where sw.group_id = ${seat.groupId} and sw.trade_id = ${seat.tradeId} and sw.status = 'waiting'
       and not exists (select 1 from group_members gm
                        where gm.group_id = sw.group_id and gm.trade_id = sw.trade_id and gm.status = 'active')
       and not exists (select 1 from seat_waitlist o
                        where o.group_id = sw.group_id and o.trade_id = sw.trade_id and o.status = 'offered')
       and ${ableToTakeSql(sql`sw`)}
     order by sw.seq
     limit 1
       for update of sw skip locked`);
  const first = rows[0];
  if (!first) return false;
  let offered: { offer_expires_at: Date | string } | undefined;
  try {
    // A savepoint: the one-offer index refusing means another transaction offered this seat.
    offered = await tx.transaction(async (savepoint) => {
      const { rows: updated } = await savepoint.execute<{ offer_expires_at: Date | string }>(sql`
        update seat_waitlist
           set status = 'offered', offered_at = now(),
               offer_expires_at = now() + make_interval(days => ${SEAT_OFFER_DAYS})
         where id = ${first.id} and status = 'waiting'
        returning offer_expires_at`);
      return updated[0];
    });
  } catch (error) {
    if (pgErrorCode(error) === '23505' && pgConstraint(error) === 'seat_waitlist_one_offer') return false;
    throw error;
  }
  if (!offered) return false;
  const who = await seatContext(tx, first.id);
  await history(tx, {
    groupId: seat.groupId,
    kind: 'offer_made',
    subjectId: first.user_id,
    tradeId: seat.tradeId,
    who,
  });
  await notify(tx, ctx, {
    userId: first.user_id,
    kind: 'waiting_list',
    ...notificationTexts.seatOffered(who.group_name),
    link: '/mon-groupe',
    // Offered for 7 days only: a digest or `Jamais` would let it expire unseen.
    service: true,
    mail: (to, unsubscribe) =>
      seatOfferMail(ctx.mailContext, {
        to,
        groupName: who.group_name,
        tradeLabel: who.trade_label,
        expiresAt: new Date(offered.offer_expires_at),
        unsubscribe,
      }),
  });
  return true;
}

type SeatContext = {
  email: string;
  full_name: string;
  group_name: string;
  trade_label: string;
};

/** Who an entry belongs to and the seat's words, for its mails and the group's history. */
async function seatContext(tx: Tx, entryId: string): Promise<SeatContext> {
  const { rows } = await tx.execute<SeatContext>(sql`
    select u.email, ${displayName()} as full_name, g.name as group_name, t.label as trade_label
      from seat_waitlist sw
      join "user" u on u.id = sw.user_id
      left join profiles p on p.user_id = sw.user_id
      join groups g on g.id = sw.group_id
      join trades t on t.id = sw.trade_id
     where sw.id = ${entryId}`);
  return rows[0] as SeatContext;
}

async function history(
  tx: Tx,
  row: {
    groupId: string;
    kind: string;
    subjectId: string;
    tradeId: string;
    who: { full_name: string };
    actorId?: string;
  },
) {
  await tx.execute(sql`
    insert into group_history (group_id, kind, actor_id, subject_id, subject_name, trade_id)
    values (${row.groupId}, ${row.kind}, ${row.actorId ?? null}, ${row.subjectId}, ${row.who.full_name}, ${row.tradeId})`);
  await tellMembershipWebhooks(tx, row);
}

// ---------------------------------------------------------------------------
// The member's actions
// ---------------------------------------------------------------------------

/**
 * Joins the waiting list of the seat of one's own trade in a group (subscribers). Refused: no
 * trade (TRADE_REQUIRED), a seat held anywhere (ALREADY_IN_GROUP: leave first), a free seat with
 * no open offer (SEAT_FREE: apply directly), already in this line (ALREADY_WAITING, by the index).
 */
export async function joinWaitlist(ctx: AppContext, userId: string, groupId: string): Promise<WaitlistEntry> {
  if (!isGroupId(groupId)) throw new AppError('GROUP_NOT_FOUND');
  const entryId = await ctx.db.transaction(async (tx) => {
    // Before reading the seat: a holder leaving now either committed (the seat reads free) or
    // waits for us (and then offers the seat to the line we join).
    await lockGroup(tx, groupId);
    const { rows } = await tx.execute<{
      trade_id: string | null;
      in_group: boolean;
      seat: 'held' | 'offered' | 'free';
    }>(
      sql`
      select p.trade_id,
             exists (select 1 from group_members h where h.user_id = ${userId} and h.status = 'active') as in_group,
             case
               when exists (select 1 from group_members gm
                             where gm.group_id = ${groupId} and gm.trade_id = p.trade_id and gm.status = 'active') then 'held'
               when exists (select 1 from seat_waitlist o
                             where o.group_id = ${groupId} and o.trade_id = p.trade_id and o.status = 'offered') then 'offered'
               else 'free'
             end as seat
        from "user" u
        left join profiles p on p.user_id = u.id
       where u.id = ${userId}`,
    );
    const me = rows[0];
    if (!me?.trade_id) throw new AppError('TRADE_REQUIRED');
    if (me.in_group) throw new AppError('ALREADY_IN_GROUP');
    if (me.seat === 'free') throw new AppError('SEAT_FREE');
    try {
      const { rows: inserted } = await tx.transaction((savepoint) =>
        savepoint.execute<{ id: string }>(sql`
          insert into seat_waitlist (group_id, trade_id, user_id)
          values (${groupId}, ${me.trade_id}, ${userId})
          returning id`),
      );
      return (inserted[0] as { id: string }).id;
    } catch (error) {
      if (pgErrorCode(error) === '23505' && pgConstraint(error) === 'seat_waitlist_one_place') {
        throw new AppError('ALREADY_WAITING');
      }
      // The profile's trade was merged into another (admin) between our read and the insert.
      if (isTradeGone(error)) throw new AppError('TRADE_CHANGED');
      throw error;
    }
  });
  const [entry] = await listWaitlistEntries(ctx.db, { entryId });
  return entry as WaitlistEntry;
}

type OwnEntry = {
  id: string;
  group_id: string;
  trade_id: string;
  user_id: string;
  status: WaitlistStatus;
  expired: boolean;
};

/**
 * Locks the member's own entry, its group first: 404 for an entry that is not theirs (an entry's
 * existence is nobody else's business).
 */
async function lockOwnEntry(tx: Tx, userId: string, entryId: string): Promise<OwnEntry> {
  if (!isGroupId(entryId)) throw new AppError('WAITLIST_ENTRY_NOT_FOUND');
  const { rows: found } = await tx.execute<{ group_id: string }>(
    sql`select group_id from seat_waitlist where id = ${entryId} and user_id = ${userId}`,
  );
  const groupId = found[0]?.group_id;
  if (!groupId) throw new AppError('WAITLIST_ENTRY_NOT_FOUND');
  await lockGroup(tx, groupId);
  const { rows } = await tx.execute<OwnEntry>(sql`
    select id, group_id, trade_id, user_id, status,
           (status = 'offered' and offer_expires_at <= now()) as expired
      from seat_waitlist where id = ${entryId} for update`);
  return rows[0] as OwnEntry;
}

/** The end of an entry; an open offer closed this way passes to the next in line. */
async function closeEntry(
  tx: Tx,
  ctx: MailCtx,
  entry: OwnEntry,
  status: 'left' | 'declined' | 'expired',
  passOn = true,
): Promise<void> {
  await tx.execute(sql`update seat_waitlist set status = ${status}, ended_at = now() where id = ${entry.id}`);
  if (entry.status !== 'offered') return;
  const who = await seatContext(tx, entry.id);
  const kind = status === 'expired' ? 'offer_expired' : 'offer_declined';
  await history(tx, { groupId: entry.group_id, kind, subjectId: entry.user_id, tradeId: entry.trade_id, who });
  if (status === 'expired') {
    await notify(tx, ctx, {
      userId: entry.user_id,
      kind: 'waiting_list',
      ...notificationTexts.seatOfferExpired(who.group_name),
      link: '/mon-groupe',
      mail: (to, unsubscribe) =>
        seatOfferExpiredMail(ctx.mailContext, {
          to,
          groupName: who.group_name,
          tradeLabel: who.trade_label,
          unsubscribe,
        }),
    });
  }
  if (passOn) await offerToNextInLine(tx, ctx, { groupId: entry.group_id, tradeId: entry.trade_id });
}

/**
 * A member just took a seat (an application accepted, an offer taken), in `tx` holding the group
 * `groupId`'s lock: their other places in waiting lines end ('left'; an open offer passes to the
 * next in line) and their other pending applications are withdrawn. Call it BEFORE inserting the
 * seat: a concurrent acceptance elsewhere holding one of these rows then finishes first (and the
 * seat insert answers ALREADY_IN_GROUP) instead of waiting on our seat row while we wait on it.
 * Another group's lock is only tried (SKIP LOCKED), never waited for: when it is held, the offer
 * sweep (expireSeatOffers) offers that seat on its next run.
 */
export async function closeOtherPlaces(
  tx: Tx,
  ctx: MailCtx,
  place: { userId: string; groupId: string; keepEntryId?: string; keepApplicationId?: string },
): Promise<void> {
  const { rows: entries } = await tx.execute<OwnEntry>(sql`
    select id, group_id, trade_id, user_id, status, false as expired
      from seat_waitlist
     where user_id = ${place.userId} and status in ${OPEN}
       and id <> coalesce(${place.keepEntryId ?? null}::uuid, '00000000-0000-0000-0000-000000000000'::uuid)
     order by group_id, id
       for update`);
  for (const entry of entries) {
    let passOn = entry.group_id === place.groupId;
    if (!passOn && entry.status === 'offered') {
      const { rows } = await tx.execute(
        sql`select id from groups where id = ${entry.group_id} for no key update skip locked`,
      );
      passOn = rows.length > 0;
    }
    await closeEntry(tx, ctx, entry, 'left', passOn);
  }
  const { rows: withdrawn } = await tx.execute<{ group_id: string; trade_id: string }>(sql`
    update group_applications set status = 'withdrawn', decided_at = now()
     where user_id = ${place.userId} and status = 'pending'
       and id <> coalesce(${place.keepApplicationId ?? null}::uuid, '00000000-0000-0000-0000-000000000000'::uuid)
    returning group_id, trade_id`);
  for (const application of withdrawn) {
    await recordHistory(tx, {
      groupId: application.group_id,
      kind: 'withdrawn',
      actorId: place.userId,
      subjectId: place.userId,
      tradeId: application.trade_id,
    });
  }
}

/** Leaves a waiting list in one click; an open offer left this way goes to the next in line. */
export async function leaveWaitlist(ctx: AppContext, userId: string, entryId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const entry = await lockOwnEntry(tx, userId, entryId);
    // Already out of the line: nothing left to leave.
    if (entry.status !== 'waiting' && entry.status !== 'offered') return;
    await closeEntry(tx, ctx, entry, 'left');
  });
}

/** Declines an open offer: the seat is offered to the next in line. */
export async function declineOffer(ctx: AppContext, userId: string, entryId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const entry = await lockOwnEntry(tx, userId, entryId);
    if (entry.status !== 'offered') throw new AppError('OFFER_CLOSED');
    await closeEntry(tx, ctx, entry, 'declined');
  });
}

/**
 * Accepts an open offer: the seat is the member's at once (docs/product/decisions.md "Groups":
 * the leaders saw the waiting list). The seat rules still hold, by the database (takeSeat):
 * GROUP_FULL leaves the offer open (a place may free before it expires), ALREADY_IN_GROUP too
 * (the member may leave their group first). A seat taken meanwhile (an application accepted)
 * sends the member back to their place in the line, where the next freeing finds them first. A
 * member whose profile names another trade now loses the place (committed: 'left', the seat goes
 * to the next in line) and hears 409 TRADE_CHANGED. Taking the seat ends the member's other places
 * and pending applications (closeOtherPlaces).
 */
export async function acceptOffer(ctx: AppContext, userId: string, entryId: string): Promise<void> {
  const refused = await ctx.db.transaction(async (tx) => {
    const entry = await lockOwnEntry(tx, userId, entryId);
    if (entry.status !== 'offered' || entry.expired) throw new AppError('OFFER_CLOSED');
    const { rows } = await tx.execute<{ trade_id: string | null }>(
      sql`select trade_id from profiles where user_id = ${userId} for share`,
    );
    // The member changed trade since joining the line: the seat is their trade's, not theirs any
    // more. Their place ends and the seat goes to the next in line (committed), then 409.
    if (rows[0]?.trade_id !== entry.trade_id) {
      await closeEntry(tx, ctx, entry, 'left');
      return new AppError('TRADE_CHANGED');
    }
    try {
      // A savepoint: a seat taken meanwhile undoes the closing of the member's other places too.
      await tx.transaction(async (savepoint) => {
        await closeOtherPlaces(savepoint, ctx, { userId, groupId: entry.group_id, keepEntryId: entry.id });
        await takeSeat(savepoint, { groupId: entry.group_id, userId, tradeId: entry.trade_id });
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'SEAT_TAKEN') {
        await tx.execute(
          sql`update seat_waitlist set status = 'waiting', offered_at = null, offer_expires_at = null where id = ${entry.id}`,
        );
        return error;
      }
      throw error;
    }
    await tx.execute(sql`update seat_waitlist set status = 'accepted', ended_at = now() where id = ${entry.id}`);
    const who = await seatContext(tx, entry.id);
    await history(tx, {
      groupId: entry.group_id,
      kind: 'joined_from_waitlist',
      subjectId: userId,
      actorId: userId,
      tradeId: entry.trade_id,
      who,
    });
    return null;
  });
  if (refused) throw refused;
}

// ---------------------------------------------------------------------------
// Reading the lines
// ---------------------------------------------------------------------------

type EntryRow = {
  id: string;
  group_id: string;
  group_name: string;
  group_slug: string;
  user_id: string;
  full_name: string;
  trade_id: string;
  trade_label: string;
  status: WaitlistEntry['status'];
  position: number | string;
  created_at: Date | string;
  offer_expires_at: Date | string | null;
};

/**
 * Open places in waiting lists (waiting or offered) with their position in their seat's line
 * (1 = first; an open offer counts first), in ONE query: a member's own places (`userId`, their
 * space), a group's lines (`groupId`, the leaders' page, by trade then position), or one place.
 */
export async function listWaitlistEntries(
  db: DbOrTx,
  scope: { userId: string } | { groupId: string } | { entryId: string },
): Promise<WaitlistEntry[]> {
  // The lines to rank: the whole line of each seat in scope, so a member's position counts the
  // others ahead of them.
  const seats =
    'groupId' in scope
      ? sql`sw.group_id = ${scope.groupId}`
      : sql`(sw.group_id, sw.trade_id) in (
          select m.group_id, m.trade_id from seat_waitlist m
           where m.status in ${OPEN} and ${'userId' in scope ? sql`m.user_id = ${scope.userId}` : sql`m.id = ${scope.entryId}`})`;
  const keep =
    'groupId' in scope
      ? sql`true`
      : 'userId' in scope
        ? sql`l.user_id = ${scope.userId}`
        : sql`l.id = ${scope.entryId}`;
  const order = 'groupId' in scope ? sql`t.label, l.position` : sql`l.created_at, l.id`;
  const { rows } = await db.execute<EntryRow>(sql`
    with line as (
      select sw.*,
             row_number() over (partition by sw.group_id, sw.trade_id
                                order by (sw.status = 'offered') desc, sw.seq) as position
        from seat_waitlist sw
       where sw.status in ${OPEN} and ${seats})
    select l.id, l.group_id, g.name as group_name, g.slug as group_slug, l.user_id,
           ${displayName()} as full_name, l.trade_id, t.label as trade_label, l.status,
           l.position, l.created_at, l.offer_expires_at
      from line l
      join groups g on g.id = l.group_id
      join trades t on t.id = l.trade_id
      join "user" u on u.id = l.user_id
      left join profiles p on p.user_id = l.user_id
     where ${keep}
     order by ${order}`);
  return rows.map(toEntry);
}

function toEntry(row: EntryRow): WaitlistEntry {
  return {
    id: row.id,
    groupId: row.group_id,
    groupName: row.group_name,
    groupSlug: row.group_slug,
    userId: row.user_id,
    fullName: row.full_name,
    tradeId: row.trade_id,
    tradeLabel: row.trade_label,
    status: row.status,
    position: Number(row.position),
    createdAt: toIsoDateTime(row.created_at),
    offerExpiresAt: toIsoDateTimeOrNull(row.offer_expires_at),
  };
}

// ---------------------------------------------------------------------------
// The viewer's seat in a group (the group page's apply box)
// ---------------------------------------------------------------------------

type SeatStateRow = {
  trade_id: string | null;
  trade_slug: string | null;
  trade_label: string | null;
  trade_family: string | null;
  trade_naf_code: string | null;
  trade_regulated: boolean | null;
  home_group_id: string | null;
  application_id: string | null;
  seat_held: boolean;
  offer_open: boolean;
  entry_id: string | null;
  department_code: string;
  region: string;
};

/**
 * What the viewer may do with their trade's seat in a group: `Postuler`, the waiting list, or
 * nothing (a member already). When the seat is held, the nearest groups where it is free and that
 * are not full: same département first, then same region, then the others (network-core §2).
 */
export async function seatStateFor(db: DbOrTx, userId: string, groupId: string): Promise<SeatState> {
  if (!isGroupId(groupId)) throw new AppError('GROUP_NOT_FOUND');
  const { rows } = await db.execute<SeatStateRow>(sql`
    select t.id as trade_id, t.slug as trade_slug, t.label as trade_label, t.family as trade_family,
           t.naf_code as trade_naf_code, t.regulated as trade_regulated,
           (select h.group_id from group_members h where h.user_id = ${userId} and h.status = 'active') as home_group_id,
           (select a.id from group_applications a
             where a.group_id = g.id and a.user_id = ${userId} and a.status = 'pending') as application_id,
           exists (select 1 from group_members gm
                    where gm.group_id = g.id and gm.trade_id = t.id and gm.status = 'active') as seat_held,
           exists (select 1 from seat_waitlist o
                    where o.group_id = g.id and o.trade_id = t.id and o.status = 'offered') as offer_open,
           (select w.id from seat_waitlist w
             where w.group_id = g.id and w.trade_id = t.id and w.user_id = ${userId} and w.status in ${OPEN}) as entry_id,
           g.department_code, g.region
      from groups g
      left join profiles p on p.user_id = ${userId}
      left join trades t on t.id = p.trade_id
     where g.id = ${groupId}`);
  const row = rows[0];
  if (!row) throw new AppError('GROUP_NOT_FOUND');
  const trade: Trade | null = row.trade_id
    ? {
        id: row.trade_id,
        slug: row.trade_slug as string,
        label: row.trade_label as string,
        family: row.trade_family as Trade['family'],
        nafCode: row.trade_naf_code,
        regulated: Boolean(row.trade_regulated),
      }
    : null;
  const waitlist = row.entry_id ? ((await listWaitlistEntries(db, { entryId: row.entry_id }))[0] ?? null) : null;
  let state: SeatState['state'];
  if (row.home_group_id === groupId) state = 'member_here';
  else if (row.home_group_id) state = 'member_elsewhere';
  else if (!trade) state = 'no_trade';
  else if (row.application_id) state = 'applied';
  else if (waitlist) state = 'waiting';
  // A seat offered to the first in line is not free for a newcomer: they join the line.
  else if (row.seat_held || row.offer_open) state = 'seat_held';
  else state = 'seat_free';
  const nearestGroups =
    trade && (state === 'seat_held' || state === 'waiting')
      ? await nearestFreeSeats(db, {
          groupId,
          tradeId: trade.id,
          departmentCode: row.department_code,
          region: row.region,
        })
      : [];
  return { trade, state, applicationId: row.application_id, waitlist, nearestGroups };
}

type SummaryRow = {
  id: string;
  slug: string;
  name: string;
  city: string;
  department_code: string;
  region: string;
  meeting_rhythm: string;
  meeting_weekday: number;
  meeting_time: string;
  active_members: number;
  open_seats: number | string;
};

/**
 * The seat of `tradeId` is free in the group `g` (an alias of groups): not full, no active member
 * of that trade, no open offer of it to someone on the waiting list. One home for the rule: the
 * nearest free seats below and `Vos premiers pas` on `Aujourd'hui` (domain/today.ts) read it.
 */
export function seatFreeSql(g: SQL, tradeId: SQL): SQL {
  return sql`${g}.active_members < ${sql.raw(String(GROUP_MAX_MEMBERS))}
       and not exists (select 1 from group_members fgm
                        where fgm.group_id = ${g}.id and fgm.trade_id = ${tradeId} and fgm.status = 'active')
       and not exists (select 1 from seat_waitlist fo
                        where fo.group_id = ${g}.id and fo.trade_id = ${tradeId} and fo.status = 'offered')`;
}

/** Up to 3 other groups where the seat of this trade is free (no holder, no open offer) and not full: one query. */
export async function nearestFreeSeats(
  db: DbOrTx,
  seat: { groupId: string; tradeId: string; departmentCode: string; region: string },
): Promise<GroupSummary[]> {
  const { rows } = await db.execute<SummaryRow>(sql`
    select g.id, g.slug, g.name, g.city, g.department_code, g.region, g.meeting_rhythm, g.meeting_weekday,
           g.meeting_time::text as meeting_time, g.active_members,
           -- Each active member holds one trade of the catalogue: the others are open.
           (select count(*) from trades) - g.active_members as open_seats
      from groups g
     where g.id <> ${seat.groupId}
       and ${seatFreeSql(sql`g`, sql`${seat.tradeId}`)}
     order by (g.department_code = ${seat.departmentCode}) desc, (g.region = ${seat.region}) desc, g.city, g.name
     limit 3`);
  return rows.map((g) => ({
    id: g.id,
    slug: g.slug,
    name: g.name,
    city: g.city,
    departmentCode: g.department_code,
    region: g.region,
    meetingRhythm: g.meeting_rhythm as MeetingRhythm,
    meetingWeekday: Number(g.meeting_weekday),
    meetingTime: g.meeting_time.slice(0, 5),
    activeMembers: Number(g.active_members),
    status: groupStatus(Number(g.active_members)),
    openSeats: Number(g.open_seats),
  }));
}

// ---------------------------------------------------------------------------
// Scheduled jobs (docs/decisions/0007-scheduled-jobs.md)
// ---------------------------------------------------------------------------

/** How many due rows one run reads at most; the next run takes the rest. */
const SWEEP_BATCH = 200;

/**
 * Claims a group for one seat's work: its row lock, or nothing when another transaction holds it
 * (another instance on the same seat, a member acting in the group): that seat waits for the next
 * run, and no instance ever waits on another.
 */
async function claimGroup(tx: Tx, groupId: string): Promise<boolean> {
  const { rows } = await tx.execute(sql`select id from groups where id = ${groupId} for no key update skip locked`);
  return rows.length > 0;
}

/**
 * Offers whose 7 days passed without an answer: each is marked 'expired' (history, a short mail)
 * and the seat goes to the next in line, one seat per transaction. Also offers the seats that are
 * free with a line but no offer (a holder of two places who took one seat leaves an offer to pass
 * on; a seat freed by a path that did not offer it). Returns how many offers it closed or made.
 */
export async function expireSeatOffers(ctx: Pick<AppContext, 'db' | 'mailContext' | 'links'>): Promise<number> {
  const { rows: due } = await ctx.db.execute<{ group_id: string; trade_id: string }>(sql`
    select sw.group_id, sw.trade_id from seat_waitlist sw
     where sw.status = 'offered' and (sw.offer_expires_at <= now() or ${deadOfferSql(sql`sw`)})
    union
    select sw.group_id, sw.trade_id from seat_waitlist sw
     where sw.status = 'waiting'
       and not exists (select 1 from seat_waitlist o
                        where o.group_id = sw.group_id and o.trade_id = sw.trade_id and o.status = 'offered')
       and not exists (select 1 from group_members gm
                        where gm.group_id = sw.group_id and gm.trade_id = sw.trade_id and gm.status = 'active')
       and ${ableToTakeSql(sql`sw`)}
     limit ${SWEEP_BATCH}`);
  let handled = 0;
  for (const seat of due) {
    handled += await ctx.db.transaction(async (tx) => {
      if (!(await claimGroup(tx, seat.group_id))) return 0;
      // Re-read under the lock: another instance may have handled this seat since the list above.
      // An offer its member can no longer take (a seat held since, another trade on the profile)
      // ends as 'left' at once instead of blocking the seat for the rest of its 7 days.
      const { rows } = await tx.execute<OwnEntry>(sql`
        select sw.id, sw.group_id, sw.trade_id, sw.user_id, sw.status, sw.offer_expires_at <= now() as expired
          from seat_waitlist sw
         where sw.group_id = ${seat.group_id} and sw.trade_id = ${seat.trade_id}
           and sw.status = 'offered' and (sw.offer_expires_at <= now() or ${deadOfferSql(sql`sw`)})
           for update of sw skip locked`);
      const closing = rows[0];
      if (closing) {
        await closeEntry(tx, ctx, closing, closing.expired ? 'expired' : 'left');
        return 1;
      }
      return (await offerToNextInLine(tx, ctx, { groupId: seat.group_id, tradeId: seat.trade_id })) ? 1 : 0;
    });
  }
  return handled;
}

/**
 * Seats whose holder has had no subscription for more than 30 days (network-core §2: the
 * subscription ends, then a 30-day grace): the membership ends as 'lapsed' (history) and the seat
 * is offered to the first in line. Only a subscription that ended counts: a member who never
 * subscribed (demo data, a seat given by an admin) keeps their seat.
 *
 * When a subscription ended: a subscribed status set to end with its period, at that period's
 * end; any other status (canceled, unpaid, past_due...) at the provider's time of that state, or
 * at the period's end when that came first (the demo provider and Stripe record both).
 */
export async function lapseSeats(
  ctx: Pick<AppContext, 'db' | 'mailContext' | 'links'>,
  now: Date = new Date(),
): Promise<number> {
  const lapsedSql = lapsedSqlAt(sql`${now.toISOString()}::timestamptz`);
  const { rows: due } = await ctx.db.execute<{ id: string; group_id: string }>(sql`
    select gm.id, gm.group_id
      from group_members gm
      join subscriptions s on s.user_id = gm.user_id
     where gm.status = 'active' and ${lapsedSql}
     limit ${SWEEP_BATCH}`);
  let handled = 0;
  for (const membership of due) {
    handled += await ctx.db.transaction(async (tx) => {
      if (!(await claimGroup(tx, membership.group_id))) return 0;
      const { rows } = await tx.execute<{ group_id: string; trade_id: string; user_id: string; full_name: string }>(sql`
        update group_members gm
           set status = 'lapsed', role = null, ended_at = now()
          from subscriptions s, "user" u
          left join profiles p on p.user_id = u.id
         where gm.id = ${membership.id} and gm.status = 'active'
           and s.user_id = gm.user_id and u.id = gm.user_id and ${lapsedSql}
        returning gm.group_id, gm.trade_id, gm.user_id, ${displayName()} as full_name`);
      const lapsed = rows[0];
      if (!lapsed) return 0;
      await history(tx, {
        groupId: lapsed.group_id,
        kind: 'lapsed',
        subjectId: lapsed.user_id,
        tradeId: lapsed.trade_id,
        who: lapsed,
      });
      await offerToNextInLine(tx, ctx, { groupId: lapsed.group_id, tradeId: lapsed.trade_id });
      return 1;
    });
  }
  return handled;
}

/**
 * The subscription `s` ended more than SEAT_GRACE_DAYS ago (see lapseSeats). A debit that failed
 * and is not settled (issue 32) ends it at its first failure (`payment_failed_at`), whatever the
 * provider's status says since (past due while it retries, canceled or unpaid once it gave up):
 * the 30 days of grace run from that failure, as the member's access does (domain/subscribed.ts).
 * A trial or an active subscription (a new one taken since) is never ended by an old failure.
 */
const lapsedSqlAt = (now: SQL) => sql`(case
    when s.status in ('trialing', 'active')
      then case when s.cancel_at_period_end then s.current_period_end end
    else coalesce(s.payment_failed_at, least(s.provider_updated_at, coalesce(s.current_period_end, s.provider_updated_at)))
  end) < ${now} - make_interval(days => ${SEAT_GRACE_DAYS})`;
