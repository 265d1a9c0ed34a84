import {
  ABSENCE_WINDOW_MONTHS,
  type AttendanceEntry,
  type AttendanceForm,
  type AttendanceMeetingList,
  type AttendanceStatus,
  CHECKIN_CODE_REFRESH_SECONDS,
  CHECKIN_OPENS_MINUTES_BEFORE,
  CHECKIN_TOKEN_TTL_SECONDS,
  type CheckinCode,
  type CheckinResult,
  type MeetingAttendance,
  toIsoDateTime,
  toIsoDateTimeOrNull,
} from '@synergie/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { displayName, memberTradeLabel } from '../db/fragments';
import { executePrepared } from '../db/prepared';
import { AppError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { attendedStatus } from './attended';
import { notificationTexts } from './notification-texts';
import { notify } from './notifications';
import { onceKey, queueWebhookEvent, webhookEventSql } from './webhooks/events';

/**
 * Attendance and the QR check-in (network-core §4): the secretary shows the meeting's QR code, a
 * short-lived token signed for the purpose 'checkin' and bound to the meeting, valid from
 * CHECKIN_OPENS_MINUTES_BEFORE before the start to the end; a member of the group scans it and
 * checks in (`Présent`, or `En retard` after the start). The primary key (meeting, member) decides
 * a second scan: `insert … on conflict do nothing`, never read-then-write. The secretary ticks the
 * list (upsert); an `Absent` that takes the member past the group's threshold over
 * ABSENCE_WINDOW_MONTHS rolling months alerts the leaders once per member and meeting
 * (absence_alerts' unique key).
 */

type Ctx = Pick<AppContext, 'db' | 'env' | 'links' | 'mailContext' | 'mailer'>;

export const CHECKIN_PURPOSE = 'checkin';

interface CheckinPayload extends Record<string, unknown> {
  /** The meeting's id. */
  m: string;
  exp: number;
}

interface MeetingRow extends Record<string, unknown> {
  id: string;
  group_id: string;
  group_name: string;
  group_slug: string;
  threshold: number;
  remote_counts: boolean;
  status: 'scheduled' | 'cancelled';
  starts_at: Date | string;
  ends_at: Date | string;
  place: string;
}

const meetingColumns = sql`m.id, m.group_id, g.name as group_name, g.slug as group_slug,
  g.absence_alert_threshold as threshold, g.remote_counts_as_present as remote_counts, m.status, m.starts_at, m.ends_at, m.place`;

const time = (value: Date | string) => (value instanceof Date ? value : new Date(value)).getTime();

/** The meeting when it belongs to the group, else 404. */
async function groupMeeting(db: DbOrTx, groupId: string, meetingId: string, lock = false): Promise<MeetingRow> {
  if (!isUuid(meetingId) || !isUuid(groupId)) throw new AppError('MEETING_NOT_FOUND');
  const { rows } = await db.execute<MeetingRow>(sql`
    select ${meetingColumns}
    from meetings m join groups g on g.id = m.group_id
    where m.id = ${meetingId} and m.group_id = ${groupId}
    ${lock ? sql`for share of m` : sql``}`);
  const row = rows[0];
  if (!row) throw new AppError('MEETING_NOT_FOUND');
  return row;
}

// ---------------------------------------------------------------------------
// The QR code
// ---------------------------------------------------------------------------

/** The URL the QR code encodes: the site's check-in page with the token. */
export function checkinUrl(siteUrl: string, token: string): string {
  const url = new URL('/pointage', siteUrl);
  url.searchParams.set('jeton', token);
  return url.toString();
}

/**
 * GET …/meetings/:meetingId/checkin-code: a new token at each call (the secretary's screen asks
 * again every CHECKIN_CODE_REFRESH_SECONDS), living CHECKIN_TOKEN_TTL_SECONDS and never past the
 * meeting's end; refused before the opening, after the end and for a cancelled meeting.
 */
export async function checkinCode(
  ctx: Ctx,
  groupId: string,
  meetingId: string,
  now = new Date(),
): Promise<CheckinCode> {
  const meeting = await groupMeeting(ctx.db, groupId, meetingId);
  if (meeting.status === 'cancelled') throw new AppError('CHECKIN_MEETING_CANCELLED');
  const opensAt = time(meeting.starts_at) - CHECKIN_OPENS_MINUTES_BEFORE * 60_000;
  const endsAt = time(meeting.ends_at);
  if (now.getTime() < opensAt) throw new AppError('CHECKIN_NOT_OPEN');
  if (now.getTime() >= endsAt) throw new AppError('CHECKIN_CLOSED');
  const exp = Math.min(Math.floor(now.getTime() / 1000) + CHECKIN_TOKEN_TTL_SECONDS, Math.floor(endsAt / 1000));
  const token = ctx.links.sign(CHECKIN_PURPOSE, { m: meeting.id, exp } satisfies CheckinPayload);
  const url = checkinUrl(ctx.env.SITE_URL, token);
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    meetingId: meeting.id,
    url,
    svg,
    expiresAt: new Date(exp * 1000).toISOString(),
    refreshSeconds: CHECKIN_CODE_REFRESH_SECONDS,
  };
}

