import './zod-locale';
import { z } from 'zod';
import { calendarDate, isoDateTime } from './api-dates';
import {
  EVENT_DESCRIPTION_MAX,
  EVENT_LOCATION_MAX,
  EVENT_MAX_ATTENDEES_LIMIT,
  EVENT_TITLE_MAX,
  EVENTS_PAGE_SIZE,
  EVENTS_PAGE_SIZE_MAX,
  eventMessages,
} from './event-messages';
import { boundedText, optionalText } from './fields';
import { formatNumber } from './format';
import { EVENT_MAX_GUESTS_LIMIT } from './meeting-constants';

export * from './event-messages';

const required = eventMessages.required;

/** A required one-line text; missing or blank: the spec's one message. */
const requiredText = (max: number, label: string) => boundedText(1, max, label, { required });

/** True when YYYY-MM-DD names a real day (no 2026-02-30). */
function isCalendarDate(value: string): boolean {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export const eventDateSchema = z
  .string({ error: required })
  .trim()
  .min(1, { error: required })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'La date est invalide' })
  .refine(isCalendarDate, { error: 'La date est invalide' })
  .refine((value) => value >= '2000-01-01' && value <= '2999-12-31', { error: 'La date est invalide' });

/** HH:MM; a browser set to a step in seconds sends HH:MM:SS, kept to the minute. */
export const eventTimeSchema = z
  .string({ error: required })
  .trim()
  .min(1, { error: required })
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, { error: "L'heure est invalide" })
  .transform((value) => value.slice(0, 5));

const maxAttendeesMessage = `Le nombre maximum de participants doit être un nombre entier entre 1 et ${formatNumber(EVENT_MAX_ATTENDEES_LIMIT)}`;

/**
 * Optional, parsed as an integer (spec section 5): the form sends the input's text, the API may
 * send a number; empty means no limit (null).
 */
export const maxAttendeesSchema = z
  .union([z.number(), z.string(), z.null()])
  // Optional before the transform: an API call may leave the field out.
  .optional()
  .transform((value, ctx) => {
    if (value === null || value === undefined) return null;
    const text = String(value).trim();
    if (text === '') return null;
    if (!/^\d+$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: maxAttendeesMessage });
      return z.NEVER;
    }
    return Number(text);
  })
  .pipe(
    z
      .number()
      .int({ error: maxAttendeesMessage })
      .min(1, { error: maxAttendeesMessage })
      .max(EVENT_MAX_ATTENDEES_LIMIT, { error: maxAttendeesMessage })
      .nullable(),
  );

const maxGuestsMessage = `Le nombre d'invités par inscription doit être un nombre entier entre 0 et ${EVENT_MAX_GUESTS_LIMIT}`;
const guestsMessage = `Le nombre d'invités doit être un nombre entier entre 0 et ${EVENT_MAX_GUESTS_LIMIT}`;

/** An integer 0..EVENT_MAX_GUESTS_LIMIT given as a number or the input's text; missing or empty: 0. */
const guestCount = (message: string) =>
  z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((value, ctx) => {
      if (value === null || value === undefined) return 0;
      const text = String(value).trim();
      if (text === '') return 0;
      if (!/^\d+$/.test(text)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return Number(text);
    })
    .pipe(
      z.number().int({ error: message }).min(0, { error: message }).max(EVENT_MAX_GUESTS_LIMIT, { error: message }),
    );

/** The organizer's `+1` limit (network-core §6): guests one registration may bring. */
export const maxGuestsPerRegistrationSchema = guestCount(maxGuestsMessage);

/** A uuid, or empty/null for none; anything else is refused with `message`. */
const optionalId = (message: string) =>
  z
    .union([z.uuid({ error: message }), z.literal(''), z.null()])
    .optional()
    .transform((value) => value || null);

/**
 * The create/edit dialog's resolver and the body of POST and PUT /api/events. Fields in the
 * dialog's order, so the first message reported is the one of the first field that fails.
 * The category is optional: the spec marks it required but never enforces it.
 */
export const eventFormSchema = z.object({
  title: requiredText(EVENT_TITLE_MAX, 'Le titre'),
  description: optionalText(EVENT_DESCRIPTION_MAX, 'La description', { multiline: true }),
  date: eventDateSchema,
  time: eventTimeSchema,
  location: requiredText(EVENT_LOCATION_MAX, 'Le lieu'),
  maxAttendees: maxAttendeesSchema,
  categoryId: optionalId(eventMessages.unknownCategory),
  maxGuestsPerRegistration: maxGuestsPerRegistrationSchema,
  /** The organizer's group (they must be a member of it), or national (null). */
  groupId: optionalId("Ce groupe n'existe pas."),
});
export type EventFormInput = z.input<typeof eventFormSchema>;
export type EventForm = z.output<typeof eventFormSchema>;

export const eventsQuerySchema = z.object({
  when: z.enum(['upcoming', 'past']).default('upcoming'),
  limit: z.coerce.number().int().min(1).max(EVENTS_PAGE_SIZE_MAX).default(EVENTS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** Only the events of this group. */
  groupId: z.uuid({ error: "Ce groupe n'existe pas." }).optional(),
});
export type EventsQuery = z.output<typeof eventsQuerySchema>;

export const eventSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  /** YYYY-MM-DD and HH:MM, Europe/Paris wall-clock time. */
  date: calendarDate(),
  time: z.string(),
  location: z.string(),
  maxAttendees: z.number().int().nullable(),
  categoryId: z.string().nullable(),
  /** The category's name and image, copied onto the event when it is saved. */
  category: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** The organizer's name, 'Organisateur' when they have none. */
  organizerName: z.string(),
  attendeesCount: z.number().int(),
  /** Null when the event has no limit. */
  placesLeft: z.number().int().nullable(),
  isRegistered: z.boolean(),
  /** The viewer organizes it: edit and delete. */
  isOwn: z.boolean(),
  isPast: z.boolean(),
  /** Guests (`+1`) one registration may bring; 0: none. */
  maxGuestsPerRegistration: z.number().int(),
  /** The group it belongs to, or null (national). */
  groupId: z.string().nullable(),
  groupName: z.string().nullable(),
  /** The viewer's guests when registered, else 0. */
  myGuests: z.number().int(),
  /** The viewer's place on the waiting list (1 = next), or null. */
  waitlistPosition: z.number().int().nullable(),
});
export type EventItem = z.infer<typeof eventSchema>;

/** GET /api/events: one page; `nextOffset` is null on the last one. */
export const eventsResponseSchema = z.object({
  events: z.array(eventSchema),
  nextOffset: z.number().int().nullable(),
});
export type EventsResponse = z.infer<typeof eventsResponseSchema>;

/** POST /api/events/:id/registration and /waitlist: how many guests come along (`+1`). */
export const eventRegistrationBodySchema = z
  .object({ guests: guestCount(guestsMessage) })
  .optional()
  .transform((body) => body ?? { guests: 0 });
export type EventRegistrationBody = z.output<typeof eventRegistrationBodySchema>;

/** POST /api/events/checkin: the token of the organizer's QR code. */
export const eventCheckinBodySchema = z.object({
  token: z
    .string({ error: 'Le code de pointage est manquant' })
    .trim()
    .min(1, { error: 'Le code de pointage est manquant' })
    .max(2000),
});

export const eventCheckinResponseSchema = z.object({
  eventId: z.string(),
  title: z.string(),
  checkedInAt: isoDateTime(),
});
export type EventCheckinResponse = z.infer<typeof eventCheckinResponseSchema>;
