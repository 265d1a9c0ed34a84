import { endpoint } from '../endpoint';
import { idParams } from '../ids';
import {
  connectedResultSchema,
  groupHybridResultSchema,
  groupHybridSchema,
  meetingDetailSchema,
  meetingVisioSchema,
} from '../meetings';

const tags = ['Réunions'];

const leaders = { groupRole: 'leader', groupParam: 'groupId' } as const;

/** Hybrid meetings (issue 30, docs/product/live-meeting.md «\u00a0Réunions hybrides\u00a0»). */
export const hybridEndpoints = {
  connected: endpoint({
    method: 'POST',
    path: '/meetings/:meetingId/connected',
    operationId: 'connectToMeeting',
    tags,
    summary:
      '«\u00a0Je suis connecté\u00a0»\u00a0: présence à distance pendant la réunion, de 30 minutes avant le début à la fin (membres abonnés du groupe)',
    access: 'subscriber',
    params: idParams('meetingId'),
    responses: { 200: connectedResultSchema },
    errors: ['MEETING_NOT_FOUND', 'CHECKIN_MEETING_CANCELLED', 'CONNECT_NOT_OPEN', 'CONNECT_CLOSED'],
    // Pressed on a weak connection and sent again: the copies get the first answer.
    idempotent: true,
  }),
  setMeetingVisio: endpoint({
    method: 'PUT',
    path: '/groups/:groupId/meetings/:meetingId/visio',
    operationId: 'setMeetingVisio',
    tags,
    summary: 'Le lien de la visio d’une réunion, vide pour celui du groupe (responsables du groupe)',
    access: leaders,
    params: idParams('groupId', 'meetingId'),
    body: meetingVisioSchema,
    responses: { 200: meetingDetailSchema },
    errors: ['GROUP_NOT_FOUND', 'MEETING_NOT_FOUND'],
  }),
  getGroupHybrid: endpoint({
    method: 'GET',
    path: '/groups/:groupId/hybrid',
    operationId: 'getGroupHybrid',
    tags,
    summary: 'Le lien de la visio des réunions du groupe et la règle des présences à distance (responsables)',
    access: leaders,
    params: idParams('groupId'),
    responses: { 200: groupHybridResultSchema },
    errors: ['GROUP_NOT_FOUND'],
  }),
  setGroupHybrid: endpoint({
    method: 'PUT',
    path: '/groups/:groupId/hybrid',
    operationId: 'setGroupHybrid',
    tags,
    summary: 'Changer le lien de la visio des réunions du groupe et la règle des présences à distance (responsables)',
    access: leaders,
    params: idParams('groupId'),
    body: groupHybridSchema,
    responses: { 200: groupHybridResultSchema },
    errors: ['GROUP_NOT_FOUND'],
  }),
};
