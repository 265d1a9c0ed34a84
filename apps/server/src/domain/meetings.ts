import { TZDate } from '@date-fns/tz';
import {
  type ChangeMeetingInput,
  EVENT_DEFAULT_DURATION_MINUTES,
  MEETING_DURATION_MINUTES,
  MEETING_WEEKS_AHEAD,
  type MeetingDetail,
  type MeetingList,
  type MeetingStatus,
  type MeetingSummary,
  toIsoDateTime,
} from '@synergie/shared';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { sql } from 'drizzle-orm';
import ical, { escape as escapeIcsText, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { displayName, memberTradeLabel } from '../db/fragments';
import { meetings } from '../db/schema';
import { AppError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { type NotificationText, notificationTexts } from './notification-texts';
import { notify } from './notifications';

/**
 * A group's meetings (network-core §4): generated ahead from the group's rhythm (job
 * `generate-meetings`, idempotent through the unique (group_id, scheduled_on)), read by the
 * group's members, leaders and admins (anyone else is told it does not exist), moved or cancelled
 * by its leaders with a message to every active member, exported as iCalendar (one meeting, or
 * the member's personal feed through a signed URL).
 */

type Ctx = Pick<AppContext, 'db' | 'mailContext' | 'links' | 'mailer'>;

export const MEETING_TIME_ZONE = 'Europe/Paris';
const DAY_MS = 86_400_000;
/**
 * Biweekly groups meet on the weeks an even number of weeks after this Monday (ISO week 1 of
 * 2024): a fixed reference, so the rhythm never drifts whenever or however often the generator
 * runs (docs/product/decisions.md, Meetings).
 */
const BIWEEKLY_ANCHOR = Date.UTC(2024, 0, 1);
/** The personal feed holds meetings and events from this many days back. */
const FEED_PAST_DAYS = 31;
export const CALENDAR_PURPOSE = 'calendar';

// ---------------------------------------------------------------------------
// Generation
// ---------------------------------------------------------------------------

export interface RhythmGroup {
  meetingRhythm: string;
  /** ISO weekday, 1 = Monday. */
  meetingWeekday: number;
  /** HH:MM or HH:MM:SS, Paris time. */
  meetingTime: string;
}

/** The Paris calendar day of an instant, as a UTC midnight (for day arithmetic only). */
function parisDay(now: Date): number {
  const paris = new TZDate(now.getTime(), MEETING_TIME_ZONE);
  return Date.UTC(paris.getFullYear(), paris.getMonth(), paris.getDate());
}

/** Whether the rhythm has a meeting on this day (a UTC midnight). */
export function rhythmMeets(group: RhythmGroup, day: number): boolean {
  const date = new Date(day);
  const isoWeekday = ((date.getUTCDay() + 6) % 7) + 1;
  if (isoWeekday !== group.meetingWeekday) return false;
  switch (group.meetingRhythm) {
    case 'weekly':
      return true;
    case 'biweekly':
      return Math.floor((day - BIWEEKLY_ANCHOR) / (7 * DAY_MS)) % 2 === 0;
    case 'monthly':
      // The first such weekday of the month.
      return date.getUTCDate() <= 7;
    default:
      return false;
  }
}

/** The instant a meeting on `day` (UTC midnight of the Paris date) at `time` (Paris) starts. */
export function parisInstant(day: number, time: string): Date {
  const date = new Date(day);
  const [h, min] = time.split(':').map(Number) as [number, number];
  return new Date(
    new TZDate(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), h, min, MEETING_TIME_ZONE).getTime(),
  );
}

/** The meetings the rhythm has after `now`, within MEETING_WEEKS_AHEAD weeks. */
export function rhythmDates(group: RhythmGroup, now: Date): { scheduledOn: string; startsAt: Date; endsAt: Date }[] {
  const first = parisDay(now);
  const out: { scheduledOn: string; startsAt: Date; endsAt: Date }[] = [];
  for (let i = 0; i < MEETING_WEEKS_AHEAD * 7; i++) {
    const day = first + i * DAY_MS;
    if (!rhythmMeets(group, day)) continue;
    const startsAt = parisInstant(day, group.meetingTime);
    if (startsAt.getTime() <= now.getTime()) continue;
    out.push({
      scheduledOn: new Date(day).toISOString().slice(0, 10),
      startsAt,
      endsAt: new Date(startsAt.getTime() + MEETING_DURATION_MINUTES * 60_000),
    });
  }
  return out;
}

/**
 * `generate-meetings`: every group's meetings for the next MEETING_WEEKS_AHEAD weeks, from its
 * rhythm. `insert … on conflict (group_id, scheduled_on) do nothing`: a meeting already there
 * (moved, cancelled, or written by another instance at the same moment) is left as it is.
 * Returns how many meetings it created. `groupIds` limits it to some groups (the demo seed).
 */
export async function generateMeetings(ctx: { db: DbOrTx }, now = new Date(), groupIds?: string[]): Promise<number> {
  const { rows: groupRows } = await ctx.db.execute<{
    id: string;
    meeting_rhythm: string;
    meeting_weekday: number;
    meeting_time: string;
    meeting_place: string;
  }>(sql`
    select id, meeting_rhythm, meeting_weekday, meeting_time::text as meeting_time, meeting_place
      from groups
     ${groupIds ? sql`where id in (${sql.join(groupIds.length ? groupIds.map((id) => sql`${id}::uuid`) : [sql`null`], sql`, `)})` : sql``}
     order by id`);
  const values = groupRows.flatMap((g) =>
    rhythmDates(
      { meetingRhythm: g.meeting_rhythm, meetingWeekday: Number(g.meeting_weekday), meetingTime: g.meeting_time },
      now,
    ).map((d) => ({ groupId: g.id, place: g.meeting_place, ...d })),
  );
  let created = 0;
  // The same order on every instance: two runs at once wait for each other, never deadlock.
  for (let i = 0; i < values.length; i += 500) {
    const inserted = await ctx.db
      .insert(meetings)
      .values(values.slice(i, i + 500))
      .onConflictDoNothing({ target: [meetings.groupId, meetings.scheduledOn] })
      .returning({ id: meetings.id });
    created += inserted.length;
  }
  return created;
}

// ---------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------

interface SummaryRow extends Record<string, unknown> {
  id: string;
  group_id: string;
  group_name: string;
  group_slug: string;
  scheduled_on: string;
  starts_at: string | Date;
  ends_at: string | Date;
  place: string;
  status: MeetingStatus;
  change_message: string | null;
  presenter_id: string | null;
  presenter_name: string | null;
}

const summaryColumns = sql`
  m.id, m.group_id, g.name as group_name, g.slug as group_slug, m.scheduled_on::text as scheduled_on,
  m.starts_at, m.ends_at, m.place, m.status, m.change_message, m.presenter_id,
  case when m.presenter_id is null then null else ${displayName('pu', 'pp')} end as presenter_name`;
const summaryJoins = sql`
  join groups g on g.id = m.group_id
  left join "user" pu on pu.id = m.presenter_id
  left join profiles pp on pp.user_id = m.presenter_id`;

function toSummary(r: SummaryRow): MeetingSummary {
  return {
    id: r.id,
    groupId: r.group_id,
    groupName: r.group_name,
    groupSlug: r.group_slug,
    scheduledOn: r.scheduled_on,
    startsAt: toIsoDateTime(r.starts_at),
    endsAt: toIsoDateTime(r.ends_at),
    place: r.place,
    status: r.status,
    moved: r.status === 'scheduled' && r.change_message !== null,
    changeMessage: r.change_message,
    presenter: r.presenter_id && r.presenter_name ? { id: r.presenter_id, name: r.presenter_name } : null,
  };
}

/** A group's meetings not yet over, the next first (the access plugin checked the role). One query. */
export async function listGroupMeetings(db: DbOrTx, groupId: string, now = new Date()): Promise<MeetingList> {
  const { rows } = await db.execute<SummaryRow>(sql`
    select ${summaryColumns}
      from meetings m ${summaryJoins}
     where m.group_id = ${groupId} and m.ends_at > ${now.toISOString()}::timestamptz
     order by m.starts_at
     limit ${MEETING_WEEKS_AHEAD * 7 + 10}`);
  return { meetings: rows.map(toSummary) };
}

interface DetailRow extends SummaryRow {
  viewer_member: boolean;
  viewer_role: string | null;
  viewer_admin: boolean;
  guests_expected: string | number;
  visio_url: string | null;
  own_visio_url: string | null;
}

/**
 * One meeting with its agenda (`Ordre du jour`), for the group's active members and admins; anyone
 * else is told it does not exist (404). Three queries whatever the group's size.
 */
export async function getMeeting(db: DbOrTx, viewerId: string, meetingId: string): Promise<MeetingDetail> {
  if (!isUuid(meetingId)) throw new AppError('MEETING_NOT_FOUND');
  const { rows } = await db.execute<DetailRow>(sql`
    select ${summaryColumns},
           vm.user_id is not null as viewer_member, vm.role as viewer_role,
           coalesce(m.visio_url, g.visio_url) as visio_url, m.visio_url as own_visio_url,
           exists (select 1 from user_roles r where r.user_id = ${viewerId} and r.role = 'admin') as viewer_admin,
           (select count(*) from guests gs
             where gs.meeting_id = m.id and gs.status in ('invited', 'registered')) as guests_expected
      from meetings m ${summaryJoins}
      left join group_members vm on vm.group_id = m.group_id and vm.user_id = ${viewerId} and vm.status = 'active'
     where m.id = ${meetingId}`);
  const row = rows[0];
  if (!row || !(row.viewer_member || row.viewer_admin)) throw new AppError('MEETING_NOT_FOUND');
  const summary = toSummary(row);

  const { rows: round } = await db.execute<{ id: string; name: string; trade: string | null }>(sql`
    select gm.user_id as id, ${displayName()} as name, ${memberTradeLabel()} as trade
      from group_members gm
      join "user" u on u.id = gm.user_id
      left join profiles p on p.user_id = gm.user_id
      left join trades t on t.id = gm.trade_id
     where gm.group_id = ${row.group_id} and gm.status = 'active'
     order by name, gm.user_id`);

  // Since the previous meeting held (a week before when there is none), up to this one's start.
  const start = sql`${summary.startsAt}::timestamptz`;
  const { rows: recs } = await db.execute<{
    id: string;
    giver_name: string | null;
    receiver_name: string | null;
    status: string;
    created_at: string | Date;
    total: string | number;
  }>(sql`
    select r.id, r.status, r.created_at, count(*) over () as total,
           case when r.giver_id is null then null else ${displayName('gu', 'gp')} end as giver_name,
           case when r.receiver_id is null then null else ${displayName('ru', 'rp')} end as receiver_name
      from recommendations r
      left join "user" gu on gu.id = r.giver_id
      left join profiles gp on gp.user_id = r.giver_id
      left join "user" ru on ru.id = r.receiver_id
      left join profiles rp on rp.user_id = r.receiver_id
     where r.giver_group_id = ${row.group_id}
       and r.created_at <= ${start}
       and r.created_at > coalesce(
             (select max(pm.starts_at) from meetings pm
               where pm.group_id = ${row.group_id} and pm.status = 'scheduled' and pm.starts_at < ${start}),
             ${start} - interval '7 days')
     order by r.created_at, r.id
     limit 200`);

  return {
    ...summary,
    canManage: row.viewer_admin || row.viewer_role !== null,
    visioUrl: row.visio_url,
    ownVisioUrl: row.own_visio_url,
    agenda: {
      round,
      recommendations: {
        count: Number(recs[0]?.total ?? 0),
        items: recs.map((r) => ({
          id: r.id,
          giverName: r.giver_name,
          receiverName: r.receiver_name,
          status: r.status,
          createdAt: toIsoDateTime(r.created_at),
        })),
      },
      guestsExpected: Number(row.guests_expected),
    },
  };
}

// ---------------------------------------------------------------------------
// Leaders' changes
// ---------------------------------------------------------------------------

const meetingLink = (id: string) => `/reunions/${id}`;

/**
 * Leaders move a meeting (new start, end, place) or cancel it, with a message: every active
 * member but the leader acting is told (notify, kind 'meeting'). The meeting's row is locked: a
 * move and a cancellation at the same instant are applied one after the other, and a cancelled
 * meeting is never moved (409).
 */
export async function changeMeeting(
  ctx: Ctx,
  actorId: string,
  groupId: string,
  meetingId: string,
  input: ChangeMeetingInput,
  now = new Date(),
): Promise<void> {
  if (!isUuid(meetingId)) throw new AppError('MEETING_NOT_FOUND');
  await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ status: MeetingStatus; starts_at: string | Date; group_name: string }>(sql`
      select m.status, m.starts_at, g.name as group_name
        from meetings m join groups g on g.id = m.group_id
       where m.id = ${meetingId} and m.group_id = ${groupId}
         for update of m`);
    const meeting = rows[0];
    if (!meeting) throw new AppError('MEETING_NOT_FOUND');
    if (meeting.status === 'cancelled') throw new AppError('MEETING_CANCELLED');
    const wasAt = new Date(meeting.starts_at);
    let text: NotificationText;
    if (input.action === 'move') {
      if (Date.parse(input.startsAt) <= now.getTime()) throw new AppError('MEETING_IN_PAST');
      await tx.execute(sql`
        update meetings
           set starts_at = ${input.startsAt}::timestamptz, ends_at = ${input.endsAt}::timestamptz,
               place = ${input.place}, change_message = ${input.message}, updated_at = now()
         where id = ${meetingId}`);
      text = notificationTexts.meetingMoved(meeting.group_name, wasAt, new Date(input.startsAt), input.message);
    } else {
      await tx.execute(sql`
        update meetings set status = 'cancelled', change_message = ${input.message}, updated_at = now()
         where id = ${meetingId}`);
      text = notificationTexts.meetingCancelled(meeting.group_name, wasAt, input.message);
    }
    const { rows: members } = await tx.execute<{ user_id: string }>(sql`
      select user_id from group_members
       where group_id = ${groupId} and status = 'active' and user_id <> ${actorId}
       order by user_id`);
    await notify(
      tx,
      ctx,
      members.map((m) => ({
        userId: m.user_id,
        kind: 'meeting' as const,
        ...text,
        link: meetingLink(meetingId),
        action: 'Voir la réunion',
      })),
    );
  });
  ctx.mailer.wake();
}

