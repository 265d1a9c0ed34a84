import { z } from 'zod';
import { calendarDate, isoDateTime } from './api-dates';
import { nullableHttpUrl } from './fields';
import { ATTENDANCE_STATUSES, MEETING_STATUSES } from './meeting-constants';

// Meetings (docs/product/network-core.md §4): what the API answers and the leaders' forms.

export const meetingMessageMax = 1000;

export const meetingSummarySchema = z.object({
  id: z.uuid(),
  groupId: z.uuid(),
  groupName: z.string(),
  groupSlug: z.string(),
  scheduledOn: calendarDate(),
  startsAt: isoDateTime(),
  endsAt: isoDateTime(),
  place: z.string(),
  status: z.enum(MEETING_STATUSES),
  /** Moved by the leaders: the times or the place differ from the rhythm's. */
  moved: z.boolean(),
  changeMessage: z.string().nullable(),
  presenter: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type MeetingSummary = z.infer<typeof meetingSummarySchema>;

export const meetingListSchema = z.object({ meetings: z.array(meetingSummarySchema) });
export type MeetingList = z.infer<typeof meetingListSchema>;

export const meetingAgendaMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  trade: z.string().nullable(),
});

export const meetingRecommendationSchema = z.object({
  id: z.uuid(),
  giverName: z.string().nullable(),
  receiverName: z.string().nullable(),
  status: z.string(),
  createdAt: isoDateTime(),
});

export const meetingDetailSchema = meetingSummarySchema.extend({
  /** The viewer leads the group (or is an admin): the move, cancel and rota controls. */
  canManage: z.boolean(),
  /** The visio link (issue 30): the meeting's own, else the group's rhythm's; null for none. */
  visioUrl: z.string().nullable(),
  /** The meeting's own link, for the leaders' form (null: the group's applies). */
  ownVisioUrl: z.string().nullable(),
  agenda: z.object({
    /** `Le tour de table de 60 secondes`: the group's active members and their trade. */
    round: z.array(meetingAgendaMemberSchema),
    /** Recommendations passed by the group's members since the previous meeting. */
    recommendations: z.object({ count: z.number().int(), items: z.array(meetingRecommendationSchema) }),
    /** Guests invited or registered for this meeting. */
    guestsExpected: z.number().int(),
  }),
});
export type MeetingDetail = z.infer<typeof meetingDetailSchema>;

const changeMessage = z
  .string()
  .trim()
  .min(1, 'Écrivez un message aux membres.')
  .max(meetingMessageMax, `Le message ne peut pas dépasser ${meetingMessageMax} caractères.`);

/** Leaders move a meeting (new times, place) or cancel it, with a message to the members. */
export const changeMeetingSchema = z.discriminatedUnion(
  'action',
  [
    z
      .object({
        action: z.literal('move'),
        startsAt: z.iso.datetime({ offset: true, error: 'Indiquez une date et une heure de début valides.' }),
        endsAt: z.iso.datetime({ offset: true, error: 'Indiquez une date et une heure de fin valides.' }),
        place: z.string().trim().min(1, 'Indiquez le lieu de la réunion.').max(300, 'Le lieu est trop long.'),
        message: changeMessage,
      })
      .refine((v) => Date.parse(v.endsAt) > Date.parse(v.startsAt), {
        path: ['endsAt'],
        message: 'La fin doit être après le début.',
      }),
    z.object({ action: z.literal('cancel'), message: changeMessage }),
  ],
  { error: 'Choisissez de déplacer ou d’annuler la réunion.' },
);
export type ChangeMeetingInput = z.infer<typeof changeMeetingSchema>;

export const meetingPresenterSchema = z.object({
  presenterId: z.string().trim().min(1).max(100).nullable(),
});
export type MeetingPresenterInput = z.infer<typeof meetingPresenterSchema>;

/** The personal feed's address and when the member last renewed it (null: never). */
export const calendarUrlSchema = z.object({ url: z.string(), renewedAt: isoDateTime().nullable() });
export type CalendarUrl = z.infer<typeof calendarUrlSchema>;
/** GET /api/calendar/:token.ics: the signed token of the personal feed's address. */
export const calendarTokenParamsSchema = z.object({ token: z.string().min(1).max(500) });

// ---------------------------------------------------------------------------
// Hybrid meetings (issue 30)
// ---------------------------------------------------------------------------

// The words live with the constants (no zod): the pages without a form read them there.
export { hybridMessages } from './meeting-constants';

const visioUrl = nullableHttpUrl({
  invalid: 'Indiquez une adresse web valide (https://…).',
  tooLong: 'L’adresse est trop longue (500 caractères au plus).',
});

/** PUT …/meetings/:meetingId/visio: this meeting's link (empty: the group's applies). */
export const meetingVisioSchema = z.object({ visioUrl });
export type MeetingVisioInput = z.infer<typeof meetingVisioSchema>;

/** PUT /groups/:groupId/hybrid: the rhythm's visio link and the group's rule for `À distance`. */
export const groupHybridSchema = z.object({ visioUrl, remoteCountsAsPresent: z.boolean() });
export type GroupHybridInput = z.infer<typeof groupHybridSchema>;
export const groupHybridResultSchema = z.object({
  visioUrl: z.string().nullable(),
  remoteCountsAsPresent: z.boolean(),
});
export type GroupHybrid = z.infer<typeof groupHybridResultSchema>;

/** POST /meetings/:meetingId/connected: the member's attendance after it (kept when already there). */
export const connectedResultSchema = z.object({
  meetingId: z.uuid(),
  status: z.enum(ATTENDANCE_STATUSES),
  /** False when an attendance was already recorded (a second press, or a QR check-in). */
  recorded: z.boolean(),
});
export type ConnectedResult = z.infer<typeof connectedResultSchema>;
