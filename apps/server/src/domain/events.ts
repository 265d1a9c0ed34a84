import {
  EVENT_CHECKIN_PATH,
  EVENT_CHECKIN_PURPOSE,
  EVENT_TIME_ZONE,
  EVENTS_PAGE_SIZE,
  type EventCheckinResponse,
  type EventForm,
  type EventItem,
  type EventsQuery,
  eventMessages,
  toIsoDateTime,
} from '@synergie/shared';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Db, DbOrTx } from '../db/client';
import { executePreparedText, type PreparedText, prepareStatement } from '../db/prepared';
import {
  eventCategories,
  eventRegistrations,
  events,
  eventWaitlist,
  groupMembers,
  groups,
  profiles,
  user,
} from '../db/schema';
import { AppError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { enqueueMail } from '../mail/outbox';
import { eventCancelledMail, eventChangedMail, eventRegistrationMail, eventReminderMail } from '../mail/templates';
import { notify } from './notifications';
import { isAdmin } from './roles';

/** A malformed id names no event: 404 like an unknown one (PostgreSQL would refuse to compare it). */
function assertEventId(id: string) {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', eventMessages.notFound);
}

const parisClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: EVENT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * Now as a Paris wall clock ('2026-12-03', '18:30:00'): events store a date and a time in
 * Europe/Paris, so they are compared with Paris' clock, whatever the server's time zone.
 * Computed here rather than by the database: PGlite and PostgreSQL need no time zone data.
 */
export function parisNow(now = new Date()): { date: string; time: string } {
  // Second resolution: the last second's answer is reused (the Intl clock was 3 % of a list request).
  const second = Math.floor(now.getTime() / 1000);
  if (second === lastParisSecond && lastParisNow) return { ...lastParisNow };
  const parts = Object.fromEntries(parisClock.formatToParts(now).map((p) => [p.type, p.value]));
  lastParisSecond = second;
  lastParisNow = {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
  };
  return { ...lastParisNow };
}
let lastParisSecond = Number.NaN;
let lastParisNow: { date: string; time: string } | undefined;

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

/** The chosen category's name and image, copied onto the event; an unknown one is refused. */
async function categoryFields(db: DbOrTx, categoryId: string | null) {
  if (!categoryId) return { categoryId: null, category: null, imageUrl: null };
  const [category] = await db
    .select({ name: eventCategories.name, imageUrl: eventCategories.imageUrl })
    .from(eventCategories)
    .where(eq(eventCategories.id, categoryId))
    // Held until the event is written: a category deleted or renamed meanwhile waits for it.
    .for('share');
  if (!category) {
    throw new AppError('UNKNOWN_CATEGORY', eventMessages.unknownCategory, {
      categoryId: eventMessages.unknownCategory,
    });
  }
  return { categoryId, category: category.name, imageUrl: category.imageUrl };
}

/**
 * An event is a group's only if its organizer is an active member of that group (network-core
 * §6): else 403. The membership row is held (`for share`) until the event is written.
 */
async function assertGroupOfOrganizer(tx: DbOrTx, organizerId: string, groupId: string | null) {
  if (!groupId) return;
  const [membership] = await tx
    .select({ id: groupMembers.id })
    .from(groupMembers)
    .where(
      and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, organizerId), eq(groupMembers.status, 'active')),
    )
    .for('share');
  if (!membership) throw new AppError('EVENT_GROUP_FORBIDDEN', undefined, { groupId: eventMessages.groupForbidden });
}

export async function createEvent(ctx: AppContext, organizerId: string, input: EventForm): Promise<EventItem> {
  const id = await ctx.db.transaction(async (tx) => {
    await assertGroupOfOrganizer(tx, organizerId, input.groupId);
    const [row] = await tx
      .insert(events)
      .values({
        organizerId,
        title: input.title,
        description: input.description,
        date: input.date,
        time: input.time,
        location: input.location,
        maxAttendees: input.maxAttendees,
        maxGuestsPerRegistration: input.maxGuestsPerRegistration,
        groupId: input.groupId,
        ...(await categoryFields(tx, input.categoryId)),
      })
      .returning({ id: events.id });
    if (!row) throw new Error('event not stored');
    return row.id;
  });
  return getEvent(ctx.db, organizerId, id);
}