// ---------------------------------------------------------------------------
// Checking in
// ---------------------------------------------------------------------------

/** A scan kept offline is judged at its own time, up to this long after (issue 28). */
export const OFFLINE_SCAN_MAX_AGE_MS = 12 * 60 * 60 * 1000;

/**
 * The time a check-in is judged at: the scan's, for one kept offline and sent later (its token
 * may have expired since), unless that time is in the future or over 12 hours old (then now).
 */
export function checkinTime(scannedAt: string | undefined, now = new Date()): Date {
  if (scannedAt === undefined) return now;
  const at = new Date(scannedAt);
  const age = now.getTime() - at.getTime();
  return Number.isNaN(age) || age < 0 || age > OFFLINE_SCAN_MAX_AGE_MS ? now : at;
}

/**
 * POST /api/checkin: the token must be signed for 'checkin', unexpired, name a meeting that is
 * not cancelled and whose window is open; the caller an active member of its group. One
 * statement, prepared once per connection (db/prepared.ts): the meeting and the caller's
 * membership, and the insert when both allow it (the primary key settles a double scan); the
 * refusal's reason is then read from the meeting's row, in the order the checks are listed above.
 */
export async function checkIn(
  ctx: Ctx,
  userId: string,
  token: string,
  received = new Date(),
  scannedAt?: string,
): Promise<CheckinResult> {
  let now = checkinTime(scannedAt, received);
  let payload = ctx.links.verify<CheckinPayload>(CHECKIN_PURPOSE, token, now.getTime());
  // A code is never scanned before it was made (at the earliest its expiry less its lifetime):
  // an earlier scan time is not believed, the check-in is judged now.
  if (
    now !== received &&
    payload &&
    typeof payload.exp === 'number' &&
    now.getTime() < (payload.exp - CHECKIN_TOKEN_TTL_SECONDS) * 1000
  ) {
    now = received;
    payload = ctx.links.verify<CheckinPayload>(CHECKIN_PURPOSE, token, now.getTime());
  }
  if (!payload || typeof payload.m !== 'string' || !isUuid(payload.m)) throw new AppError('CHECKIN_TOKEN_INVALID');
  const at = now.toISOString();
  const rows = await executePrepared<MeetingRow & { member: boolean; checked_in_at: Date | string | null }>(
    ctx.db,
    'checkin-v2',
    sql`
    with meeting as (
      select ${meetingColumns},
             exists (select 1 from group_members gm
                     where gm.group_id = m.group_id and gm.user_id = ${userId} and gm.status = 'active') as member
      from meetings m join groups g on g.id = m.group_id
      where m.id = ${payload.m}
    ), checked_in as (
      insert into meeting_attendance (meeting_id, user_id, status, checked_in_at, source, recorded_by, updated_at)
      select id, ${userId}, case when ${at}::timestamptz > starts_at then 'late' else 'present' end,
             ${at}::timestamptz, 'qr', ${userId}, now()
        from meeting
       where member and status <> 'cancelled'
         and ${at}::timestamptz >= starts_at - make_interval(mins => ${CHECKIN_OPENS_MINUTES_BEFORE})
         and ${at}::timestamptz < ends_at
      on conflict (meeting_id, user_id) do nothing
      returning checked_in_at, status
    ), told as (${webhookEventSql({
      type: 'meeting.attendance',
      key: sql`meeting.id::text || ':' || ${userId}::text || ':qr'`,
      data: sql`jsonb_build_object('meetingId', meeting.id, 'groupId', meeting.group_id, 'userId', ${userId}::text,
                                   'status', checked_in.status, 'source', 'qr')`,
      from: sql`checked_in, meeting`,
    })})
    select meeting.*, (select checked_in_at from checked_in) as checked_in_at from meeting`,
  );
  const meeting = rows[0];
  if (!meeting) throw new AppError('CHECKIN_TOKEN_INVALID');
  if (meeting.status === 'cancelled') throw new AppError('CHECKIN_MEETING_CANCELLED');
  const startsAt = time(meeting.starts_at);
  if (now.getTime() < startsAt - CHECKIN_OPENS_MINUTES_BEFORE * 60_000) throw new AppError('CHECKIN_NOT_OPEN');
  if (now.getTime() >= time(meeting.ends_at)) throw new AppError('CHECKIN_CLOSED');
  if (!meeting.member) throw new AppError('CHECKIN_NOT_GROUP_MEMBER');
  if (meeting.checked_in_at === null) throw new AppError('ALREADY_CHECKED_IN');
  return {
    meetingId: meeting.id,
    groupId: meeting.group_id,
    groupName: meeting.group_name,
    status: now.getTime() > startsAt ? 'late' : 'present',
    checkedInAt: toIsoDateTime(meeting.checked_in_at),
  };
}

