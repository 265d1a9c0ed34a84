import { z } from 'zod';
import { isoDateTime } from './api-dates';
import { MINUTES_NOTES_MAX, minutesMessages } from './minutes-constants';

export { MINUTES_CORRECTION_HOURS, MINUTES_NOTES_MAX, minutesLabels, minutesMessages } from './minutes-constants';

/**
 * The minutes of a meeting (`Compte rendu`, issue 30; docs/product/live-meeting.md "Compte rendu"): a
 * snapshot generated once after the meeting's end, sent to the group's members (the page and its PDF),
 * corrected by the leaders for 48 hours (each correction names the version it read), then locked.
 */

const person = z.object({ id: z.string().nullable(), name: z.string() });

export const minutesContentSchema = z.object({
  meeting: z.object({
    id: z.uuid(),
    groupId: z.uuid(),
    groupName: z.string(),
    startsAt: isoDateTime(),
    endsAt: isoDateTime(),
    place: z.string(),
    /** 'mardi 1er décembre 2026' (formatDateInWords). */
    dateInWords: z.string(),
  }),
  attendance: z.object({
    remoteCountsAsPresent: z.boolean(),
    present: z.array(person),
    remote: z.array(person),
    late: z.array(person),
    absent: z.array(person),
    excused: z.array(person),
    substituted: z.array(person.extend({ substituteName: z.string().nullable() })),
  }),
  recommendations: z.array(
    z.object({ id: z.uuid(), giverName: z.string().nullable(), receiverName: z.string().nullable() }),
  ),
  /** The meeting's guests: their name and company only (the minutes go to every member). */
  visitors: z.array(z.object({ name: z.string().nullable(), company: z.string().nullable() })),
  /** Recommendations closed `won` since the previous meeting; the amount once confirmed by both. */
  businessThanked: z.array(
    z.object({
      id: z.uuid(),
      giverName: z.string().nullable(),
      receiverName: z.string().nullable(),
      amountCents: z.number().int().nullable(),
    }),
  ),
  nextPresenter: z.object({ name: z.string(), meetingStartsAt: isoDateTime().nullable() }).nullable(),
  /** The leaders' corrections: `Points à retenir`. */
  notes: z.string().nullable(),
});
export type MinutesContent = z.infer<typeof minutesContentSchema>;

export const meetingMinutesSchema = z.object({
  meetingId: z.uuid(),
  content: minutesContentSchema,
  version: z.number().int(),
  generatedAt: isoDateTime(),
  lockedAt: isoDateTime(),
  correctedAt: isoDateTime().nullable(),
  correctedBy: z.string().nullable(),
  /** The viewer leads the group and the 48 hours are not over. */
  canCorrect: z.boolean(),
  pdfUrl: z.string(),
});
export type MeetingMinutes = z.infer<typeof meetingMinutesSchema>;

/** PUT /groups/:groupId/meetings/:meetingId/minutes: the leaders' corrections, with the version they read. */
export const minutesCorrectionSchema = z.object({
  version: z.coerce.number().int().min(1),
  notes: z
    .string()
    .trim()
    .max(MINUTES_NOTES_MAX, minutesMessages.notesTooLong)
    .transform((v) => (v === '' ? null : v))
    .nullable(),
  nextPresenterName: z
    .string()
    .trim()
    .max(200, minutesMessages.presenterTooLong)
    .transform((v) => (v === '' ? null : v))
    .nullable(),
});
export type MinutesCorrectionInput = z.input<typeof minutesCorrectionSchema>;
export type MinutesCorrection = z.output<typeof minutesCorrectionSchema>;