/**
 * The event, locked until the end of the transaction (`for update`): registrations, edits and
 * deletion of one event take turns, so a count read under the lock stays true until commit.
 */
async function lockEvent(tx: DbOrTx, eventId: string) {
  assertEventId(eventId);
  const [event] = await tx
    .select({
      id: events.id,
      organizerId: events.organizerId,
      title: events.title,
      date: events.date,
      time: events.time,
      location: events.location,
      maxAttendees: events.maxAttendees,
      maxGuestsPerRegistration: events.maxGuestsPerRegistration,
      groupId: events.groupId,
    })
    .from(events)
    .where(eq(events.id, eventId))
    .for('update');
  if (!event) throw new AppError('NOT_FOUND', eventMessages.notFound);
  return { ...event, time: event.time.slice(0, 5) };
}

/** Places taken: sum(1 + guests) of the registrations (read under the event's lock). */
async function countRegistrations(tx: DbOrTx, eventId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`coalesce(sum(1 + ${eventRegistrations.guests}), 0)::int` })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, eventId));
  return Number(row?.count ?? 0);
}

/** The registrants' addresses, for the mails about a change or a cancellation. */
async function registrantEmails(tx: DbOrTx, eventId: string): Promise<string[]> {
  const rows = await tx
    .select({ email: user.email })
    .from(eventRegistrations)
    .innerJoin(user, eq(user.id, eventRegistrations.userId))
    .where(eq(eventRegistrations.eventId, eventId));
  return rows.map((r) => r.email);
}

function isStarted(event: { date: string; time: string }, now = new Date()): boolean {
  const clock = parisNow(now);
  return event.date < clock.date || (event.date === clock.date && `${event.time}:00` < clock.time);
}

/**
 * Only the organizer edits. The limit cannot go below the people already registered, and
 * the registrants hear of a change of title, date, time or place (mails in the same transaction).
 */
export async function updateEvent(
  ctx: AppContext,
  memberId: string,
  eventId: string,
  input: EventForm,
): Promise<EventItem> {
  let mailed = false;
  await ctx.db.transaction(async (tx) => {
    const before = await lockEvent(tx, eventId);
    if (before.organizerId !== memberId) throw new AppError('FORBIDDEN', eventMessages.notOrganizer);
    if (input.groupId !== before.groupId) await assertGroupOfOrganizer(tx, memberId, input.groupId);
    if (input.maxAttendees !== null) {
      const count = await countRegistrations(tx, eventId);
      if (input.maxAttendees < count) {
        const message = eventMessages.capacityBelowRegistrants(count);
        throw new AppError('CAPACITY_BELOW_REGISTRANTS', message, { maxAttendees: message });
      }
    }
    await tx
      .update(events)
      .set({
        title: input.title,
        description: input.description,
        date: input.date,
        time: input.time,
        location: input.location,
        maxAttendees: input.maxAttendees,
        maxGuestsPerRegistration: input.maxGuestsPerRegistration,
        groupId: input.groupId,
        ...(await categoryFields(tx, input.categoryId)),
      })
      .where(eq(events.id, eventId));
    // A higher limit frees places: the waiting list is served at once.
    if (await serveWaitlist(ctx, tx, { ...before, maxAttendees: input.maxAttendees, title: input.title })) {
      mailed = true;
    }
    const changes = (['title', 'date', 'time', 'location'] as const).filter((key) => before[key] !== input[key]);
    if (changes.length === 0) return;
    const emails = await registrantEmails(tx, eventId);
    if (emails.length === 0) return;
    await enqueueMail(
      tx,
      emails.map((to) => ({
        ...eventChangedMail(ctx.mailContext, { to, before, after: input }),
        meta: { eventId, changes },
      })),
    );
    mailed = true;
  });
  if (mailed) ctx.mailer.wake();
  return getEvent(ctx.db, memberId, eventId);
}

