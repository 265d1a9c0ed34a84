import { EVENTS_PAGE_SIZE, type EventItem, type EventsQuery, eventMessages } from '@synergie/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { executePreparedText, type PreparedText, prepareStatement } from '../../db/prepared';
import { eventRegistrations, events, groups, profiles } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { parisNow } from './clock';

/**
 * Reading events: the list (GET /api/events, written as JSON by the database, and its visitors'
 * cache keys), one event, a group's upcoming events, what the calendar export reads. Organizing is
 * in crud.ts, registration and the waiting list in registration.ts, the reminder job in jobs.ts,
 * the check-in in checkin.ts, the iCalendar file in ics.ts.
 */

/** A malformed id names no event: 404 like an unknown one (PostgreSQL would refuse to compare it). */
export function assertEventId(id: string) {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', eventMessages.notFound);
}

/**
 * Whether a visitor's list is kept in the visitor cache: the pages the site asks for (its page
 * size, from the first page to the tenth), so that odd offsets and sizes cannot fill it.
 */
export const eventsListCacheable = (query: EventsQuery) =>
  query.limit === EVENTS_PAGE_SIZE && query.offset % EVENTS_PAGE_SIZE === 0 && query.offset < 10 * EVENTS_PAGE_SIZE;

/** A visitor's list's key in the visitor cache (lib/visitor-cache.ts): every field of its query. */
export const eventsListKey = (query: EventsQuery) =>
  `events:${query.when}:${query.groupId ?? ''}:${query.limit}:${query.offset}`;

/** The event starts before now (Paris time): it is shown apart and takes no registration. */
function startedSql(now: { date: string; time: string }) {
  return sql<boolean>`(${events.date} < ${now.date}::date or (${events.date} = ${now.date}::date and ${events.time} < ${now.time}::time))`;
}

/** Places taken: each registration is its member and their guests (`+1`). */
const attendeesSql = sql<number>`(select coalesce(sum(1 + er.guests), 0)::int from event_registrations er where er.event_id = ${events.id})`;

/**
 * The columns of an event card, for one viewer. The count and the viewer's registration are
 * correlated subqueries on the (event_id, user_id) primary key: the list stays ONE query
 * whatever the number of events, and counts only the events of the page.
 */
function eventColumns(viewerId: string | null, now: { date: string; time: string }) {
  return {
    id: events.id,
    title: events.title,
    description: events.description,
    date: events.date,
    time: events.time,
    location: events.location,
    maxAttendees: events.maxAttendees,
    categoryId: events.categoryId,
    category: events.category,
    imageUrl: events.imageUrl,
    organizerId: events.organizerId,
    organizerName: profiles.fullName,
    attendeesCount: attendeesSql,
    isRegistered: viewerId
      ? sql<boolean>`exists (select 1 from ${eventRegistrations} where ${eventRegistrations.eventId} = ${events.id} and ${eventRegistrations.userId} = ${viewerId})`
      : sql<boolean>`false`,
    isPast: startedSql(now),
    maxGuestsPerRegistration: events.maxGuestsPerRegistration,
    groupId: events.groupId,
    groupName: groups.name,
    myGuests: viewerId
      ? sql<number>`coalesce((select er.guests from event_registrations er where er.event_id = ${events.id} and er.user_id = ${viewerId}), 0)`
      : sql<number>`0`,
    // The viewer's rank among those waiting (0: not waiting); FIFO by created_at, then id.
    waitlistPosition: viewerId
      ? sql<number>`(select count(*)::int from event_waitlist w join event_waitlist ahead on ahead.event_id = w.event_id and ahead.status = 'waiting' and (ahead.created_at, ahead.id) <= (w.created_at, w.id) where w.event_id = ${events.id} and w.user_id = ${viewerId} and w.status = 'waiting')`
      : sql<number>`0`,
  };
}

type EventRow = {
  id: string;
  title: string;
  description: string | null;
  date: string;
  time: string;
  location: string;
  maxAttendees: number | null;
  categoryId: string | null;
  category: string | null;
  imageUrl: string | null;
  organizerId: string;
  organizerName: string | null;
  attendeesCount: number;
  isRegistered: boolean;
  isPast: boolean;
  maxGuestsPerRegistration: number;
  groupId: string | null;
  groupName: string | null;
  myGuests: number;
  waitlistPosition: number;
};

