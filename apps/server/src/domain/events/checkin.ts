import {
  EVENT_CHECKIN_PATH,
  EVENT_CHECKIN_PURPOSE,
  type EventCheckinResponse,
  eventMessages,
  toIsoDateTime,
} from '@synergie/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { eventRegistrations, events } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { isAdmin } from '../roles';
import { parisNow } from './clock';
import { assertEventId } from './list';

/** The check-in on the event day: the organizer's QR code and the registrant's scan. */

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