/** Only the organizer deletes; every registrant is told the event is cancelled. */
export async function deleteEvent(ctx: AppContext, memberId: string, eventId: string): Promise<void> {
  let mailed = false;
  await ctx.db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    if (event.organizerId !== memberId) throw new AppError('FORBIDDEN', eventMessages.notOrganizer);
    const emails = await registrantEmails(tx, eventId);
    // Those still waiting hear of it too (their place in line goes with the event).
    const waiting = await tx
      .select({ userId: eventWaitlist.userId })
      .from(eventWaitlist)
      .where(and(eq(eventWaitlist.eventId, eventId), eq(eventWaitlist.status, 'waiting')));
    await tx.delete(events).where(eq(events.id, eventId));
    if (waiting.length > 0) {
      await notify(
        tx,
        ctx,
        waiting.map((w) => ({
          userId: w.userId,
          kind: 'event_waiting_list' as const,
          actorId: null,
          title: eventMessages.cancelledForWaiting(event.title),
          link: '/events',
        })),
      );
      mailed = true;
    }
    if (emails.length === 0) return;
    await enqueueMail(
      tx,
      emails.map((to) => ({ ...eventCancelledMail(ctx.mailContext, { to, event }), meta: { eventId } })),
    );
    mailed = true;
  });
  if (mailed) ctx.mailer.wake();
}

/**
 * Serves the waiting list of a locked event (network-core §6): the first in line whose party
 * (1 + guests) fits in the places left is registered, then the next, never beyond the capacity.
 * Called in the transaction that freed places (cancellation, fewer guests, a higher limit), after
 * `lockEvent`: the count read here stays true until commit. Each one registered is told through
 * notify() (kind 'event_waiting_list'). Returns whether mails were queued. Constant queries.
 */
async function serveWaitlist(
  ctx: AppContext,
  tx: DbOrTx,
  event: { id: string; title: string; date: string; time: string; maxAttendees: number | null },
  now = new Date(),
): Promise<boolean> {
  if (isStarted(event, now)) return false;
  const line = await tx
    .select({ id: eventWaitlist.id, userId: eventWaitlist.userId, guests: eventWaitlist.guests })
    .from(eventWaitlist)
    .where(and(eq(eventWaitlist.eventId, event.id), eq(eventWaitlist.status, 'waiting')))
    .orderBy(asc(eventWaitlist.createdAt), asc(eventWaitlist.id));
  if (line.length === 0) return false;
  let free =
    event.maxAttendees === null
      ? Number.POSITIVE_INFINITY
      : event.maxAttendees - (await countRegistrations(tx, event.id));
  const served: typeof line = [];
  for (const entry of line) {
    if (free <= 0) break;
    if (1 + entry.guests > free) continue;
    served.push(entry);
    free -= 1 + entry.guests;
  }
  if (served.length === 0) return false;
  await tx
    .insert(eventRegistrations)
    .values(served.map((e) => ({ eventId: event.id, userId: e.userId, guests: e.guests })))
    .onConflictDoNothing({ target: [eventRegistrations.eventId, eventRegistrations.userId] });
  await tx
    .update(eventWaitlist)
    .set({ status: 'registered', updatedAt: now })
    .where(
      inArray(
        eventWaitlist.id,
        served.map((e) => e.id),
      ),
    );
  await notify(
    tx,
    ctx,
    served.map((e) => ({
      userId: e.userId,
      kind: 'event_waiting_list' as const,
      actorId: null,
      // They now hold a place they may not expect: a mail whatever their setting (like a seat offer).
      service: true,
      title: eventMessages.promotedTitle(event.title),
      body: `Le ${eventWhenText(event)}. Vous pouvez annuler votre inscription sur la page des événements.`,
      link: '/events',
    })),
  );
  return true;
}