/** Leaders set who presents at a meeting (`Présentation de la semaine`): an active member of the group, or nobody. */
export async function setMeetingPresenter(
  db: DbOrTx,
  groupId: string,
  meetingId: string,
  presenterId: string | null,
): Promise<void> {
  if (!isUuid(meetingId)) throw new AppError('MEETING_NOT_FOUND');
  if (presenterId !== null) {
    const { rows } = await db.execute(sql`
      select 1 from group_members where group_id = ${groupId} and user_id = ${presenterId} and status = 'active'`);
    if (rows.length === 0) throw new AppError('PRESENTER_NOT_MEMBER');
  }
  const { rows } = await db.execute(sql`
    update meetings set presenter_id = ${presenterId}, updated_at = now()
     where id = ${meetingId} and group_id = ${groupId}
    returning id`);
  if (rows.length === 0) throw new AppError('MEETING_NOT_FOUND');
}

// ---------------------------------------------------------------------------
// iCalendar
// ---------------------------------------------------------------------------

const PARIS_VTIMEZONE = getVtimezoneComponent(MEETING_TIME_ZONE);
if (!PARIS_VTIMEZONE) throw new Error(`@touch4it/ical-timezones has no VTIMEZONE for ${MEETING_TIME_ZONE}`);
const vtimezone = (zone: string) => (zone === MEETING_TIME_ZONE ? PARIS_VTIMEZONE : getVtimezoneComponent(zone));

