import { endpoint, fileResponse } from '../endpoint';
import { idParams } from '../ids';
import {
  calendarTokenParamsSchema,
  calendarUrlSchema,
  changeMeetingSchema,
  meetingDetailSchema,
  meetingListSchema,
  meetingPresenterSchema,
} from '../meetings';

const tags = ['Réunions'];

const leaders = { groupRole: 'leader', groupParam: 'groupId' } as const;

/** A group's meetings (network-core §4). */
export const meetingEndpoints = {
  listForGroup: endpoint({
    method: 'GET',
    path: '/groups/:groupId/meetings',
    operationId: 'listGroupMeetings',
    tags,
    summary: 'Les prochaines réunions du groupe (ses membres, ses responsables)',
    access: { groupRole: 'member', groupParam: 'groupId' },
    params: idParams('groupId'),
    responses: { 200: meetingListSchema },
    errors: ['GROUP_NOT_FOUND'],
  }),
  get: endpoint({
    method: 'GET',
    path: '/meetings/:meetingId',
    operationId: 'getMeeting',
    tags,
    summary: 'Une réunion et son ordre du jour (les membres du groupe, ses responsables, les admins)',
    access: 'member',
    params: idParams('meetingId'),
    responses: { 200: meetingDetailSchema },
    errors: ['MEETING_NOT_FOUND'],
  }),
  ics: endpoint({
    method: 'GET',
    path: '/meetings/:meetingId/ics',
    operationId: 'getMeetingIcs',
    tags,
    summary: '«\u00a0Ajouter à mon agenda\u00a0»\u00a0: la réunion au format iCalendar (Europe/Paris)',
    access: 'member',
    params: idParams('meetingId'),
    responses: { 200: fileResponse('text/calendar; charset=utf-8', 'Le fichier .ics de la réunion') },
    errors: ['MEETING_NOT_FOUND'],
  }),
  change: endpoint({
    method: 'PUT',
    path: '/groups/:groupId/meetings/:meetingId',
    operationId: 'changeMeeting',
    tags,
    summary: 'Déplacer ou annuler une réunion, avec un message aux membres (responsables du groupe)',
    access: leaders,
    params: idParams('groupId', 'meetingId'),
    body: changeMeetingSchema,
    responses: { 200: meetingDetailSchema },
    errors: ['GROUP_NOT_FOUND', 'MEETING_NOT_FOUND', 'MEETING_CANCELLED', 'MEETING_IN_PAST'],
  }),
  setPresenter: endpoint({
    method: 'PUT',
    path: '/groups/:groupId/meetings/:meetingId/presenter',
    operationId: 'setMeetingPresenter',
    tags,
    summary: 'Choisir le membre de la «\u00a0Présentation de la semaine\u00a0» (responsables du groupe)',
    access: leaders,
    params: idParams('groupId', 'meetingId'),
    body: meetingPresenterSchema,
    responses: { 200: meetingDetailSchema },
    errors: ['GROUP_NOT_FOUND', 'MEETING_NOT_FOUND', 'PRESENTER_NOT_MEMBER'],
  }),
  calendarUrl: endpoint({
    method: 'GET',
    path: '/me/calendar-url',
    operationId: 'getCalendarUrl',
    tags,
    summary: 'L’adresse de mon agenda (abonnement)\u00a0: mes réunions et mes événements',
    access: 'member',
    responses: { 200: calendarUrlSchema },
  }),
  renewCalendarUrl: endpoint({
    method: 'POST',
    path: '/me/calendar-url/renew',
    operationId: 'renewCalendarUrl',
    tags,
    summary: 'Renouveler l’adresse de mon agenda (abonnement)\u00a0: l’ancienne cesse aussitôt de fonctionner',
    access: 'member',
    responses: { 200: calendarUrlSchema },
  }),
  calendarFeed: endpoint({
    method: 'GET',
    path: '/calendar/:token.ics',
    operationId: 'getCalendarFeed',
    tags,
    summary: 'Agenda personnel (iCalendar)\u00a0: le lien signé est la clé',
    access: 'public',
    params: calendarTokenParamsSchema,
    responses: { 200: fileResponse('text/calendar; charset=utf-8', 'Les réunions et les événements du membre') },
    errors: ['CALENDAR_LINK_INVALID'],
  }),
};