// ---------------------------------------------------------------------------
// The secretary's list
// ---------------------------------------------------------------------------

interface EntryRow extends Record<string, unknown> {
  user_id: string;
  name: string | null;
  image: string | null;
  trade: string | null;
  status: AttendanceStatus | null;
  substitute_name: string | null;
  source: 'qr' | 'secretary' | null;
  checked_in_at: Date | string | null;
}

/** The group's active members with their attendance at the meeting: one query. */
async function entries(db: DbOrTx, groupId: string, meetingId: string, userId?: string): Promise<AttendanceEntry[]> {
  const only: SQL = userId ? sql`and gm.user_id = ${userId}` : sql``;
  const { rows } = await db.execute<EntryRow>(sql`
    select gm.user_id, ${displayName()} as name, p.avatar_url as image,
           ${memberTradeLabel()} as trade, a.status, a.substitute_name, a.source, a.checked_in_at
    from group_members gm
    join "user" u on u.id = gm.user_id
    left join profiles p on p.user_id = gm.user_id
    left join trades t on t.id = gm.trade_id
    left join meeting_attendance a on a.meeting_id = ${meetingId} and a.user_id = gm.user_id
    where gm.group_id = ${groupId} and gm.status = 'active' ${only}
    order by lower(${displayName()}), gm.user_id`);
  return rows.map((r) => ({
    userId: r.user_id,
    name: r.name ?? '',
    image: r.image,
    trade: r.trade,
    status: r.status,
    substituteName: r.substitute_name,
    source: r.source,
    checkedInAt: toIsoDateTimeOrNull(r.checked_in_at),
  }));
}