export interface CalendarItem {
  uid: string;
  summary: string;
  description: string | null;
  location: string;
  start: Date;
  end: Date;
  cancelled: boolean;
  updatedAt: Date;
  path: string;
}

/** Meetings and events as one iCalendar file (RFC 5545), in Paris time (see events/ics.ts). */
export function calendarToIcs(
  items: CalendarItem[],
  site: { siteName: string; siteUrl: string },
  name: string,
  now = new Date(),
): string {
  const host = new URL(site.siteUrl).hostname;
  const calendar = ical({
    prodId: `//${escapeIcsText(site.siteName, false)}//Reunions//FR`,
    name,
    scale: 'gregorian',
    method: ICalCalendarMethod.PUBLISH,
    timezone: { name: null, generator: vtimezone },
  });
  for (const item of items) {
    calendar.createEvent({
      id: `${item.uid}@${host}`,
      stamp: now,
      lastModified: item.updatedAt,
      start: new TZDate(item.start.getTime(), MEETING_TIME_ZONE),
      end: new TZDate(item.end.getTime(), MEETING_TIME_ZONE),
      timezone: MEETING_TIME_ZONE,
      summary: item.summary,
      location: item.location,
      description: item.description,
      status: item.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      url: new URL(item.path, site.siteUrl).toString(),
    });
  }
  return `${calendar.toString()}\r\n`;
}