function eventWhenText(event: { date: string; time: string }): string {
  const [y, m, d] = event.date.split('-');
  return `${d}/${m}/${y} à ${event.time.slice(0, 5).replace(':', 'h')}`;
}

function assertGuests(event: { maxGuestsPerRegistration: number }, guests: number) {
  if (guests > event.maxGuestsPerRegistration) {
    const message =
      event.maxGuestsPerRegistration === 0
        ? "Cet événement n'accepte pas d'invités."
        : eventMessages.guestsHint(event.maxGuestsPerRegistration);
    throw new AppError('EVENT_TOO_MANY_GUESTS', message, { guests: message });
  }
}

/**
 * Registers the member with `guests` (`+1`). Capacity (sum of 1 + guests) is never exceeded,
 * even when many register at once: the event row is locked (`select ... for update`) before
 * counting, so concurrent registrations for one event count and insert one after the other.
 * Registering again with the same guests changes nothing; with other guests it changes them
 * (more: if they fit; fewer: the waiting list is served). The organizer is told by mail.
 */
export async function registerForEvent(
  ctx: AppContext,
  memberId: string,
  eventId: string,
  guests = 0,
): Promise<EventItem> {
  const mailed = await ctx.db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    if (isStarted(event)) throw new AppError('EVENT_PAST');
    assertGuests(event, guests);
    const [already] = await tx
      .select({ guests: eventRegistrations.guests })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, memberId)));
    const taken = await countRegistrations(tx, eventId);
    if (already) {
      if (already.guests === guests) return false;
      if (
        guests > already.guests &&
        event.maxAttendees !== null &&
        taken - already.guests + guests > event.maxAttendees
      ) {
        throw new AppError('EVENT_FULL');
      }
      await tx
        .update(eventRegistrations)
        .set({ guests })
        .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, memberId)));
      return guests < already.guests ? serveWaitlist(ctx, tx, event) : false;
    }
    if (event.maxAttendees !== null && taken + 1 + guests > event.maxAttendees) {
      throw new AppError('EVENT_FULL');
    }
    return insertRegistration(ctx, tx, event, memberId, guests);
  });
  if (mailed) ctx.mailer.wake();
  return getEvent(ctx.db, memberId, eventId);
}

/**
 * Writes a registration that fits (checked by the caller under the event's lock), closes the
 * member's place in line, and tells the organizer by mail. Returns whether a mail was queued.
 */
async function insertRegistration(
  ctx: AppContext,
  tx: DbOrTx,
  event: Awaited<ReturnType<typeof lockEvent>>,
  memberId: string,
  guests: number,
): Promise<boolean> {
  const eventId = event.id;
  const inserted = await tx
    .insert(eventRegistrations)
    .values({ eventId, userId: memberId, guests })
    .onConflictDoNothing({ target: [eventRegistrations.eventId, eventRegistrations.userId] })
    .returning({ userId: eventRegistrations.userId });
  // Registered: no longer waiting.
  await tx
    .update(eventWaitlist)
    .set({ status: 'registered', updatedAt: new Date() })
    .where(
      and(eq(eventWaitlist.eventId, eventId), eq(eventWaitlist.userId, memberId), eq(eventWaitlist.status, 'waiting')),
    );
  if (inserted.length === 0 || event.organizerId === memberId) return false;
  const [people] = await tx
    .select({ name: user.name, fullName: profiles.fullName })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, memberId));
  const [organizer] = await tx.select({ email: user.email }).from(user).where(eq(user.id, event.organizerId));
  if (!organizer) return false;
  await enqueueMail(tx, {
    ...eventRegistrationMail(ctx.mailContext, {
      to: organizer.email,
      event,
      registrantName: people?.fullName?.trim() || people?.name || 'Un membre',
    }),
    meta: { eventId, userId: memberId },
  });
  return true;
}

/**
 * Cancels the member's registration; cancelling when not registered changes nothing. The freed
 * places go to the waiting list in the same transaction, under the event's lock.
 */