function toEventItem(row: EventRow, viewerId: string | null): EventItem {
  const attendeesCount = Number(row.attendeesCount);
  const { organizerId, organizerName, ...rest } = row;
  return {
    ...rest,
    time: row.time.slice(0, 5),
    attendeesCount,
    placesLeft: row.maxAttendees === null ? null : Math.max(0, row.maxAttendees - attendeesCount),
    isRegistered: Boolean(row.isRegistered),
    isPast: Boolean(row.isPast),
    myGuests: Number(row.myGuests),
    waitlistPosition: Number(row.waitlistPosition) > 0 ? Number(row.waitlistPosition) : null,
    organizerName: organizerName?.trim() || eventMessages.defaultOrganizer,
    isOwn: viewerId !== null && organizerId === viewerId,
  };
}

/**
 * What JavaScript's `String.prototype.trim` removes (white space and line terminators), for
 * PostgreSQL's `btrim`: the organizer's name is trimmed exactly as `toEventItem` trims it.
 */
const JS_WHITESPACE =
  '\t\n\u000b\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

/** A value as JSON text, `null` included (`to_json(null)` is SQL NULL, which would void the row). */
const json = (value: SQL) => sql`coalesce(to_json(${value})::text, 'null')`;

/**
 * One event of the list as the JSON text `JSON.stringify` writes for `eventSchema` (its keys in
 * the schema's order, the same escapes, `time` as HH:MM): built by the database, so the API sends
 * the page without reading, mapping, validating and serializing 50 rows per request
 * (docs/performance.md, "Event list"). `test/events.test.ts` compares it byte for byte with the
 * schema's own serialization of `getEvent`'s object.
 */
function eventJsonSql(viewer: boolean) {
  return sql.join(
    [
      sql`'{"id":' || ${json(sql`e.id`)}`,
      sql`',"title":' || ${json(sql`e.title`)}`,
      sql`',"description":' || ${json(sql`e.description`)}`,
      sql`',"date":' || ${json(sql`to_char(e.date, 'YYYY-MM-DD')`)}`,
      sql`',"time":' || ${json(sql`to_char(e.time, 'HH24:MI')`)}`,
      sql`',"location":' || ${json(sql`e.location`)}`,
      sql`',"maxAttendees":' || ${json(sql`e.max_attendees`)}`,
      sql`',"categoryId":' || ${json(sql`e.category_id`)}`,
      sql`',"category":' || ${json(sql`e.category`)}`,
      sql`',"imageUrl":' || ${json(sql`e.image_url`)}`,
      sql`',"organizerName":' || ${json(sql`coalesce(nullif(btrim(e.full_name, ${JS_WHITESPACE}::text), ''), ${eventMessages.defaultOrganizer}::text)`)}`,
      sql`',"attendeesCount":' || ${json(sql`c.attendees`)}`,
      sql`',"placesLeft":' || ${json(sql`case when e.max_attendees is null then null else greatest(0, e.max_attendees - c.attendees) end`)}`,
      sql`',"isRegistered":' || ${viewer ? sql`case when e.mine_user is null then 'false' else 'true' end` : sql`'false'`}`,
      sql`',"isOwn":' || ${viewer ? sql`case when e.organizer_id = ${sql.placeholder('viewer')}::text then 'true' else 'false' end` : sql`'false'`}`,
      sql`',"isPast":' || case when ${startedSqlOf('e')} then 'true' else 'false' end`,
      sql`',"maxGuestsPerRegistration":' || ${json(sql`e.max_guests_per_registration`)}`,
      sql`',"groupId":' || ${json(sql`e.group_id`)}`,
      sql`',"groupName":' || ${json(sql`e.group_name`)}`,
      sql`',"myGuests":' || ${viewer ? json(sql`coalesce(e.mine_guests, 0)`) : sql`'0'`}`,
      // The viewer's rank among those waiting (FIFO by created_at, then id), counted only when waiting.
      sql`',"waitlistPosition":' || ${
        viewer
          ? sql`case when e.waiting_id is null then 'null' else (select count(*) from event_waitlist ahead where ahead.event_id = e.id and ahead.status = 'waiting' and (ahead.created_at, ahead.id) <= (e.waiting_since, e.waiting_id))::text end`
          : sql`'null'`
      } || '}'`,
    ],
    sql` || `,
  );
}

