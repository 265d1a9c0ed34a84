import { EVENT_DEFAULT_DURATION_MINUTES, EVENT_TIME_ZONE } from '@synergie/shared';

/** RFC 5545 3.3.11: backslash, semicolon and comma escaped, newlines as \n. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * RFC 5545 3.1: lines of at most 75 octets, continued on the next line after CRLF and a space.
 * Cut on UTF-8 character boundaries, never inside an accented letter.
 */
export function foldIcsLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // The first line holds 75 octets, each continuation 74 after its leading space.
    const limit = out.length === 0 ? 75 : 74;
    if (bytes + size > limit) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += char;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A wall-clock date and time as iCalendar's local form (20261203T183000), `plusMinutes` later. */
function localStamp(date: string, time: string, plusMinutes = 0): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, min] = time.split(':').map(Number) as [number, number];
  const t = new Date(Date.UTC(y, m - 1, d, h, min + plusMinutes));
  return `${t.getUTCFullYear()}${pad(t.getUTCMonth() + 1)}${pad(t.getUTCDate())}T${pad(t.getUTCHours())}${pad(t.getUTCMinutes())}00`;
}

function utcStamp(t: Date): string {
  return `${t.getUTCFullYear()}${pad(t.getUTCMonth() + 1)}${pad(t.getUTCDate())}T${pad(t.getUTCHours())}${pad(t.getUTCMinutes())}${pad(t.getUTCSeconds())}Z`;
}

// Europe/Paris since 1996: CET, with summer time from the last Sunday of March to the last of October.
const PARIS_TIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${EVENT_TIME_ZONE}`,
  `X-LIC-LOCATION:${EVENT_TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

export interface CalendarEvent {
  id: string;
  title: string;
  description: string | null;
  date: string;
  time: string;
  location: string;
  updatedAt: Date;
}

/** One event as an iCalendar file (RFC 5545), in Paris time, lasting 2 hours by default. */
export function eventToIcs(
  event: CalendarEvent,
  site: { siteName: string; siteUrl: string },
  now = new Date(),
): string {
  const url = new URL('/events', site.siteUrl).toString();
  const host = new URL(site.siteUrl).hostname;
  const lines = [
    'BEGIN:VCALENDAR',
    `PRODID:-//${escapeIcsText(site.siteName)}//Evenements//FR`,
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...PARIS_TIMEZONE,
    'BEGIN:VEVENT',
    `UID:${event.id}@${host}`,
    `DTSTAMP:${utcStamp(now)}`,
    `LAST-MODIFIED:${utcStamp(event.updatedAt)}`,
    `DTSTART;TZID=${EVENT_TIME_ZONE}:${localStamp(event.date, event.time)}`,
    `DTEND;TZID=${EVENT_TIME_ZONE}:${localStamp(event.date, event.time, EVENT_DEFAULT_DURATION_MINUTES)}`,
    `SUMMARY:${escapeIcsText(event.title)}`,
    `LOCATION:${escapeIcsText(event.location)}`,
    `DESCRIPTION:${escapeIcsText(event.description ?? '')}`,
    `URL:${url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}
