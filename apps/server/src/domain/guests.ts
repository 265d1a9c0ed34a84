import {
  EVENT_TIME_ZONE,
  GUEST_RETENTION_MONTHS,
  type GuestForm,
  type GuestList,
  type GuestMeeting,
  type GuestStatus,
  type GuestSummary,
  type GuestTradeNotice,
  type InvitableMeetings,
  type Invitation,
  type InvitedGuest,
  nextGuestStatuses,
  toIsoDateTime,
  toIsoDateTimeOrNull,
} from '@synergie/shared';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { sql } from 'drizzle-orm';
import ical, { escape as escapeIcsText, ICalCalendarMethod } from 'ical-generator';
import type { AppContext } from '../context';
import type { DbOrTx, Tx } from '../db/client';
import { displayName } from '../db/fragments';
import { AppError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { isTradeGone, pgConstraint, pgErrorCode } from '../lib/pg-errors';
import { type GuestMailData, guestInvitationMail, guestReminderMail } from '../mail/guest-mails';
import { enqueueMail } from '../mail/outbox';
import { nearestFreeSeats } from './groups/seat-offers';
import { notificationTexts } from './notification-texts';
import { notify } from './notifications';

/**
 * Guests (visiteurs, network-core §5). A member invites a person to a meeting of any group, with
 * that person's consent (no row without it); the guest gets a service mail with the meeting, an
 * `.ics` and a signed link (purpose 'guest', no account) to a public page that confirms. The
 * inviter and the group's leaders move the guest along the pipeline; the guest checks in with the
 * meeting's QR code (the member check-in's token, purpose 'checkin'). Two jobs: the reminder the
 * day before (once) and the purge of personal data 12 months after the last meeting.
 */

type Ctx = Pick<AppContext, 'db' | 'mailContext' | 'links' | 'mailer'>;

export const GUEST_TOKEN_PURPOSE = 'guest';
export const CHECKIN_TOKEN_PURPOSE = 'checkin';
const SWEEP_BATCH = 200;

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const isoOrNull = (value: Date | string | null) => toIsoDateTimeOrNull(value === null ? null : toDate(value));

// ---------------------------------------------------------------------------
// Links
// ---------------------------------------------------------------------------

export const guestToken = (ctx: Pick<AppContext, 'links'>, guestId: string) =>
  ctx.links.sign(GUEST_TOKEN_PURPOSE, { g: guestId });

const siteUrl = (ctx: Pick<AppContext, 'mailContext'>, path: string) =>
  new URL(path, ctx.mailContext.siteUrl).toString();

export const invitationPath = (token: string) => `/invitation?jeton=${encodeURIComponent(token)}`;
export const invitationIcsPath = (token: string) => `/api/invitation/ics?jeton=${encodeURIComponent(token)}`;

/** The guest's id a token carries, or INVITATION_INVALID. */
function guestIdOf(ctx: Pick<AppContext, 'links'>, token: string): string {
  const data = ctx.links.verify<{ g?: unknown }>(GUEST_TOKEN_PURPOSE, token);
  if (!data || typeof data.g !== 'string' || !isUuid(data.g)) throw new AppError('INVITATION_INVALID');
  return data.g;
}

// ---------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------

interface GuestRow extends Record<string, unknown> {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  trade_id: string | null;
  trade_label: string | null;
  status: GuestStatus;
  invited_by: string | null;
  inviter_name: string | null;
  meeting_id: string;
  group_id: string;
  group_name: string;
  group_slug: string;
  starts_at: Date | string;
  ends_at: Date | string;
  place: string;
  meeting_status: string;
  confirmed_at: Date | string | null;
  checked_in_at: Date | string | null;
  purged_at: Date | string | null;
  created_at: Date | string;
}

/** `gu` the guest, joined to its meeting `m`, group `g`, trade `t` and inviter. */
const guestSelect = sql`
  select gu.id, gu.name, gu.email, gu.phone, gu.company, gu.trade_id, t.label as trade_label, gu.status, gu.invited_by,
         case when gu.invited_by is null then null else ${displayName('iu', 'ip')} end as inviter_name,
         m.id as meeting_id, g.id as group_id, g.name as group_name, g.slug as group_slug,
         m.starts_at, m.ends_at, m.place, m.status as meeting_status,
         gu.confirmed_at, gu.checked_in_at, gu.purged_at, gu.created_at
    from guests gu
    join meetings m on m.id = gu.meeting_id
    join groups g on g.id = gu.group_id
    left join trades t on t.id = gu.trade_id
    left join "user" iu on iu.id = gu.invited_by
    left join profiles ip on ip.user_id = gu.invited_by`;

function meetingOf(row: {
  meeting_id: string;
  group_id: string;
  group_name: string;
  group_slug: string;
  starts_at: Date | string;
  ends_at: Date | string;
  place: string;
  meeting_status: string;
}): GuestMeeting {
  return {
    id: row.meeting_id,
    groupId: row.group_id,
    groupName: row.group_name,
    groupSlug: row.group_slug,
    startsAt: toIsoDateTime(toDate(row.starts_at)),
    endsAt: toIsoDateTime(toDate(row.ends_at)),
    place: row.place,
    cancelled: row.meeting_status === 'cancelled',
  };
}

function toSummary(row: GuestRow): GuestSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    tradeLabel: row.trade_label,
    status: row.status,
    nextStatuses: nextGuestStatuses(row.status),
    inviterName: row.inviter_name,
    meeting: meetingOf(row),
    confirmedAt: isoOrNull(row.confirmed_at),
    checkedInAt: isoOrNull(row.checked_in_at),
    purgedAt: isoOrNull(row.purged_at),
    createdAt: toIsoDateTime(toDate(row.created_at)),
  };
}