interface IcsMeetingRow extends Record<string, unknown> {
  id: string;
  group_name: string;
  starts_at: string | Date;
  ends_at: string | Date;
  place: string;
  status: MeetingStatus;
  change_message: string | null;
  updated_at: string | Date;
}

const meetingItem = (m: IcsMeetingRow): CalendarItem => ({
  uid: `reunion-${m.id}`,
  summary: `Réunion ${m.group_name}`,
  description: m.change_message,
  location: m.place,
  start: new Date(m.starts_at),
  end: new Date(m.ends_at),
  cancelled: m.status === 'cancelled',
  updatedAt: new Date(m.updated_at),
  path: meetingLink(m.id),
});

/** One meeting as an .ics file (`Ajouter à mon agenda`), for whoever may read the meeting. */
export async function meetingIcs(ctx: Pick<AppContext, 'db' | 'mailContext'>, viewerId: string, meetingId: string) {
  const meeting = await getMeeting(ctx.db, viewerId, meetingId);
  const { rows } = await ctx.db.execute<{ updated_at: string | Date }>(
    sql`select updated_at from meetings where id = ${meetingId}`,
  );
  return calendarToIcs(
    [
      meetingItem({
        id: meeting.id,
        group_name: meeting.groupName,
        starts_at: meeting.startsAt,
        ends_at: meeting.endsAt,
        place: meeting.place,
        status: meeting.status,
        change_message: meeting.changeMessage,
        updated_at: rows[0]?.updated_at ?? meeting.startsAt,
      }),
    ],
    ctx.mailContext,
    `Réunion ${meeting.groupName}`,
  );
}

