import {
  formatCount,
  formatDateInWords,
  type MeetingMinutes,
  MINUTES_CORRECTION_HOURS,
  type MinutesContent,
  type MinutesCorrection,
  toIsoDateTime,
  toIsoDateTimeOrNull,
} from '@synergie/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbOrTx, Tx } from '../db/client';
import { displayName } from '../db/fragments';
import { AppError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { liveState } from './live-meeting';
import { notificationTexts } from './notification-texts';
import { notify } from './notifications';

/**
 * The minutes of a meeting (`Compte rendu`, issue 30; docs/product/live-meeting.md "Compte rendu"):
 * a snapshot written once after the meeting ends (its live meeting ended, or its end passed),
 * mailed to the group's active members (kind `meeting_minutes`, each member's setting decides the
 * mail), corrected by the leaders for MINUTES_CORRECTION_HOURS, then locked.
 *
 * - Once, whatever the number of instances: `insert … on conflict (meeting_id) do nothing`; only the
 *   transaction whose row went in notifies the members. The job claims the due meetings with
 *   `FOR UPDATE SKIP LOCKED`, and the end of a live meeting generates them at once (best effort:
 *   the job is the safety net).
 * - A correction names the version it read: `update … where version = $v`, else 409 MINUTES_STALE;
 *   after locked_at, 423 MINUTES_LOCKED.
 */

type Ctx = Pick<AppContext, 'db' | 'mailContext' | 'links' | 'mailer'>;

const HOUR_MS = 3_600_000;
/** The job catches up meetings ended this long ago at most: older ones are history, never mailed. */
export const MINUTES_CATCH_UP_HOURS = 24;

const meetingLink = (meetingId: string) => `/reunions/${meetingId}#compte-rendu`;
export const minutesPdfPath = (meetingId: string) => `/api/meetings/${meetingId}/minutes.pdf`;

type Person = { id: string | null; name: string };

/** The content of meeting M's minutes, read now (null: no such meeting). */
export async function minutesContent(db: DbOrTx, meetingId: string): Promise<MinutesContent | null> {
  const { rows } = await db.execute<{
    id: string;
    group_id: string;
    group_name: string;
    starts_at: Date | string;
    ends_at: Date | string;
    place: string;
    remote_counts: boolean;
    attendance: { id: string; name: string; status: string | null; substituteName: string | null }[];
    recommendations: { id: string; giverName: string | null; receiverName: string | null }[];
    next: { name: string | null; startsAt: string } | null;
  }>(sql`
    select m.id, m.group_id, g.name as group_name, m.starts_at, m.ends_at, m.place,
           g.remote_counts_as_present as remote_counts,
           coalesce((
             select json_agg(json_build_object(
                      'id', u.id, 'name', ${displayName()}, 'status', a.status, 'substituteName', a.substitute_name)
                    order by ${displayName()}, u.id)
               from "user" u
               left join profiles p on p.user_id = u.id
               left join meeting_attendance a on a.meeting_id = m.id and a.user_id = u.id
              where a.user_id is not null
                 or exists (select 1 from group_members gm
                             where gm.group_id = m.group_id and gm.user_id = u.id and gm.status = 'active'
                               and gm.joined_at <= m.ends_at)), '[]') as attendance,
           coalesce((
             select json_agg(json_build_object(
                      'id', r.id,
                      'giverName', case when r.giver_id is null then null else ${displayName('gu', 'gp')} end,
                      'receiverName', case when r.receiver_id is null then null else ${displayName('ru', 'rp')} end)
                    order by r.created_at, r.id)
               from recommendations r
               left join "user" gu on gu.id = r.giver_id
               left join profiles gp on gp.user_id = r.giver_id
               left join "user" ru on ru.id = r.receiver_id
               left join profiles rp on rp.user_id = r.receiver_id
              where r.meeting_id = m.id), '[]') as recommendations,
           (select json_build_object(
                     'name', case when nm.presenter_id is null then null else ${displayName('nu', 'np')} end,
                     'startsAt', nm.starts_at)
              from meetings nm
              left join "user" nu on nu.id = nm.presenter_id
              left join profiles np on np.user_id = nm.presenter_id
             where nm.group_id = m.group_id and nm.starts_at > m.starts_at and nm.status <> 'cancelled'
             order by nm.starts_at limit 1) as next
      from meetings m
      join groups g on g.id = m.group_id
     where m.id = ${meetingId}`);
  const row = rows[0];
  if (!row) return null;
  // Visitors and the business thanked: the live meeting's own rules (liveState), not rewritten here.
  const live = await liveState(db, meetingId);
  const of = (status: string) =>
    row.attendance.filter((a) => (a.status ?? 'absent') === status).map((a): Person => ({ id: a.id, name: a.name }));
  return {
    meeting: {
      id: row.id,
      groupId: row.group_id,
      groupName: row.group_name,
      startsAt: toIsoDateTime(row.starts_at),
      endsAt: toIsoDateTime(row.ends_at),
      place: row.place,
      dateInWords: formatDateInWords(new Date(row.starts_at)),
    },
    attendance: {
      remoteCountsAsPresent: row.remote_counts,
      present: of('present'),
      remote: of('remote'),
      late: of('late'),
      absent: of('absent'),
      excused: of('excused'),
      substituted: row.attendance
        .filter((a) => a.status === 'substituted')
        .map((a) => ({ id: a.id, name: a.name, substituteName: a.substituteName })),
    },
    recommendations: row.recommendations,
    visitors: (live?.visitors ?? []).map((v) => ({ name: v.name, company: v.company })),
    businessThanked: (live?.thanks ?? []).map((t) => ({
      id: t.recommendationId,
      giverName: t.giver,
      receiverName: t.receiver,
      amountCents: t.amountCents,
    })),
    nextPresenter:
      row.next?.name != null ? { name: row.next.name, meetingStartsAt: toIsoDateTime(row.next.startsAt) } : null,
    notes: null,
  };
}

/** One sentence for the mail and the centre: who came, what was passed. */
function summary(content: MinutesContent): string {
  const a = content.attendance;
  const came = a.present.length + a.late.length + (a.remoteCountsAsPresent ? a.remote.length : 0);
  return [
    formatCount(came, { one: 'présent', other: 'présents' }),
    formatCount(content.recommendations.length, {
      one: 'recommandation passée',
      other: 'recommandations passées',
    }),
    formatCount(content.visitors.length, { one: 'visiteur', other: 'visiteurs' }),
  ].join(', ');
}

/**
 * Writes meeting M's minutes in `tx` when the meeting is over and they do not exist yet, and tells
 * the group's active members (`ctx` null: nobody is told, for the demo seed's past meeting). True
 * when this call wrote them. The caller wakes the mailer.
 */
export async function generateMinutesIn(
  tx: Tx,
  ctx: Pick<Ctx, 'mailContext' | 'links'> | null,
  meetingId: string,
  now: Date,
): Promise<boolean> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const { rows: due } = await tx.execute<{ group_id: string }>(sql`
    select m.group_id from meetings m
      left join meeting_live l on l.meeting_id = m.id
     where m.id = ${meetingId} and m.status <> 'cancelled'
       and (l.ended_at is not null or m.ends_at <= ${at})
       and not exists (select 1 from meeting_minutes mm where mm.meeting_id = m.id)`);
  const meeting = due[0];
  if (!meeting) return false;
  const content = await minutesContent(tx, meetingId);
  if (!content) return false;
  const lockedAt = new Date(now.getTime() + MINUTES_CORRECTION_HOURS * HOUR_MS);
  const { rows: inserted } = await tx.execute(sql`
    insert into meeting_minutes (meeting_id, content, generated_at, locked_at)
    values (${meetingId}, ${JSON.stringify(content)}::jsonb, ${at}, ${lockedAt.toISOString()}::timestamptz)
    on conflict (meeting_id) do nothing returning id`);
  if (inserted.length === 0) return false;
  if (!ctx) return true;
  const { rows: members } = await tx.execute<{ user_id: string }>(sql`
    select user_id from group_members where group_id = ${meeting.group_id} and status = 'active' order by user_id`);
  await notify(
    tx,
    ctx,
    members.map((m) => ({
      userId: m.user_id,
      kind: 'meeting_minutes' as const,
      ...notificationTexts.minutesReady(content.meeting.groupName, content.meeting.dateInWords, summary(content)),
      link: meetingLink(meetingId),
      action: 'Voir le compte rendu',
    })),
  );
  return true;
}

