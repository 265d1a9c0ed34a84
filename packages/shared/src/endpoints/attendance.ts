import {
  absenceThresholdSchema,
  attendanceEntrySchema,
  attendanceFormSchema,
  attendanceMeetingListSchema,
  checkinBodySchema,
  checkinCodeSchema,
  checkinResultSchema,
  meetingAttendanceSchema,
} from '../attendance';
import { endpoint } from '../endpoint';
import { idParams } from '../ids';

const tags = ['Présence'];

const leaders = { groupRole: 'leader', groupParam: 'groupId' } as const;

/** Attendance and the QR check-in (network-core §4). */
export const attendanceEndpoints = {
  checkinCode: endpoint({
    method: 'GET',
    path: '/groups/:groupId/meetings/:meetingId/checkin-code',
    operationId: 'getMeetingCheckinCode',
    tags,
    summary:
      'Le QR code de pointage d’une réunion (responsables du groupe)\u00a0: valable de 30 minutes avant le début à la fin, renouvelé à chaque appel',
    access: leaders,
    params: idParams('groupId', 'meetingId'),
    responses: { 200: checkinCodeSchema },
    errors: ['GROUP_NOT_FOUND', 'MEETING_NOT_FOUND', 'CHECKIN_MEETING_CANCELLED', 'CHECKIN_NOT_OPEN', 'CHECKIN_CLOSED'],
  }),
  checkIn: endpoint({
    method: 'POST',
    path: '/checkin',
    operationId: 'checkInToMeeting',
    tags,
    summary: 'Pointer sa présence à une réunion de son groupe avec le jeton du QR code (abonnés)',
    access: 'subscriber',
    body: checkinBodySchema,
    responses: { 201: checkinResultSchema },
    errors: [
      'CHECKIN_TOKEN_INVALID',
      'CHECKIN_MEETING_CANCELLED',
      'CHECKIN_NOT_OPEN',
      'CHECKIN_CLOSED',
      'CHECKIN_NOT_GROUP_MEMBER',
      'ALREADY_CHECKED_IN',
    ],
    // Scanned offline and sent again when the network is back: the copies get the first answer.
    idempotent: true,
  }),
  list: endpoint({
    method: 'GET',
    path: '/groups/:groupId/meetings/:meetingId/attendance',
    operationId: 'getMeetingAttendance',
    tags,
    summary: 'La liste de présence d’une réunion (responsables du groupe)\u00a0: chaque membre actif et son statut',
    access: leaders,
    params: idParams('groupId', 'meetingId'),
    responses: { 200: meetingAttendanceSchema },
    errors: ['GROUP_NOT_FOUND', 'MEETING_NOT_FOUND'],
  }),
  record: endpoint({
    method: 'PUT',
    path: '/groups/:groupId/meetings/:meetingId/attendance/:userId',
    operationId: 'recordAttendance',
    tags,
    summary:
      'Noter la présence d’un membre (responsables du groupe)\u00a0: Présent, Absent, En retard, Excusé ou Remplacé avec le nom du remplaçant',
    access: leaders,
    params: idParams('groupId', 'meetingId', 'userId'),
    body: attendanceFormSchema,
    responses: { 200: attendanceEntrySchema },
    errors: [
      'GROUP_NOT_FOUND',
      'SUBSTITUTE_NAME_REQUIRED',
      'MEETING_NOT_FOUND',
      'CHECKIN_MEETING_CANCELLED',
      'GROUP_MEMBER_NOT_FOUND',
    ],
  }),
  meetings: endpoint({
    method: 'GET',
    path: '/groups/:groupId/attendance/meetings',
    operationId: 'listAttendanceMeetings',
    tags,
    summary:
      'Les réunions du groupe des 8 dernières semaines et des 7 prochains jours, avec le nombre de présences notées (responsables)',
    access: leaders,
    params: idParams('groupId'),
    responses: { 200: attendanceMeetingListSchema },
    errors: ['GROUP_NOT_FOUND'],
  }),
  setAbsenceThreshold: endpoint({
    method: 'PUT',
    path: '/groups/:groupId/settings/absence-threshold',
    operationId: 'setAbsenceThreshold',
    tags,
    summary: 'Le nombre d’absences sur 6 mois au-delà duquel les responsables sont alertés (1 à 26)',
    access: leaders,
    params: idParams('groupId'),
    body: absenceThresholdSchema,
    responses: { 200: absenceThresholdSchema },
    errors: ['GROUP_NOT_FOUND'],
  }),
};
