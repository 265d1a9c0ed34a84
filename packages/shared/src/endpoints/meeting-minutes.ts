import { endpoint, fileResponse } from '../endpoint';
import { idParams } from '../ids';
import { meetingMinutesSchema, minutesCorrectionSchema } from '../minutes';

const tags = ['Réunions'];

/** The minutes of a meeting (`Compte rendu`, issue 30; docs/product/live-meeting.md "Compte rendu"). */
export const meetingMinutesEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/meetings/:meetingId/minutes',
    operationId: 'getMeetingMinutes',
    tags,
    summary: 'Le compte rendu d’une réunion (les membres du groupe, ses responsables, les admins)',
    access: 'member',
    params: idParams('meetingId'),
    responses: { 200: meetingMinutesSchema },
    errors: ['MEETING_NOT_FOUND', 'MINUTES_NOT_FOUND'],
  }),
  pdf: endpoint({
    method: 'GET',
    path: '/meetings/:meetingId/minutes.pdf',
    operationId: 'getMeetingMinutesPdf',
    tags,
    summary: 'Le compte rendu d’une réunion en PDF (les membres du groupe, ses responsables, les admins)',
    access: 'member',
    params: idParams('meetingId'),
    responses: { 200: fileResponse('application/pdf', 'Le compte rendu (PDF)') },
    errors: ['MEETING_NOT_FOUND', 'MINUTES_NOT_FOUND'],
  }),
  correct: endpoint({
    method: 'PUT',
    path: '/groups/:groupId/meetings/:meetingId/minutes',
    operationId: 'correctMeetingMinutes',
    tags,
    summary: 'Corriger le compte rendu pendant 48\u00a0heures, avec la version lue (responsables du groupe)',
    access: { groupRole: 'leader', groupParam: 'groupId' },
    params: idParams('groupId', 'meetingId'),
    body: minutesCorrectionSchema,
    responses: { 200: meetingMinutesSchema },
    errors: ['GROUP_NOT_FOUND', 'MEETING_NOT_FOUND', 'MINUTES_NOT_FOUND', 'MINUTES_STALE', 'MINUTES_LOCKED'],
  }),
};