/** GET …/meetings/:meetingId/attendance: two queries whatever the group's size. */
export async function meetingAttendance(db: DbOrTx, groupId: string, meetingId: string): Promise<MeetingAttendance> {
  const meeting = await groupMeeting(db, groupId, meetingId);
  return {
    meeting: {
      id: meeting.id,
      groupId: meeting.group_id,
      startsAt: toIsoDateTime(meeting.starts_at),
      endsAt: toIsoDateTime(meeting.ends_at),
      place: meeting.place,
      status: meeting.status,
    },
    absenceThreshold: Number(meeting.threshold),
    remoteCountsAsPresent: Boolean(meeting.remote_counts),
    members: await entries(db, groupId, meetingId),
  };
}

/**
 * PUT …/attendance/:userId: the secretary's tick, an upsert (the QR's check-in time stays). A new
 * `Absent` (the member was not already recorded absent at this meeting) counts the member's absences in the group over the rolling window; past the group's
 * threshold, one alert per member and meeting (the unique key) and a notification to the leaders.
 * The member's seat row is locked first: two absences of one member recorded at once are counted
 * one after the other.
 */
export async function recordAttendance(
  ctx: Ctx,
  recorderId: string,
  params: { groupId: string; meetingId: string; userId: string },
  form: AttendanceForm,
  now = new Date(),
): Promise<AttendanceEntry> {
  const substitute = form.status === 'substituted' ? form.substituteName?.trim() || null : null;
  if (form.status === 'substituted' && !substitute) throw new AppError('SUBSTITUTE_NAME_REQUIRED');
  let alerted = false;
  const entry = await ctx.db.transaction(async (tx) => {
    const meeting = await groupMeeting(tx, params.groupId, params.meetingId, true);
    if (meeting.status === 'cancelled') throw new AppError('CHECKIN_MEETING_CANCELLED');
    const seat = await tx.execute<{ id: string }>(sql`
      select id from group_members
      where group_id = ${params.groupId} and user_id = ${params.userId} and status = 'active'
      for update`);
    if (seat.rows.length === 0) throw new AppError('GROUP_MEMBER_NOT_FOUND');
    // Under the seat's lock: the secretary's writes for this member come one after the other (a
    // QR check-in never writes `Absent`), so the status read here is the one the upsert replaces.
    const previous = await tx.execute<{ status: string }>(sql`
      select status from meeting_attendance where meeting_id = ${meeting.id} and user_id = ${params.userId}`);
    const newAbsence = form.status === 'absent' && previous.rows[0]?.status !== 'absent';
    await tx.execute(sql`
      insert into meeting_attendance (meeting_id, user_id, status, substitute_name, source, recorded_by, updated_at)
      values (${meeting.id}, ${params.userId}, ${form.status}, ${substitute}, 'secretary', ${recorderId}, now())
      on conflict (meeting_id, user_id) do update
        set status = excluded.status, substitute_name = excluded.substitute_name, source = 'secretary',
            recorded_by = excluded.recorded_by, updated_at = now()`);
    await queueWebhookEvent(tx, {
      type: 'meeting.attendance',
      key: onceKey(),
      data: {
        meetingId: meeting.id,
        groupId: params.groupId,
        userId: params.userId,
        status: form.status,
        source: 'secretary',
      },
    });
    if (newAbsence) alerted = await alertAbsences(tx, ctx, meeting, params.userId, now);
    const [row] = await entries(tx, params.groupId, params.meetingId, params.userId);
    if (!row) throw new AppError('GROUP_MEMBER_NOT_FOUND');
    return row;
  });
  if (alerted) ctx.mailer.wake();
  return entry;
}

/**
 * Counts the member's absences (`Absent` only: `À distance` is never an absence, whatever the
 * group counts as attended, domain/attended.ts); past the threshold, alerts once. True when it
 * notified.
 */
