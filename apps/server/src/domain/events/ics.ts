import { TZDate } from '@date-fns/tz';
import { EVENT_DEFAULT_DURATION_MINUTES, EVENT_TIME_ZONE } from '@synergie/shared';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { escape as escapeIcsText, ICalCalendarMethod } from 'ical-generator';

/**
 * iCalendar files (RFC 5545) are written by ical-generator: it escapes text values (backslash,
 * semicolon, comma, line breaks as \n) and folds lines at 75 octets on UTF-8 character
 * boundaries. The Europe/Paris VTIMEZONE comes from @touch4it/ical-timezones (the tz database's
 * rules). Wall-clock times are given as TZDate (@date-fns/tz), so the result does not depend on
 * the server's own time zone.
 */
/**
 * Read once, when the module loads: a build that lost the library's zone files (it reads them
 * from its own folder) fails at start-up instead of sending calendars without their zone.
 */
const PARIS_VTIMEZONE = getVtimezoneComponent(EVENT_TIME_ZONE);
if (!PARIS_VTIMEZONE) throw new Error(`@touch4it/ical-timezones has no VTIMEZONE for ${EVENT_TIME_ZONE}`);
const vtimezone = (zone: string) => (zone === EVENT_TIME_ZONE ? PARIS_VTIMEZONE : getVtimezoneComponent(zone));

export interface CalendarEvent {
  id: string;
  title: string;
  description: string | null;
  date: string;
  time: string;
  location: string;
  updatedAt: Date;
}

/** The instant `date` (YYYY-MM-DD) at `time` (HH:MM) in Paris. */
function parisTime(date: string, time: string): TZDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, min] = time.split(':').map(Number) as [number, number];
  return new TZDate(y, m - 1, d, h, min, EVENT_TIME_ZONE);
}

/** One event as an iCalendar file, in Paris time, lasting 2 hours by default. */
export function eventToIcs(
  event: CalendarEvent,
  site: { siteName: string; siteUrl: string },
  now = new Date(),
): string {
  const start = parisTime(event.date, event.time);
  const end = new TZDate(start.getTime() + EVENT_DEFAULT_DURATION_MINUTES * 60_000, EVENT_TIME_ZONE);
  const calendar = ical({
    prodId: `//${escapeIcsText(site.siteName, false)}//Evenements//FR`,
    scale: 'gregorian',
    method: ICalCalendarMethod.PUBLISH,
    // No calendar-wide zone name: ical-generator would then write DTSTAMP and LAST-MODIFIED in
    // local time, where RFC 5545 wants UTC. The generator alone adds the event's VTIMEZONE.
    timezone: { name: null, generator: vtimezone },
  });
  calendar.createEvent({
    id: `${event.id}@${new URL(site.siteUrl).hostname}`,
    stamp: now,
    lastModified: event.updatedAt,
    start,
    end,
    timezone: EVENT_TIME_ZONE,
    summary: event.title,
    location: event.location,
    description: event.description,
    url: new URL('/events', site.siteUrl).toString(),
  });
  // Every content line ends with CRLF, the last one too (RFC 5545 section 3.1).
  return `${calendar.toString()}\r\n`;
}