export async function unregisterFromEvent(ctx: AppContext, memberId: string, eventId: string): Promise<EventItem> {
  const mailed = await ctx.db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    const deleted = await tx
      .delete(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, memberId)))
      .returning({ userId: eventRegistrations.userId });
    if (deleted.length === 0) return false;
    return serveWaitlist(ctx, tx, event);
  });
  if (mailed) ctx.mailer.wake();
  return getEvent(ctx.db, memberId, eventId);
}

/**
 * Joins the waiting list of a full event with `guests` (subscribers). When the party fits in
 * the places left (nobody waiting fits them), the member is registered at once instead. Joining
 * again updates the guests; one open place per member (partial unique index).
 */
export async function joinWaitlist(ctx: AppContext, memberId: string, eventId: string, guests = 0): Promise<EventItem> {
  const mailed = await ctx.db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    if (isStarted(event)) throw new AppError('EVENT_PAST');
    assertGuests(event, guests);
    const [already] = await tx
      .select({ guests: eventRegistrations.guests })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, memberId)));
    if (already) throw new AppError('EVENT_ALREADY_REGISTERED');
    if (event.maxAttendees === null || (await countRegistrations(tx, eventId)) + 1 + guests <= event.maxAttendees) {
      // Places are left (nobody waiting fits them): a plain registration.
      return insertRegistration(ctx, tx, event, memberId, guests);
    }
    const updated = await tx
      .update(eventWaitlist)
      .set({ guests, updatedAt: new Date() })
      .where(
        and(
          eq(eventWaitlist.eventId, eventId),
          eq(eventWaitlist.userId, memberId),
          eq(eventWaitlist.status, 'waiting'),
        ),
      )
      .returning({ id: eventWaitlist.id });
    if (updated.length === 0) {
      await tx.insert(eventWaitlist).values({ eventId, userId: memberId, guests }).onConflictDoNothing();
    }
    return false;
  });
  if (mailed) ctx.mailer.wake();
  return getEvent(ctx.db, memberId, eventId);
}

/** Leaves the waiting list; leaving when not on it changes nothing. */
export async function leaveWaitlist(ctx: AppContext, memberId: string, eventId: string): Promise<EventItem> {
  assertEventId(eventId);
  await ctx.db
    .update(eventWaitlist)
    .set({ status: 'left', updatedAt: new Date() })
    .where(
      and(eq(eventWaitlist.eventId, eventId), eq(eventWaitlist.userId, memberId), eq(eventWaitlist.status, 'waiting')),
    );
  return getEvent(ctx.db, memberId, eventId);
}

/** The upcoming events of a group, soonest first (its public page): one query. */
export async function upcomingGroupEvents(db: Db, groupId: string, now = new Date(), limit = 10) {
  return (await listEvents(db, null, { when: 'upcoming', limit, offset: 0, groupId }, now)).events;
}

/** The Paris day after `date` (YYYY-MM-DD). */
function nextDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/**
 * Job `remind-events`: the day before an event (Paris), each registered member gets one
 * reminder mail (a service mail: they asked to come). The events are claimed with
 * `FOR UPDATE SKIP LOCKED` and marked `reminded_at` in the same transaction: any number of
 * instances may run it at once, each event is reminded once. Returns the events handled.
 */
