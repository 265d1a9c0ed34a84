import { type EventItem, eventMessages } from '@synergie/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { eventRegistrations, events, eventWaitlist, profiles, user } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { eventRegistrationMail } from '../../mail/event-mails';
import { enqueueMail } from '../../mail/outbox';
import { notificationTexts } from '../notification-texts';
import { notify } from '../notifications';
import { isStarted } from './clock';
import { assertEventId, getEvent } from './list';

/**
 * Registration and the waiting list: capacity (sum of 1 + guests) holds under concurrency because
 * every change locks the event's row first; freed places go to the waiting list in the same
 * transaction (network-core §6).
 */

/**
 * The event, locked until the end of the transaction (`for update`): registrations, edits and
 * deletion of one event take turns, so a count read under the lock stays true until commit.
 */
export async function lockEvent(tx: DbOrTx, eventId: string) {
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
export async function countRegistrations(tx: DbOrTx, eventId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`coalesce(sum(1 + ${eventRegistrations.guests}), 0)::int` })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, eventId));
  return Number(row?.count ?? 0);
}

/**
 * Serves the waiting list of a locked event (network-core §6): the first in line whose party
 * (1 + guests) fits in the places left is registered, then the next, never beyond the capacity.
 * Called in the transaction that freed places (cancellation, fewer guests, a higher limit), after
 * `lockEvent`: the count read here stays true until commit. Each one registered is told through
 * notify() (kind 'event_waiting_list'). Returns whether mails were queued. Constant queries.
 */
export async function serveWaitlist(
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
      ...notificationTexts.eventPromoted(event.title, event.date, event.time),
      link: '/events',
    })),
  );
  return true;
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
