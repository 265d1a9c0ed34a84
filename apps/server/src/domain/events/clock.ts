import { EVENT_TIME_ZONE } from '@synergie/shared';

/** Events store a date and a time in Europe/Paris: the clock they are compared with. */

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

export function isStarted(event: { date: string; time: string }, now = new Date()): boolean {
  const clock = parisNow(now);
  return event.date < clock.date || (event.date === clock.date && `${event.time}:00` < clock.time);
}
