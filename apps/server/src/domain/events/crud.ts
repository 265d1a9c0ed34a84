import { type EventForm, type EventItem, eventMessages } from '@synergie/shared';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { eventCategories, eventRegistrations, events, eventWaitlist, groupMembers, user } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { eventCancelledMail, eventChangedMail } from '../../mail/event-mails';
import { enqueueMail } from '../../mail/outbox';
import { notificationTexts } from '../notification-texts';
import { notify } from '../notifications';
import { getEvent } from './list';
import { countRegistrations, lockEvent, serveWaitlist } from './registration';

/** Organizing an event: its organizer creates, edits and deletes it; registrants hear of a change. */

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

/** The registrants' addresses, for the mails about a change or a cancellation. */
async function registrantEmails(tx: DbOrTx, eventId: string): Promise<string[]> {
  const rows = await tx
    .select({ email: user.email })
    .from(eventRegistrations)
    .innerJoin(user, eq(user.id, eventRegistrations.userId))
    .where(eq(eventRegistrations.eventId, eventId));
  return rows.map((r) => r.email);
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
          ...notificationTexts.eventCancelledForWaiting(event.title),
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
