import './zod-locale';
import { z } from 'zod';
import { isoDateTime } from './api-dates';
import { ATTENDANCE_STATUSES } from './meeting-constants';

/**
 * Attendance and the QR check-in (network-core §4, second half): the meeting's signed code the
 * secretary shows, the member's check-in, the secretary's list and the group's absence threshold.
 */

/** The longest substitute's name kept. */
export const SUBSTITUTE_NAME_MAX = 120;
/** The QR code's token is renewed this often on the secretary's screen (seconds). */
export const CHECKIN_CODE_REFRESH_SECONDS = 60;
/** A token lives this long at most (seconds), and never past the meeting's end. */
export const CHECKIN_TOKEN_TTL_SECONDS = 120;

export const attendanceMessages = {
  checkInTitle: 'Pointage',
  checkInIntro: 'Confirmez votre présence à la réunion de votre groupe.',
  checkedIn: 'Votre présence est enregistrée. Bonne réunion\u202f!',
  checkedInLate: 'Votre présence est enregistrée (en retard). Bonne réunion\u202f!',
  signInFirst: 'Connectez-vous pour pointer votre présence.',
  attendanceList: 'Liste de présence',
  noStatus: 'Non renseigné',
  substituteName: 'Nom du remplaçant',
  substituteRequired: 'Indiquez le nom de la personne qui a remplacé ce membre',
  save: 'Enregistrer',
  saved: 'Présence enregistrée',
  scanHint: 'Scannez ce code avec l’appareil photo de votre téléphone pour pointer votre présence.',
  codeClosed: 'Le QR code n’est pas disponible pour le moment.',
  absenceThreshold: 'Seuil d’alerte d’absences',
  scanIntro: 'Scannez le QR code affiché par le secrétaire de votre groupe pour pointer votre présence à la réunion.',
  scanRead: 'QR code lu, pointage en cours…',
} as const;

export const checkinCodeSchema = z.object({
  meetingId: z.string(),
  url: z.string(),
  /** The QR code of `url`, an SVG document. */
  svg: z.string(),
  expiresAt: isoDateTime(),
  refreshSeconds: z.number().int(),
});
export type CheckinCode = z.infer<typeof checkinCodeSchema>;

export const checkinBodySchema = z.object({
  token: z.string().trim().min(1).max(2000),
  /**
   * When the code was scanned, for a check-in kept offline and sent later (issue 28): the token and
   * the check-in window are judged at that time, if it is not in the future nor over 12 hours old.
   */
  scannedAt: isoDateTime().optional(),
});
export type CheckinBody = z.infer<typeof checkinBodySchema>;

export const checkinResultSchema = z.object({
  meetingId: z.string(),
  groupId: z.string(),
  groupName: z.string(),
  status: z.enum(['present', 'late']),
  checkedInAt: isoDateTime(),
});
export type CheckinResult = z.infer<typeof checkinResultSchema>;

export const attendanceStatusSchema = z.enum(ATTENDANCE_STATUSES);

export const meetingParamsSchema = z.object({
  groupId: z.string().trim().min(1).max(100),
  meetingId: z.string().trim().min(1).max(100),
});
export const attendanceMemberParamsSchema = meetingParamsSchema.extend({
  userId: z.string().trim().min(1).max(200),
});

export const attendanceEntrySchema = z.object({
  userId: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  trade: z.string().nullable(),
  status: attendanceStatusSchema.nullable(),
  substituteName: z.string().nullable(),
  source: z.enum(['qr', 'secretary', 'connected']).nullable(),
  checkedInAt: isoDateTime().nullable(),
});
export type AttendanceEntry = z.infer<typeof attendanceEntrySchema>;

export const meetingAttendanceSchema = z.object({
  meeting: z.object({
    id: z.string(),
    groupId: z.string(),
    startsAt: isoDateTime(),
    endsAt: isoDateTime(),
    place: z.string(),
    status: z.enum(['scheduled', 'cancelled']),
  }),
  /** More `Absent` than this over the rolling window alerts the leaders (the group's setting). */
  absenceThreshold: z.number().int(),
  /** The group's rule (issue 30): `À distance` counts as present (apps/server/src/domain/attended.ts). */
  remoteCountsAsPresent: z.boolean(),
  members: z.array(attendanceEntrySchema),
});
export type MeetingAttendance = z.infer<typeof meetingAttendanceSchema>;

/** The secretary's tick: `Remplacé` requires the substitute's name. */
export const attendanceFormSchema = z
  .object({
    status: attendanceStatusSchema,
    substituteName: z.string().trim().max(SUBSTITUTE_NAME_MAX).nullish(),
  })
  .superRefine((value, issue) => {
    if (value.status === 'substituted' && !value.substituteName) {
      issue.addIssue({
        code: 'custom',
        path: ['substituteName'],
        message: attendanceMessages.substituteRequired,
      });
    }
  });
export type AttendanceForm = z.infer<typeof attendanceFormSchema>;

export const absenceThresholdSchema = z.object({ threshold: z.coerce.number().int().min(1).max(26) });
export type AbsenceThresholdForm = z.infer<typeof absenceThresholdSchema>;

/** A meeting in the leaders' attendance list: the recent ones and those of the coming week. */
export const attendanceMeetingSchema = z.object({
  id: z.string(),
  startsAt: isoDateTime(),
  endsAt: isoDateTime(),
  status: z.enum(['scheduled', 'cancelled']),
  /** Members with a recorded status / members present, late or substituted. */
  recorded: z.number().int(),
  present: z.number().int(),
});
export const attendanceMeetingListSchema = z.object({
  /** The group's absence threshold (leaders change it). */
  absenceThreshold: z.number().int(),
  meetings: z.array(attendanceMeetingSchema),
});
export type AttendanceMeetingList = z.infer<typeof attendanceMeetingListSchema>;