/**
 * The version of the member's calendar link (table `calendar_links`): 0 until they renew it from
 * /profile; a token of another version is refused, so the old link stops at once (issue 33).
 */
async function calendarLinkVersion(db: AppContext['db'], userId: string): Promise<number | null> {
  const { rows } = await db.execute<{ version: number }>(sql`
    select coalesce((select version from calendar_links where user_id = u.id), 0) as version
      from "user" u where u.id = ${userId}`);
  return rows[0] ? Number(rows[0].version) : null;
}

const feedUrl = (ctx: Pick<AppContext, 'links' | 'mailContext'>, userId: string, version: number) => {
  const token = ctx.links.sign(CALENDAR_PURPOSE, { u: userId, v: version });
  return new URL(`/api/calendar/${token}.ics`, ctx.mailContext.siteUrl).toString();
};

/** The member's personal feed URL (`Mon agenda (abonnement)`): the signed token is the credential. */
export async function calendarUrl(
  ctx: Pick<AppContext, 'db' | 'links' | 'mailContext'>,
  userId: string,
): Promise<{ url: string; renewedAt: string | null }> {
  const { rows } = await ctx.db.execute<{ version: number; renewed_at: string | Date | null }>(sql`
    select version, renewed_at from calendar_links where user_id = ${userId}`);
  const row = rows[0];
  return {
    url: feedUrl(ctx, userId, row ? Number(row.version) : 0),
    renewedAt: row?.renewed_at ? new Date(row.renewed_at).toISOString() : null,
  };
}

/**
 * `Renouveler le lien`: a new address for the member's feed; the previous one answers 404 from
 * now on. One statement, so two renewals at once give two versions and the last one holds.
 */
export async function renewCalendarUrl(
  ctx: Pick<AppContext, 'db' | 'links' | 'mailContext'>,
  userId: string,
): Promise<{ url: string; renewedAt: string | null }> {
  const { rows } = await ctx.db.execute<{ version: number; renewed_at: string | Date }>(sql`
    insert into calendar_links (user_id, version, renewed_at) values (${userId}, 1, now())
    on conflict (user_id) do update set version = calendar_links.version + 1, renewed_at = now()
    returning version, renewed_at`);
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND');
  return { url: feedUrl(ctx, userId, Number(row.version)), renewedAt: new Date(row.renewed_at).toISOString() };
}

/**
 * The personal feed: the meetings of the member's groups and the events they registered to, from
 * a month back. A forged or altered token, one of a deleted account, or one of a link renewed
 * since (a token without a version is of version 0, the links given before issue 33) is a 404.
 * The link does not expire; the member renews it from /profile (docs/product/decisions.md).
 */