/** GET /api/me/guests: the guests the member invited, newest first; one query. */
export async function listMyGuests(db: DbOrTx, userId: string): Promise<GuestList> {
  const { rows } = await db.execute<GuestRow>(sql`${guestSelect}
     where gu.invited_by = ${userId}
     order by gu.created_at desc, gu.id
     limit 500`);
  return { items: rows.map(toSummary) };
}

/** GET /api/groups/:groupId/guests (the group's leaders): the guests of its meetings; one query. */
export async function listGroupGuests(db: DbOrTx, groupId: string): Promise<GuestList> {
  const { rows } = await db.execute<GuestRow>(sql`${guestSelect}
     where gu.group_id = ${groupId}
     order by m.starts_at desc, gu.created_at desc, gu.id
     limit 500`);
  return { items: rows.map(toSummary) };
}

async function getGuest(db: DbOrTx, id: string): Promise<GuestSummary> {
  const { rows } = await db.execute<GuestRow>(sql`${guestSelect} where gu.id = ${id}`);
  const row = rows[0];
  if (!row) throw new AppError('GUEST_NOT_FOUND');
  return toSummary(row);
}

/** A meeting one may invite a guest to, as the invitable-meetings queries select it. */
type InvitableMeetingRow = Pick<
  GuestRow,
  'meeting_id' | 'group_id' | 'group_name' | 'group_slug' | 'starts_at' | 'ends_at' | 'place' | 'meeting_status'
>;