/** generateMinutesIn in its own transaction, then the mailer woken. */
export async function generateMinutes(ctx: Ctx, meetingId: string, now = new Date()): Promise<boolean> {
  if (!isUuid(meetingId)) return false;
  const created = await ctx.db.transaction((tx) => generateMinutesIn(tx, ctx, meetingId, now));
  if (created) ctx.mailer.wake();
  return created;
}

/**
 * `generate-minutes` (every JOBS_INTERVAL_MS): the meetings over (live meeting ended, or end
 * passed) within MINUTES_CATCH_UP_HOURS and without minutes, claimed with `FOR UPDATE SKIP
 * LOCKED` so that two instances share them out; each one generated in the claim's transaction.
 */
export async function generateDueMinutes(ctx: Ctx, now = new Date()): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const handled = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string }>(sql`
      select m.id from meetings m
        left join meeting_live l on l.meeting_id = m.id
       where m.status <> 'cancelled'
         and (l.ended_at is not null or m.ends_at <= ${at})
         and coalesce(l.ended_at, m.ends_at) > ${at} - make_interval(hours => ${MINUTES_CATCH_UP_HOURS}::int)
         and not exists (select 1 from meeting_minutes mm where mm.meeting_id = m.id)
       order by m.ends_at, m.id
       limit 20
         for update of m skip locked`);
    let created = 0;
    for (const { id } of rows) if (await generateMinutesIn(tx, ctx, id, now)) created += 1;
    return created;
  });
  if (handled > 0) ctx.mailer.wake();
  return handled;
}

