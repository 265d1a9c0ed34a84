import {
  type AttendanceStatus,
  CHECKIN_OPENS_MINUTES_BEFORE,
  type ConnectedResult,
  type GroupHybrid,
  type GroupHybridInput,
} from '@synergie/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { AppError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { webhookEventSql } from './webhooks/events';

/**
 * Hybrid meetings (issue 30, docs/product/live-meeting.md «\u00a0Réunions hybrides\u00a0»): a visio
 * link per meeting, else the group's rhythm's; `Je suis connecté`, the remote member's check-in
 * (`À distance`, source 'connected'), open in the QR code's window: from
 * CHECKIN_OPENS_MINUTES_BEFORE before the start to the end. Whether `À distance` counts as
 * attended is the group's rule (domain/attended.ts).
 */

const time = (value: Date | string) => (value instanceof Date ? value : new Date(value)).getTime();

interface ConnectRow extends Record<string, unknown> {
  id: string;
  status: 'scheduled' | 'cancelled';
  starts_at: Date | string;
  ends_at: Date | string;
  member: boolean;
  inserted: AttendanceStatus | null;
  existing: AttendanceStatus | null;
}

/**
 * POST /api/meetings/:meetingId/connected: one statement, the meeting, the caller's membership and
 * the insert when both allow it; the primary key (meeting, member) keeps an attendance already
 * there (a QR check-in, the secretary's tick, a second press): `recorded: false` and that status.
 * Refusals, in order: not a meeting of the caller's group (404), cancelled, not open, closed.
 */
export async function connectToMeeting(
  db: DbOrTx,
  userId: string,
  meetingId: string,
  now = new Date(),
): Promise<ConnectedResult> {
  if (!isUuid(meetingId)) throw new AppError('MEETING_NOT_FOUND');
  const at = now.toISOString();
  const { rows } = await db.execute<ConnectRow>(sql`
    with meeting as (
      select m.id, m.group_id, m.status, m.starts_at, m.ends_at,
             exists (select 1 from group_members gm
                     where gm.group_id = m.group_id and gm.user_id = ${userId} and gm.status = 'active') as member
        from meetings m
       where m.id = ${meetingId}
    ), connected as (
      insert into meeting_attendance (meeting_id, user_id, status, checked_in_at, source, recorded_by, updated_at)
      select id, ${userId}, 'remote', ${at}::timestamptz, 'connected', ${userId}, now()
        from meeting
       where member and status <> 'cancelled'
         and ${at}::timestamptz >= starts_at - make_interval(mins => ${CHECKIN_OPENS_MINUTES_BEFORE})
         and ${at}::timestamptz < ends_at
      on conflict (meeting_id, user_id) do nothing
      returning status
    ), told as (${webhookEventSql({
      type: 'meeting.attendance',
      key: sql`meeting.id::text || ':' || ${userId}::text || ':connected'`,
      data: sql`jsonb_build_object('meetingId', meeting.id, 'groupId', meeting.group_id, 'userId', ${userId}::text,
                                   'status', connected.status, 'source', 'connected')`,
      from: sql`connected, meeting`,
    })})
    select meeting.*, (select status from connected) as inserted,
           (select a.status from meeting_attendance a
             where a.meeting_id = meeting.id and a.user_id = ${userId}) as existing
      from meeting`);
  const meeting = rows[0];
  if (!meeting?.member) throw new AppError('MEETING_NOT_FOUND');
  if (meeting.status === 'cancelled') throw new AppError('CHECKIN_MEETING_CANCELLED');
  if (now.getTime() < time(meeting.starts_at) - CHECKIN_OPENS_MINUTES_BEFORE * 60_000) {
    throw new AppError('CONNECT_NOT_OPEN');
  }
  if (now.getTime() >= time(meeting.ends_at)) throw new AppError('CONNECT_CLOSED');
  if (meeting.inserted) return { meetingId: meeting.id, status: meeting.inserted, recorded: true };
  let status = meeting.existing;
  if (!status) {
    // Another press committed between this statement's snapshot and its insert: read it now.
    const again = await db.execute<{ status: AttendanceStatus }>(sql`
      select status from meeting_attendance where meeting_id = ${meeting.id} and user_id = ${userId}`);
    status = again.rows[0]?.status ?? 'remote';
  }
  return { meetingId: meeting.id, status, recorded: false };
}

/** PUT …/meetings/:meetingId/visio: this meeting's own link, null for the group's. */
export async function setMeetingVisio(
  db: DbOrTx,
  groupId: string,
  meetingId: string,
  visioUrl: string | null,
): Promise<void> {
  if (!isUuid(meetingId)) throw new AppError('MEETING_NOT_FOUND');
  const { rows } = await db.execute(sql`
    update meetings set visio_url = ${visioUrl}, updated_at = now()
     where id = ${meetingId} and group_id = ${groupId}
    returning id`);
  if (rows.length === 0) throw new AppError('MEETING_NOT_FOUND');
}

interface HybridRow extends Record<string, unknown> {
  visio_url: string | null;
  remote_counts_as_present: boolean;
}

const toHybrid = (row: HybridRow | undefined): GroupHybrid => {
  if (!row) throw new AppError('GROUP_NOT_FOUND');
  return { visioUrl: row.visio_url, remoteCountsAsPresent: Boolean(row.remote_counts_as_present) };
};

/** GET /api/groups/:groupId/hybrid. */
export async function groupHybrid(db: DbOrTx, groupId: string): Promise<GroupHybrid> {
  const { rows } = await db.execute<HybridRow>(sql`
    select visio_url, remote_counts_as_present from groups where id = ${groupId}`);
  return toHybrid(rows[0]);
}

/** PUT /api/groups/:groupId/hybrid: the rhythm's link and the rule for `À distance`. */
export async function setGroupHybrid(db: DbOrTx, groupId: string, input: GroupHybridInput): Promise<GroupHybrid> {
  const { rows } = await db.execute<HybridRow>(sql`
    update groups set visio_url = ${input.visioUrl}, remote_counts_as_present = ${input.remoteCountsAsPresent},
           updated_at = now()
     where id = ${groupId}
    returning visio_url, remote_counts_as_present`);
  return toHybrid(rows[0]);
}
