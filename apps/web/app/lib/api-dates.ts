/**
 * The one place the web reads the API's dates (docs/architecture.md "Dates in the API"): the
 * server sends every timestamp as an ISO 8601 string with offset and every calendar date as
 * 'YYYY-MM-DD' (the response types from @synergie/shared say `string`). Pages turn them into
 * Date values here, never with a bare `new Date(text)` that would read a malformed or offset-less
 * string in the browser's own time zone without a word. No zod here: small pages import this.
 */

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A timestamp of the API ('2026-11-25T08:00:00.000Z') as a Date; throws on anything else. */
export function parseApiDateTime(value: string): Date {
  const date = new Date(value);
  if (!ISO_DATE_TIME.test(value) || Number.isNaN(date.getTime())) {
    throw new TypeError(`Not an API timestamp: ${JSON.stringify(value)}`);
  }
  return date;
}

/** As `parseApiDateTime`, keeping null for a timestamp not set. */
export function parseApiDateTimeOrNull(value: string | null | undefined): Date | null {
  return value === null || value === undefined ? null : parseApiDateTime(value);
}

/**
 * A calendar date of the API ('2026-11-25') as the Date of midnight UTC that day: format it with
 * `timeZone: 'UTC'` to show the same day everywhere. Throws on anything else (2026-02-30 included).
 */
export function parseApiCalendarDate(value: string): Date {
  const match = CALENDAR_DATE.exec(value);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!match || !date || date.toISOString().slice(0, 10) !== value) {
    throw new TypeError(`Not an API calendar date: ${JSON.stringify(value)}`);
  }
  return date;
}