export async function remindEvents(ctx: AppContext, now = new Date(), batch = 50): Promise<number> {
  const tomorrow = nextDay(parisNow(now).date);
  let handled = 0;
  for (;;) {
    const done = await ctx.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: events.id, title: events.title, date: events.date, time: events.time, location: events.location })
        .from(events)
        .where(and(eq(events.date, tomorrow), isNull(events.remindedAt)))
        .orderBy(asc(events.id))
        .limit(batch)
        .for('update', { skipLocked: true });
      if (due.length === 0) return 0;
      const ids = due.map((e) => e.id);
      const people = await tx
        .select({ eventId: eventRegistrations.eventId, email: user.email, guests: eventRegistrations.guests })
        .from(eventRegistrations)
        .innerJoin(user, eq(user.id, eventRegistrations.userId))
        .where(inArray(eventRegistrations.eventId, ids));
      const byId = new Map(due.map((e) => [e.id, { ...e, time: e.time.slice(0, 5) }]));
      if (people.length > 0) {
        await enqueueMail(
          tx,
          people.map((p) => ({
            ...eventReminderMail(ctx.mailContext, {
              to: p.email,
              event: byId.get(p.eventId) as MailEventRow,
              guests: p.guests,
            }),
            meta: { eventId: p.eventId },
          })),
        );
      }
      await tx.update(events).set({ remindedAt: now }).where(inArray(events.id, ids));
      return due.length;
    });
    handled += done;
    if (done < batch) break;
  }
  if (handled > 0) ctx.mailer.wake();
  return handled;
}

type MailEventRow = { title: string; date: string; time: string; location: string };

/**
 * An expiry for a token of a Paris day, in seconds since the epoch: the next day's midnight UTC
 * (1 or 2 am in Paris). The check-in also compares the day itself with Paris' date.
 */
function endOfParisDay(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Math.floor(Date.UTC(y, m - 1, d + 1) / 1000);
}

/**
 * The organizer's (or an admin's) check-in QR code, an SVG encoding
 * `${SITE_URL}/events/pointage?jeton=…`: a signed token for this event, valid the event day.
 */
export async function eventCheckinCode(ctx: AppContext, memberId: string, eventId: string): Promise<string> {
  assertEventId(eventId);
  const [event] = await ctx.db
    .select({ id: events.id, organizerId: events.organizerId, date: events.date })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) throw new AppError('NOT_FOUND', eventMessages.notFound);
  if (event.organizerId !== memberId && !(await isAdmin(ctx.db, memberId))) {
    throw new AppError('FORBIDDEN', eventMessages.notOrganizer);
  }
  const token = ctx.links.sign(EVENT_CHECKIN_PURPOSE, { e: event.id, d: event.date, exp: endOfParisDay(event.date) });
  const url = new URL(`${EVENT_CHECKIN_PATH}?jeton=${encodeURIComponent(token)}`, ctx.mailContext.siteUrl).toString();
  const { default: QRCode } = await import('qrcode');
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/**
 * Checks the member in with the QR code's token: only on the event day (Paris), only a
 * registered member (403), once (409). A forged, altered or expired token: 400.
 */
export async function checkInToEvent(
  ctx: AppContext,
  memberId: string,
  token: string,
  now = new Date(),
): Promise<EventCheckinResponse> {
  const data = ctx.links.verify<{ e?: unknown; d?: unknown }>(EVENT_CHECKIN_PURPOSE, token, now.getTime());
  if (!data || typeof data.e !== 'string' || typeof data.d !== 'string' || !isUuid(data.e)) {
    throw new AppError('EVENT_CHECKIN_INVALID');
  }
  const eventId = data.e;
  const [event] = await ctx.db
    .select({ id: events.id, title: events.title, date: events.date })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event || event.date !== data.d || parisNow(now).date !== event.date) throw new AppError('EVENT_CHECKIN_INVALID');
  const [checked] = await ctx.db
    .update(eventRegistrations)
    .set({ checkedInAt: now })
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        eq(eventRegistrations.userId, memberId),
        isNull(eventRegistrations.checkedInAt),
      ),
    )
    .returning({ checkedInAt: eventRegistrations.checkedInAt });
  if (!checked?.checkedInAt) {
    const [registration] = await ctx.db
      .select({ userId: eventRegistrations.userId })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, memberId)));
    throw new AppError(registration ? 'EVENT_ALREADY_CHECKED_IN' : 'EVENT_NOT_REGISTERED');
  }
  return { eventId, title: event.title, checkedInAt: toIsoDateTime(checked.checkedInAt) };
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
