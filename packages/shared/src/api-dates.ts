import './zod-locale';
import { z } from 'zod';

/**
 * Dates in the API: every timestamp a JSON response carries is an ISO 8601 string with its
 * offset ('2026-11-25T08:00:00.000Z'), every calendar date is 'YYYY-MM-DD'. Response schemas
 * declare them with these two builders, so the OpenAPI document says `format: date-time` or
 * `format: date`, the server's serializer refuses anything else (a Date object included), and the
 * web gets strings typed as such from `z.infer`. The server turns its Date values into strings in
 * each domain's mapper (`toIsoDateTime`); the web parses them in one place (app/lib/api-dates.ts).
 */
export const isoDateTime = (params: { error?: string } = {}) => z.iso.datetime({ offset: true, ...params });

/** A day without a time or a time zone ('2026-11-25'): an event's date, for instance. */
export const calendarDate = () => z.iso.date();

/**
 * The one way the server writes a timestamp into a response: a Date, or the text a raw SQL
 * query returned for a timestamptz, becomes '2026-11-25T08:00:00.000Z'.
 */
export function toIsoDateTime(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** As `toIsoDateTime`, keeping null for a timestamp not set. */
export function toIsoDateTimeOrNull(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : toIsoDateTime(value);
}
