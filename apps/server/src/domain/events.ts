import { EVENT_TIME_ZONE, type EventForm, type EventItem, type EventsQuery, eventMessages } from '@synergie/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { eventCategories, eventRegistrations, events, profiles, user } from '../db/schema';
import { AppError } from '../lib/errors';
import { enqueueMail } from '../mail/outbox';
import { eventCancelledMail, eventChangedMail, eventRegistrationMail } from '../mail/templates';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id names no event: 404 like an unknown one (PostgreSQL would refuse to compare it). */
function assertEventId(id: string) {
  if (!UUID.test(id)) throw new AppError('NOT_FOUND', eventMessages.notFound);
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
  const parts = Object.fromEntries(parisClock.formatToParts(now).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}:${parts.second}` };
}

/** The event starts before now (Paris time): it is shown apart and takes no registration. */
function startedSql(now: { date: string; time: string }) {
  return sql<boolean>`(${events.date} < ${now.date}::date or (${events.date} = ${now.date}::date and ${events.time} < ${now.time}::time))`;
}

const attendeesSql = sql<number>`(select count(*)::int from ${eventRegistrations} where ${eventRegistrations.eventId} = ${events.id})`;

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
    organizerName: organizerName?.trim() || eventMessages.defaultOrganizer,
    isOwn: viewerId !== null && organizerId === viewerId,
  };
}

/**
 * One page of events in ONE query: upcoming ones soonest first, past ones most recent first,
 * each with its attendees count, places left and whether the viewer registered.
 */
export async function listEvents(
  db: DbOrTx,
  viewerId: string | null,
  query: EventsQuery,
  now = new Date(),
): Promise<{ events: EventItem[]; nextOffset: number | null }> {
  const clock = parisNow(now);
  const started = startedSql(clock);
  const upcoming = query.when === 'upcoming';
  const rows = await db
    .select(eventColumns(viewerId, clock))
    .from(events)
    .leftJoin(profiles, eq(profiles.userId, events.organizerId))
    .where(upcoming ? sql`not ${started}` : started)
    .orderBy(
      ...(upcoming
        ? [asc(events.date), asc(events.time), asc(events.id)]
        : [desc(events.date), desc(events.time), desc(events.id)]),
    )
    .limit(query.limit + 1)
    .offset(query.offset);
  const page = rows.slice(0, query.limit) as EventRow[];
  return {
    events: page.map((row) => toEventItem(row, viewerId)),
    nextOffset: rows.length > query.limit ? query.offset + query.limit : null,
  };
}

/** One event as the list shows it, or 404. */
export async function getEvent(db: DbOrTx, viewerId: string | null, eventId: string, now = new Date()) {
  assertEventId(eventId);
  const [row] = await db
    .select(eventColumns(viewerId, parisNow(now)))
    .from(events)
    .leftJoin(profiles, eq(profiles.userId, events.organizerId))
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

export async function createEvent(ctx: AppContext, organizerId: string, input: EventForm): Promise<EventItem> {
  const id = await ctx.db.transaction(async (tx) => {
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
    })
    .from(events)
    .where(eq(events.id, eventId))
    .for('update');
  if (!event) throw new AppError('NOT_FOUND', eventMessages.notFound);
  return { ...event, time: event.time.slice(0, 5) };
}

async function countRegistrations(tx: DbOrTx, eventId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
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
        ...(await categoryFields(tx, input.categoryId)),
      })
      .where(eq(events.id, eventId));
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
    await tx.delete(events).where(eq(events.id, eventId));
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
 * Registers the member. Capacity is never exceeded, even when many register at once: the
 * event row is locked (`select ... for update`) before counting, so concurrent registrations
 * for one event count and insert one after the other. Registering twice changes nothing (the
 * (event, user) primary key, ON CONFLICT DO NOTHING). The organizer is told by mail.
 */
export async function registerForEvent(ctx: AppContext, memberId: string, eventId: string): Promise<EventItem> {
  const mailed = await ctx.db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    if (isStarted(event)) throw new AppError('EVENT_PAST');
    const [already] = await tx
      .select({ userId: eventRegistrations.userId })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, memberId)));
    if (already) return false;
    if (event.maxAttendees !== null && (await countRegistrations(tx, eventId)) >= event.maxAttendees) {
      throw new AppError('EVENT_FULL');
    }
    const inserted = await tx
      .insert(eventRegistrations)
      .values({ eventId, userId: memberId })
      .onConflictDoNothing({ target: [eventRegistrations.eventId, eventRegistrations.userId] })
      .returning({ userId: eventRegistrations.userId });
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
  });
  if (mailed) ctx.mailer.wake();
  return getEvent(ctx.db, memberId, eventId);
}

/** Cancels the member's registration; cancelling when not registered changes nothing. */
export async function unregisterFromEvent(ctx: AppContext, memberId: string, eventId: string): Promise<EventItem> {
  assertEventId(eventId);
  await ctx.db
    .delete(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, memberId)));
  return getEvent(ctx.db, memberId, eventId);
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