export async function calendarFeed(
  ctx: Pick<AppContext, 'db' | 'mailContext' | 'links'>,
  token: string,
  now = new Date(),
): Promise<string> {
  const data = ctx.links.verify<{ u?: unknown; v?: unknown }>(CALENDAR_PURPOSE, token);
  if (!data || typeof data.u !== 'string') throw new AppError('CALENDAR_LINK_INVALID');
  const userId = data.u;
  const given = data.v === undefined ? 0 : data.v;
  const version = await calendarLinkVersion(ctx.db, userId);
  if (version === null || given !== version) throw new AppError('CALENDAR_LINK_INVALID');
  const since = sql`${new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS).toISOString()}::timestamptz`;
  const { rows: meetingRows } = await ctx.db.execute<IcsMeetingRow>(sql`
    select m.id, g.name as group_name, m.starts_at, m.ends_at, m.place, m.status, m.change_message, m.updated_at
      from meetings m
      join groups g on g.id = m.group_id
     where m.group_id in (select group_id from group_members where user_id = ${userId} and status = 'active')
       and m.starts_at >= ${since}
     order by m.starts_at
     limit 500`);
  const { rows: eventRows } = await ctx.db.execute<{
    id: string;
    title: string;
    description: string | null;
    date: string;
    time: string;
    location: string;
    updated_at: string | Date;
  }>(sql`
    select e.id, e.title, e.description, e.date::text as date, e.time::text as time, e.location, e.updated_at
      from event_registrations r
      join events e on e.id = r.event_id
     where r.user_id = ${userId}
       and e.date >= (${since} at time zone 'Europe/Paris')::date
     order by e.date, e.time
     limit 500`);
  const items = [
    ...meetingRows.map(meetingItem),
    ...eventRows.map((e): CalendarItem => {
      const start = parisInstant(Date.parse(`${e.date}T00:00:00Z`), e.time);
      return {
        uid: e.id,
        summary: e.title,
        description: e.description,
        location: e.location,
        start,
        end: new Date(start.getTime() + EVENT_DEFAULT_DURATION_MINUTES * 60_000),
        cancelled: false,
        updatedAt: new Date(e.updated_at),
        path: '/events',
      };
    }),
  ];
  return calendarToIcs(items, ctx.mailContext, `${ctx.mailContext.siteName} – mon agenda`, now);
}

/**
 * `remind-meetings` (network-core §8 "meeting reminder"): the day before a scheduled meeting (its
 * Paris date is tomorrow's), every active member of its group is told (kind `meeting`, so each
 * member's setting decides the mail), once: the due meetings are claimed with `FOR UPDATE SKIP
 * LOCKED` and marked `reminded_at` in the same transaction as the notifications
 * (docs/decisions/0007-scheduled-jobs.md).
 */
export async function remindMeetings(ctx: Ctx, now = new Date()): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const handled = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{
      id: string;
      group_id: string;
      group_name: string;
      starts_at: Date | string;
      place: string;
    }>(sql`
      with due as (
        select m.id from meetings m
         where m.reminded_at is null and m.status = 'scheduled' and m.starts_at > ${at}
           and (m.starts_at at time zone ${MEETING_TIME_ZONE})::date = (${at} at time zone ${MEETING_TIME_ZONE})::date + 1
         order by m.starts_at
         limit 200
           for update skip locked
      ), reminded as (
        update meetings m set reminded_at = ${at} from due where m.id = due.id
        returning m.id, m.group_id, m.starts_at, m.place
      )
      select r.id, r.group_id, g.name as group_name, r.starts_at, r.place
        from reminded r join groups g on g.id = r.group_id`);
    if (rows.length === 0) return 0;
    const { rows: members } = await tx.execute<{ group_id: string; user_id: string }>(sql`
      select group_id, user_id from group_members
       where status = 'active' and group_id in (${sql.join(
         rows.map((r) => sql`${r.group_id}`),
         sql`, `,
       )})`);
    await notify(
      tx,
      ctx,
      rows.flatMap((r) =>
        members
          .filter((m) => m.group_id === r.group_id)
          .map((m) => ({
            userId: m.user_id,
            kind: 'meeting' as const,
            ...notificationTexts.meetingTomorrow(r.group_name, new Date(r.starts_at), r.place),
            link: meetingLink(r.id),
            action: 'Voir l’ordre du jour',
          })),
      ),
    );
    return rows.length;
  });
  if (handled > 0) ctx.mailer.wake();
  return handled;
}