interface MinutesRow extends Record<string, unknown> {
  meeting_id: string;
  group_id: string;
  content: MinutesContent;
  version: number;
  generated_at: Date | string;
  locked_at: Date | string;
  corrected_at: Date | string | null;
  corrected_by: string | null;
  viewer_member: boolean;
  viewer_leads: boolean;
}

/** Meeting M's minutes as `viewerId` may read them (404 MEETING_NOT_FOUND outside the group). */
async function readMinutes(db: DbOrTx, viewerId: string, meetingId: string): Promise<MinutesRow> {
  if (!isUuid(meetingId)) throw new AppError('MEETING_NOT_FOUND');
  const { rows } = await db.execute<MinutesRow & { has_minutes: boolean }>(sql`
    select m.id as meeting_id, m.group_id, mm.meeting_id is not null as has_minutes,
           mm.content, mm.version, mm.generated_at, mm.locked_at, mm.corrected_at,
           case when mm.corrected_by is null then null else ${displayName('cu', 'cp')} end as corrected_by,
           (vm.user_id is not null or va.user_id is not null) as viewer_member,
           (vm.role is not null or va.user_id is not null) as viewer_leads
      from meetings m
      left join meeting_minutes mm on mm.meeting_id = m.id
      left join "user" cu on cu.id = mm.corrected_by
      left join profiles cp on cp.user_id = mm.corrected_by
      left join group_members vm on vm.group_id = m.group_id and vm.user_id = ${viewerId} and vm.status = 'active'
      left join user_roles va on va.user_id = ${viewerId} and va.role = 'admin'
     where m.id = ${meetingId}`);
  const row = rows[0];
  if (!row?.viewer_member) throw new AppError('MEETING_NOT_FOUND');
  if (!row.has_minutes) throw new AppError('MINUTES_NOT_FOUND');
  return row;
}

function toMinutes(row: MinutesRow, now: Date): MeetingMinutes {
  const lockedAt = new Date(row.locked_at);
  return {
    meetingId: row.meeting_id,
    content: row.content,
    version: row.version,
    generatedAt: toIsoDateTime(row.generated_at),
    lockedAt: toIsoDateTime(lockedAt),
    correctedAt: toIsoDateTimeOrNull(row.corrected_at),
    correctedBy: row.corrected_by,
    canCorrect: row.viewer_leads && now < lockedAt,
    pdfUrl: minutesPdfPath(row.meeting_id),
  };
}

/** GET /meetings/:meetingId/minutes: the group's members, its leaders and admins. */
export async function getMinutes(db: DbOrTx, viewerId: string, meetingId: string, now = new Date()) {
  return toMinutes(await readMinutes(db, viewerId, meetingId), now);
}

/**
 * PUT /groups/:groupId/meetings/:meetingId/minutes: the leaders' corrections (the route checked the
 * role), on the version they read and before the lock.
 */
export async function correctMinutes(
  db: DbOrTx,
  leaderId: string,
  groupId: string,
  meetingId: string,
  input: MinutesCorrection,
  now = new Date(),
): Promise<MeetingMinutes> {
  const row = await readMinutes(db, leaderId, meetingId);
  if (row.group_id !== groupId) throw new AppError('MEETING_NOT_FOUND');
  if (now >= new Date(row.locked_at)) throw new AppError('MINUTES_LOCKED');
  if (row.version !== input.version) throw new AppError('MINUTES_STALE');
  const content: MinutesContent = {
    ...row.content,
    notes: input.notes,
    nextPresenter: input.nextPresenterName
      ? { name: input.nextPresenterName, meetingStartsAt: row.content.nextPresenter?.meetingStartsAt ?? null }
      : null,
  };
  const at = sql`${now.toISOString()}::timestamptz`;
  const { rows } = await db.execute<{ locked: boolean }>(sql`
    update meeting_minutes
       set content = ${JSON.stringify(content)}::jsonb, version = version + 1,
           corrected_by = ${leaderId}, corrected_at = ${at}
     where meeting_id = ${meetingId} and version = ${input.version} and locked_at > ${at}
     returning false as locked`);
  if (rows.length === 0) {
    const { rows: current } = await db.execute<{ locked: boolean }>(sql`
      select locked_at <= ${at} as locked from meeting_minutes where meeting_id = ${meetingId}`);
    throw new AppError(current[0]?.locked ? 'MINUTES_LOCKED' : 'MINUTES_STALE');
  }
  return getMinutes(db, leaderId, meetingId, now);
}