/**
 * One page of events, as the JSON text of `eventsResponseSchema` that GET /api/events sends, in
 * ONE statement whatever the number of events: upcoming ones soonest first, past ones most recent
 * first, each with its attendees count, places left and the viewer's registration, guests and
 * place on the waiting list (primary-key probes for that one viewer). On PostgreSQL the statement
 * is prepared once per pooled connection (a name per shape: when, group filter, viewer or not).
 */
export async function listEventsJson(db: Db, viewerId: string | null, query: EventsQuery, now = new Date()) {
  const statement = eventsListStatement(query.when, query.groupId !== undefined, viewerId !== null);
  const clock = parisNow(now);
  const rows = await executePreparedText<{ item: string }>(db, statement, {
    date: clock.date,
    time: clock.time,
    viewer: viewerId,
    group: query.groupId,
    limit: query.limit + 1,
    offset: query.offset,
  });
  const items = rows.slice(0, query.limit).map((row) => row.item);
  const nextOffset = rows.length > query.limit ? query.offset + query.limit : null;
  return `{"events":[${items.join(',')}],"nextOffset":${nextOffset === null ? 'null' : nextOffset}}`;
}

/**
 * A member's page from the visitors' page (kept by the visitor cache: lib/visitor-cache.ts) and ONE
 * small statement for the member's own fields on its events: registered and guests, organizer,
 * place on the waiting list. Only the events where one of them differs from a visitor's are read
 * back (primary-key probes) and rewritten; the rest of the text is the visitors' as it is. The
 * fields' text is what `eventJsonSql` writes for a viewer (test/events.test.ts compares both paths
 * byte for byte). In a JSON text a `"` inside a string is always escaped, so the searched keys
 * cannot be found inside a title or a description.
 */
export async function withViewerFields(db: Db, visitorsPage: string, viewerId: string): Promise<string> {
  const ids = [...visitorsPage.matchAll(ITEM_ID)].map((match) => match[1] as string);
  if (ids.length === 0) return visitorsPage;
  const rows = await executePreparedText<{ id: string; fields: string; tail: string }>(db, viewerFieldsStatement, {
    viewer: viewerId,
    ids: ids.join(','),
  });
  if (rows.length === 0) return visitorsPage;
  const byId = new Map(rows.map((row) => [row.id, row]));
  let out = '';
  let from = 0;
  for (const match of visitorsPage.matchAll(ITEM_ID)) {
    const row = byId.get(match[1] as string);
    if (!row) continue;
    const start = match.index;
    const fieldsAt = visitorsPage.indexOf(VISITOR_FIELDS, start);
    const tailAt = visitorsPage.indexOf(VISITOR_TAIL, fieldsAt);
    if (fieldsAt < 0 || tailAt < 0) throw new Error(`the visitors' page has no viewer fields for event ${row.id}`);
    out += visitorsPage.slice(from, fieldsAt) + row.fields;
    out += visitorsPage.slice(fieldsAt + VISITOR_FIELDS.length, tailAt) + row.tail;
    from = tailAt + VISITOR_TAIL.length;
  }
  return out + visitorsPage.slice(from);
}