async function alertAbsences(tx: DbOrTx, ctx: Ctx, meeting: MeetingRow, userId: string, now: Date): Promise<boolean> {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - ABSENCE_WINDOW_MONTHS);
  const counted = await tx.execute<{ absences: number | string }>(sql`
    select count(*) as absences
    from meeting_attendance a join meetings m on m.id = a.meeting_id
    where a.user_id = ${userId} and a.status = 'absent' and m.group_id = ${meeting.group_id}
      and m.status = 'scheduled' and m.starts_at > ${since.toISOString()}`);
  const absences = Number(counted.rows[0]?.absences ?? 0);
  if (absences <= Number(meeting.threshold)) return false;
  const inserted = await tx.execute<{ id: string }>(sql`
    insert into absence_alerts (group_id, user_id, meeting_id, absences)
    values (${meeting.group_id}, ${userId}, ${meeting.id}, ${absences})
    on conflict (user_id, meeting_id) do nothing
    returning id`);
  if (inserted.rows.length === 0) return false;
  const { rows } = await tx.execute<{ leader_id: string; name: string | null }>(sql`
    select gm.user_id as leader_id,
           (select ${displayName()}
            from "user" u left join profiles p on p.user_id = u.id where u.id = ${userId}) as name
    from group_members gm
    where gm.group_id = ${meeting.group_id} and gm.status = 'active' and gm.role is not null
      and gm.user_id <> ${userId}`);
  if (rows.length === 0) return false;
  const name = rows[0]?.name ?? 'Un membre';
  await notify(
    tx,
    ctx,
    rows.map((r) => ({
      userId: r.leader_id,
      kind: 'absence_alert' as const,
      actorId: userId,
      ...notificationTexts.absenceAlert(
        name,
        absences,
        ABSENCE_WINDOW_MONTHS,
        new Date(time(meeting.starts_at)),
        meeting.threshold,
      ),
      link: `/groupes/${meeting.group_slug}/reunions/${meeting.id}/presence`,
      action: 'Voir la liste de présence',
    })),
  );
  return true;
}

/** PUT /api/groups/:groupId/settings/absence-threshold. */
export async function setAbsenceThreshold(
  db: DbOrTx,
  groupId: string,
  threshold: number,
): Promise<{ threshold: number }> {
  const { rows } = await db.execute<{ threshold: number }>(sql`
    update groups set absence_alert_threshold = ${threshold}, updated_at = now()
    where id = ${groupId} returning absence_alert_threshold as threshold`);
  if (rows.length === 0) throw new AppError('GROUP_NOT_FOUND');
  return { threshold: Number(rows[0]?.threshold) };
}

/**
 * GET /api/groups/:groupId/attendance/meetings: the group's meetings of the last 8 weeks and the
 * coming 7 days, newest first, with how many statuses are recorded, and the group's absence
 * threshold: two queries.
 */
export async function attendanceMeetings(
  db: DbOrTx,
  groupId: string,
  now = new Date(),
): Promise<AttendanceMeetingList> {
  const from = new Date(now.getTime() - 56 * 86_400_000).toISOString();
  const to = new Date(now.getTime() + 7 * 86_400_000).toISOString();
  const { rows } = await db.execute<{
    id: string;
    starts_at: Date | string;
    ends_at: Date | string;
    status: 'scheduled' | 'cancelled';
    recorded: number | string;
    present: number | string;
  }>(sql`
    select m.id, m.starts_at, m.ends_at, m.status,
           count(a.user_id) as recorded,
           count(a.user_id) filter (where ${attendedStatus('a', 'g')}) as present
    from meetings m join groups g on g.id = m.group_id
    left join meeting_attendance a on a.meeting_id = m.id
    where m.group_id = ${groupId} and m.starts_at >= ${from} and m.starts_at < ${to}
    group by m.id, g.id
    order by m.starts_at desc
    limit 20`);
  const group = await db.execute<{ threshold: number }>(sql`
    select absence_alert_threshold as threshold from groups where id = ${groupId}`);
  return {
    absenceThreshold: Number(group.rows[0]?.threshold ?? 0),
    meetings: rows.map((r) => ({
      id: r.id,
      startsAt: toIsoDateTime(r.starts_at),
      endsAt: toIsoDateTime(r.ends_at),
      status: r.status,
      recorded: Number(r.recorded),
      present: Number(r.present),
    })),
  };
}
