import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { eventRegistrations, events, user } from '../../db/schema';
import { eventReminderMail } from '../../mail/event-mails';
import { enqueueMail } from '../../mail/outbox';
import { parisNow } from './clock';

/** The events' scheduled job (docs/decisions/0007-scheduled-jobs.md). */

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