/** Where each item of the list's JSON starts, with its id (a uuid). */
const ITEM_ID = /\{"id":"([0-9a-f-]{36})"/g;
/** A visitor's `isRegistered`, `isOwn` (followed by `isPast`), then `myGuests`, `waitlistPosition` (the item's end). */
const VISITOR_FIELDS = ',"isRegistered":false,"isOwn":false,';
const VISITOR_TAIL = ',"myGuests":0,"waitlistPosition":null}';

/** The viewer's fields on the events of a page (`ids`: their ids, comma-separated), only where they are not a visitor's. */
const viewerFieldsStatement = prepareStatement(
  'events-list-viewer-fields-v1',
  sql`select e.id,
      ',"isRegistered":' || case when mine.user_id is null then 'false' else 'true' end
        || ',"isOwn":' || case when e.organizer_id = ${sql.placeholder('viewer')}::text then 'true' else 'false' end
        || ',' as fields,
      ',"myGuests":' || coalesce(mine.guests, 0)::text
        || ',"waitlistPosition":' || case when w.id is null then 'null' else (
          select count(*) from event_waitlist ahead
          where ahead.event_id = e.id and ahead.status = 'waiting' and (ahead.created_at, ahead.id) <= (w.created_at, w.id)
        )::text end
        || '}' as tail
    from events e
    left join event_registrations mine on mine.event_id = e.id and mine.user_id = ${sql.placeholder('viewer')}::text
    left join event_waitlist w on w.event_id = e.id and w.user_id = ${sql.placeholder('viewer')}::text and w.status = 'waiting'
    where e.id = any(string_to_array(${sql.placeholder('ids')}::text, ',')::uuid[])
      and (mine.user_id is not null or w.id is not null or e.organizer_id = ${sql.placeholder('viewer')}::text)`,
);

/** The event starts before now (Paris time, placeholders `date` and `time`), for table alias `alias`. */
const startedSqlOf = (alias: string) =>
  sql`(${sql.raw(alias)}.date < ${sql.placeholder('date')}::date or (${sql.raw(alias)}.date = ${sql.placeholder('date')}::date and ${sql.raw(alias)}.time < ${sql.placeholder('time')}::time))`;

/** The list's statement text for one shape, built once: upcoming or past, one group or all, a viewer or not. */
const eventsListStatements = new Map<string, PreparedText>();
function eventsListStatement(when: EventsQuery['when'], byGroup: boolean, viewer: boolean): PreparedText {
  const name = `events-list-${when}-${byGroup ? 'group' : 'all'}-${viewer ? 'viewer' : 'anonymous'}-v1`;
  const known = eventsListStatements.get(name);
  if (known) return known;
  const upcoming = when === 'upcoming';
  const order = upcoming ? sql`e.date, e.time, e.id` : sql`e.date desc, e.time desc, e.id desc`;
  const viewerId = sql`${sql.placeholder('viewer')}::text`;
  // The page first (index order, limit), then its 50 counts and JSON texts.
  const statement = prepareStatement(
    name,
    sql`select ${eventJsonSql(viewer)} as item
    from (
      select e.*, p.full_name, g.name as group_name${
        viewer
          ? sql`, mine.user_id as mine_user, mine.guests as mine_guests, w.id as waiting_id, w.created_at as waiting_since`
          : sql``
      }
      from events e
      left join profiles p on p.user_id = e.organizer_id
      left join groups g on g.id = e.group_id${
        viewer
          ? sql`
      left join event_registrations mine on mine.event_id = e.id and mine.user_id = ${viewerId}
      left join event_waitlist w on w.event_id = e.id and w.user_id = ${viewerId} and w.status = 'waiting'`
          : sql``
      }
      where ${upcoming ? sql`not ${startedSqlOf('e')}` : startedSqlOf('e')}${
        byGroup ? sql` and e.group_id = ${sql.placeholder('group')}::uuid` : sql``
      }
      order by ${order}
      limit ${sql.placeholder('limit')}::int offset ${sql.placeholder('offset')}::int
    ) e
    cross join lateral (
      select coalesce(sum(1 + er.guests), 0)::int as attendees from event_registrations er where er.event_id = e.id
    ) c
    order by ${order}`,
  );
  eventsListStatements.set(name, statement);
  return statement;
}

/** The same page as objects, for the server's own pages (group pages, mails). */
export async function listEvents(
  db: Db,
  viewerId: string | null,
  query: EventsQuery,
  now = new Date(),
): Promise<{ events: EventItem[]; nextOffset: number | null }> {
  return JSON.parse(await listEventsJson(db, viewerId, query, now));
}

/** One event as the list shows it, or 404. */
export async function getEvent(db: DbOrTx, viewerId: string | null, eventId: string, now = new Date()) {
  assertEventId(eventId);
  const [row] = await db
    .select(eventColumns(viewerId, parisNow(now)))
    .from(events)
    .leftJoin(profiles, eq(profiles.userId, events.organizerId))
    .leftJoin(groups, eq(groups.id, events.groupId))
    .where(eq(events.id, eventId));
  if (!row) throw new AppError('NOT_FOUND', eventMessages.notFound);
  return toEventItem(row as EventRow, viewerId);
}

/** The upcoming events of a group, soonest first (its public page): one query. */
export async function upcomingGroupEvents(db: Db, groupId: string, now = new Date(), limit = 10) {
  return (await listEvents(db, null, { when: 'upcoming', limit, offset: 0, groupId }, now)).events;
}

/** What the calendar export needs. */
export async function eventForCalendar(db: DbOrTx, eventId: string) {
  assertEventId(eventId);
  const [event] = await db
    .select({
      id: events.id,
      title: events.title,
      description: events.description,
      date: events.date,
      time: events.time,
      location: events.location,
      updatedAt: events.updatedAt,
    })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) throw new AppError('NOT_FOUND', eventMessages.notFound);
  return { ...event, time: event.time.slice(0, 5) };
}