/** GET /api/me/invitable-meetings: the next meetings of the member's group (scheduled, not past). */
export async function invitableMeetings(db: DbOrTx, userId: string, now = new Date()): Promise<InvitableMeetings> {
  const { rows } = await db.execute<InvitableMeetingRow>(sql`
    select m.id as meeting_id, g.id as group_id, g.name as group_name, g.slug as group_slug,
           m.starts_at, m.ends_at, m.place, m.status as meeting_status
      from group_members gm
      join groups g on g.id = gm.group_id
      join meetings m on m.group_id = gm.group_id
     where gm.user_id = ${userId} and gm.status = 'active'
       and m.status = 'scheduled' and m.starts_at > ${now.toISOString()}::timestamptz
     order by m.starts_at
     limit 20`);
  return { items: rows.map(meetingOf) };
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * GET /api/invitable-meetings?q=…: national access (network-core §5). Any open group's next
 * meetings (scheduled, not begun), up to 3 per group and 60 in all, the groups whose name or city
 * contain every word typed (accents and case folded by directory_fold()), nearest meeting first.
 */
export async function searchInvitableMeetings(db: DbOrTx, q: string, now = new Date()): Promise<InvitableMeetings> {
  const words = q.split(/\s+/).filter(Boolean).slice(0, 5);
  const match = words.length
    ? sql.join(
        words.map((w) => sql`directory_fold(g.name || ' ' || g.city) like directory_fold(${`%${escapeLike(w)}%`})`),
        sql` and `,
      )
    : sql`true`;
  const { rows } = await db.execute<InvitableMeetingRow>(sql`
    select * from (
      select m.id as meeting_id, g.id as group_id, g.name as group_name, g.slug as group_slug,
             m.starts_at, m.ends_at, m.place, m.status as meeting_status,
             row_number() over (partition by g.id order by m.starts_at) as rank
        from groups g
        join meetings m on m.group_id = g.id
       where ${match}
         and m.status = 'scheduled' and m.starts_at > ${now.toISOString()}::timestamptz
    ) x
     where x.rank <= 3
     order by x.group_name, x.starts_at
     limit 60`);
  return { items: rows.map(meetingOf) };
}

/**
 * The guest's trade is held in the group (an active member on that trade): its label and up to 3
 * groups where that seat is free (groups/seat-offers.ts, the same as the group page's apply box).
 */
async function tradeNoticeFor(db: DbOrTx, groupId: string, tradeId: string | null): Promise<GuestTradeNotice | null> {
  if (!tradeId) return null;
  const { rows } = await db.execute<{ label: string; department_code: string; region: string; held: boolean }>(sql`
    select t.label, g.department_code, g.region,
           exists (select 1 from group_members gm
                    where gm.group_id = g.id and gm.trade_id = t.id and gm.status = 'active') as held
      from groups g, trades t
     where g.id = ${groupId} and t.id = ${tradeId}`);
  const row = rows[0];
  if (!row?.held) return null;
  const nearestGroups = await nearestFreeSeats(db, {
    groupId,
    tradeId,
    departmentCode: row.department_code,
    region: row.region,
  });
  return { tradeLabel: row.label, nearestGroups };
}

// ---------------------------------------------------------------------------
// Inviting
// ---------------------------------------------------------------------------

function inviteError(error: unknown): unknown {
  const code = pgErrorCode(error);
  if (code === '23505' && pgConstraint(error) === 'guests_once_per_meeting')
    return new AppError('GUEST_ALREADY_INVITED');
  if (isTradeGone(error)) return new AppError('TRADE_NOT_FOUND');
  if (code === '23503' && pgConstraint(error) === 'guests_meeting_id_meetings_id_fk')
    return new AppError('MEETING_NOT_FOUND');
  return error;
}

function mailData(
  ctx: Pick<AppContext, 'mailContext' | 'links'>,
  row: {
    id: string;
    email: string;
    name: string;
    inviter_name: string | null;
    group_name: string;
    starts_at: Date | string;
    place: string;
  },
  tradeHeld: string | null,
): GuestMailData {
  const token = guestToken(ctx, row.id);
  return {
    to: row.email,
    guestName: row.name,
    inviterName: row.inviter_name,
    groupName: row.group_name,
    startsAt: toDate(row.starts_at),
    place: row.place,
    confirmUrl: siteUrl(ctx, invitationPath(token)),
    icsUrl: siteUrl(ctx, invitationIcsPath(token)),
    tradeHeld,
  };
}

/**
 * POST /api/meetings/:meetingId/guests: a meeting of any group, scheduled and not begun; the
 * guest's consent (the schema refuses without it, the table's NOT NULL backs it); one invitation
 * per email and meeting (the unique index settles two at once). The mail is queued in the same
 * transaction.
 */
export async function inviteGuest(
  ctx: Ctx,
  inviterId: string,
  meetingId: string,
  form: GuestForm,
  now = new Date(),
): Promise<InvitedGuest> {
  if (!form.consent) throw new AppError('GUEST_CONSENT_REQUIRED');
  if (!isUuid(meetingId)) throw new AppError('MEETING_NOT_FOUND');
  const result = await ctx.db
    .transaction(async (tx) => {
      // The meeting's row lock: a leader cancelling it waits for the invitation, or the reverse.
      const { rows: meetingRows } = await tx.execute<{
        group_id: string;
        group_name: string;
        starts_at: Date | string;
        place: string;
        status: string;
      }>(sql`
        select m.group_id, g.name as group_name, m.starts_at, m.place, m.status
          from meetings m join groups g on g.id = m.group_id
         where m.id = ${meetingId}
           for share of m`);
      const meeting = meetingRows[0];
      if (!meeting) throw new AppError('MEETING_NOT_FOUND');
      if (meeting.status !== 'scheduled' || toDate(meeting.starts_at).getTime() <= now.getTime())
        throw new AppError('MEETING_NOT_OPEN');
      if (form.tradeId) {
        const { rows } = await tx.execute(sql`select 1 from trades where id = ${form.tradeId}`);
        if (rows.length === 0) throw new AppError('TRADE_NOT_FOUND');
      }
      const { rows } = await tx.execute<{ id: string; inviter_name: string | null }>(sql`
        insert into guests
          (meeting_id, group_id, invited_by, name, email, phone, trade_id, company, consent_at, status, last_meeting_at)
        values (${meetingId}, ${meeting.group_id}, ${inviterId}, ${form.name}, ${form.email}, ${form.phone},
                ${form.tradeId}, ${form.company}, clock_timestamp(), 'invited', ${toDate(meeting.starts_at).toISOString()}::timestamptz)
        returning id,
          (select ${displayName()} from "user" u left join profiles p on p.user_id = u.id
            where u.id = ${inviterId}) as inviter_name`);
      const created = rows[0] as { id: string; inviter_name: string | null };
      const tradeNotice = await tradeNoticeFor(tx, meeting.group_id, form.tradeId);
      await enqueueMail(
        tx,
        guestInvitationMail(
          ctx.mailContext,
          mailData(
            ctx,
            { ...meeting, id: created.id, email: form.email, name: form.name, inviter_name: created.inviter_name },
            tradeNotice?.tradeLabel ?? null,
          ),
        ),
      );
      return { guest: await getGuest(tx, created.id), tradeNotice };
    })
    .catch((error) => {
      throw inviteError(error);
    });
  ctx.mailer.wake();
  return result;
}

// ---------------------------------------------------------------------------
// The pipeline
// ---------------------------------------------------------------------------

/**
 * PUT /api/guests/:guestId/status: the inviter or the group's leaders (an admin too), forward
 * only (nextGuestStatuses). Anyone else is told the guest does not exist. The row is locked: two
 * moves at once apply one after the other, the second checked against the first's result.
 */
export async function moveGuest(
  db: DbOrTx,
  userId: string,
  guestId: string,
  status: GuestStatus,
): Promise<GuestSummary> {
  if (!isUuid(guestId)) throw new AppError('GUEST_NOT_FOUND');
  return db.transaction(async (tx: Tx) => {
    const { rows } = await tx.execute<{ status: GuestStatus; allowed: boolean; purged: boolean }>(sql`
      select gu.status, gu.purged_at is not null as purged,
             (gu.invited_by = ${userId}
              or exists (select 1 from group_members gm
                          where gm.group_id = gu.group_id and gm.user_id = ${userId}
                            and gm.status = 'active' and gm.role is not null)
              or exists (select 1 from user_roles r where r.user_id = ${userId} and r.role = 'admin')) as allowed
        from guests gu where gu.id = ${guestId}
         for update`);
    const row = rows[0];
    if (!row?.allowed) throw new AppError('GUEST_NOT_FOUND');
    if (row.purged || !nextGuestStatuses(row.status).includes(status)) throw new AppError('GUEST_STATUS_INVALID');
    await tx.execute(sql`update guests set status = ${status}, updated_at = clock_timestamp() where id = ${guestId}`);
    return getGuest(tx, guestId);
  });
}

// ---------------------------------------------------------------------------
// The guest's public page (no account)
// ---------------------------------------------------------------------------

type InvitationRow = GuestRow;

async function invitationRow(db: DbOrTx, guestId: string, lock = false): Promise<InvitationRow> {
  const { rows } = await db.execute<InvitationRow>(sql`
    ${guestSelect}
     where gu.id = ${guestId} ${lock ? sql`for update of gu` : sql``}`);
  const row = rows[0];
  // A purged guest's link leads nowhere: nothing about them is left to show.
  if (!row || row.purged_at !== null || row.name === null) throw new AppError('INVITATION_INVALID');
  return row;
}

async function toInvitation(db: DbOrTx, row: InvitationRow, token: string): Promise<Invitation> {
  return {
    guestName: row.name as string,
    inviterName: row.inviter_name,
    status: row.status,
    meeting: meetingOf(row),
    tradeNotice: await tradeNoticeFor(db, row.group_id, row.trade_id),
    icsUrl: invitationIcsPath(token),
  };
}

/** GET /api/invitation?jeton=…: what the guest's page shows. */
export async function getInvitation(ctx: Pick<AppContext, 'db' | 'links'>, token: string): Promise<Invitation> {
  const guestId = guestIdOf(ctx, token);
  return toInvitation(ctx.db, await invitationRow(ctx.db, guestId), token);
}

/**
 * POST /api/invitation/confirm: `Invité` → `Inscrit`, once (the row lock orders two clicks; the
 * second finds it confirmed and changes nothing), and the inviter is told (kind 'guest').
 * A cancelled or past meeting is not confirmed.
 */
export async function confirmInvitation(ctx: Ctx, token: string, now = new Date()): Promise<Invitation> {
  const guestId = guestIdOf(ctx, token);
  const result = await ctx.db.transaction(async (tx) => {
    const row = await invitationRow(tx, guestId, true);
    if (row.status !== 'invited') return toInvitation(tx, row, token);
    if (row.meeting_status !== 'scheduled' || toDate(row.ends_at).getTime() <= now.getTime())
      throw new AppError('MEETING_NOT_OPEN');
    await tx.execute(sql`
      update guests set status = 'registered', confirmed_at = clock_timestamp(), updated_at = clock_timestamp()
       where id = ${guestId}`);
    if (row.invited_by) {
      await notify(tx, ctx, {
        userId: row.invited_by,
        kind: 'guest',
        ...notificationTexts.guestConfirmed(row.group_name, toDate(row.starts_at)),
        link: '/visiteurs',
        action: 'Voir mes visiteurs',
      });
    }
    return toInvitation(tx, { ...row, status: 'registered' }, token);
  });
  ctx.mailer.wake();
  return result;
}

/** The meeting as an iCalendar file (Paris time), for the guest's calendar. */
export function meetingToIcs(
  meeting: { id: string; groupName: string; startsAt: Date; endsAt: Date; place: string; updatedAt: Date },
  site: { siteName: string; siteUrl: string },
  now = new Date(),
): string {
  const calendar = ical({
    prodId: `//${escapeIcsText(site.siteName, false)}//Reunions//FR`,
    scale: 'gregorian',
    method: ICalCalendarMethod.PUBLISH,
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  calendar.createEvent({
    id: `meeting-${meeting.id}@${new URL(site.siteUrl).hostname}`,
    stamp: now,
    lastModified: meeting.updatedAt,
    start: meeting.startsAt,
    end: meeting.endsAt,
    timezone: EVENT_TIME_ZONE,
    summary: `Réunion du groupe ${meeting.groupName} - ${site.siteName}`,
    location: meeting.place,
  });
  return `${calendar.toString()}\r\n`;
}

/** GET /api/invitation/ics?jeton=…: the meeting's `.ics`, for the guest the token names. */
export async function invitationIcs(ctx: Pick<AppContext, 'db' | 'links' | 'mailContext'>, token: string) {
  const guestId = guestIdOf(ctx, token);
  const { rows } = await ctx.db.execute<{
    id: string;
    group_name: string;
    starts_at: Date | string;
    ends_at: Date | string;
    place: string;
    updated_at: Date | string;
  }>(sql`
    select m.id, g.name as group_name, m.starts_at, m.ends_at, m.place, m.updated_at
      from guests gu join meetings m on m.id = gu.meeting_id join groups g on g.id = m.group_id
     where gu.id = ${guestId} and gu.purged_at is null`);
  const row = rows[0];
  if (!row) throw new AppError('INVITATION_INVALID');
  return meetingToIcs(
    {
      id: row.id,
      groupName: row.group_name,
      startsAt: toDate(row.starts_at),
      endsAt: toDate(row.ends_at),
      place: row.place,
      updatedAt: toDate(row.updated_at),
    },
    ctx.mailContext,
  );
}

/**
 * POST /api/invitation/checkin: the guest scanned the meeting's QR code. Both tokens valid, the
 * QR code the one of the guest's meeting: `Venu`, `checked_in_at`, once (a conditional update:
 * the second scan, or two at once, finds it checked in → GUEST_ALREADY_CHECKED_IN).
 */
export async function checkInGuest(
  ctx: Pick<AppContext, 'db' | 'links'>,
  guestTokenValue: string,
  checkinToken: string,
  now = new Date(),
): Promise<{ status: GuestStatus; checkedInAt: string }> {
  const guestId = guestIdOf(ctx, guestTokenValue);
  const code = ctx.links.verify<{ m?: unknown }>(CHECKIN_TOKEN_PURPOSE, checkinToken, now.getTime());
  if (!code || typeof code.m !== 'string') throw new AppError('CHECKIN_INVALID');
  const { rows: found } = await ctx.db.execute<{ meeting_id: string }>(sql`
    select meeting_id from guests where id = ${guestId} and purged_at is null`);
  const guest = found[0];
  if (!guest) throw new AppError('INVITATION_INVALID');
  if (guest.meeting_id !== code.m) throw new AppError('CHECKIN_WRONG_MEETING');
  const { rows } = await ctx.db.execute<{ status: GuestStatus; checked_in_at: Date | string }>(sql`
    update guests
       set status = case when status in ('invited', 'registered') then 'came' else status end,
           checked_in_at = ${now.toISOString()}::timestamptz, updated_at = clock_timestamp()
     where id = ${guestId} and checked_in_at is null and purged_at is null
    returning status, checked_in_at`);
  const row = rows[0];
  if (!row) throw new AppError('GUEST_ALREADY_CHECKED_IN');
  return { status: row.status, checkedInAt: toIsoDateTime(toDate(row.checked_in_at)) };
}

// ---------------------------------------------------------------------------
// Scheduled jobs (docs/decisions/0007-scheduled-jobs.md)
// ---------------------------------------------------------------------------

/**
 * `remind-guests`: the day before the meeting (its Paris date is tomorrow's), a guest still
 * expected (`Invité` or `Inscrit`) gets a reminder mail, once (`reminded_at`); the due rows are
 * claimed with `FOR UPDATE SKIP LOCKED` and marked in the same statement.
 */
export async function remindGuests(ctx: Ctx, now = new Date()): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const handled = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{
      id: string;
      name: string;
      email: string;
      inviter_name: string | null;
      group_name: string;
      starts_at: Date | string;
      place: string;
      visio_url: string | null;
    }>(sql`
      with due as (
        select gu.id from guests gu
          join meetings m on m.id = gu.meeting_id
         where gu.reminded_at is null and gu.purged_at is null and gu.status in ('invited', 'registered')
           and m.status = 'scheduled' and m.starts_at > ${at}
           and (m.starts_at at time zone ${EVENT_TIME_ZONE})::date = (${at} at time zone ${EVENT_TIME_ZONE})::date + 1
         order by m.starts_at
         limit ${SWEEP_BATCH}
           for update of gu skip locked
      ), reminded as (
        update guests gu set reminded_at = ${at}
          from due where gu.id = due.id
        returning gu.id, gu.name, gu.email, gu.meeting_id, gu.invited_by
      )
      select r.id, r.name, r.email, g.name as group_name, m.starts_at, m.place,
             coalesce(m.visio_url, g.visio_url) as visio_url,
             case when r.invited_by is null then null else ${displayName('iu', 'ip')} end as inviter_name
        from reminded r
        join meetings m on m.id = r.meeting_id
        join groups g on g.id = m.group_id
        left join "user" iu on iu.id = r.invited_by
        left join profiles ip on ip.user_id = r.invited_by`);
    if (rows.length > 0)
      await enqueueMail(
        tx,
        rows.map((r) => guestReminderMail(ctx.mailContext, { ...mailData(ctx, r, null), visioUrl: r.visio_url })),
      );
    return rows.length;
  });
  if (handled > 0) ctx.mailer.wake();
  return handled;
}

/**
 * `purge-guests`: GUEST_RETENTION_MONTHS after the guest's last meeting, unless they became a
 * member, their name, email, phone, company and trade are wiped and `purged_at` set; the row
 * stays (the pipeline's counts) without anything that names the person.
 */
export async function purgeGuests(ctx: Pick<AppContext, 'db'>, now = new Date()): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const { rows } = await ctx.db.execute<{ id: string }>(sql`
    with due as (
      select id from guests
       where purged_at is null and status <> 'member'
         and last_meeting_at <= ${at} - make_interval(months => ${GUEST_RETENTION_MONTHS})
       order by last_meeting_at
       limit ${SWEEP_BATCH}
         for update skip locked
    )
    update guests gu
       set name = null, email = null, phone = null, company = null, trade_id = null, purged_at = ${at},
           updated_at = clock_timestamp()
      from due
     where gu.id = due.id
    returning gu.id`);
  return rows.length;
}
