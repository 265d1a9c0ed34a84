import { endpoint, fileResponse } from '../endpoint';
import {
  guestCheckinResultSchema,
  guestCheckinSchema,
  guestFormSchema,
  guestListSchema,
  guestSummarySchema,
  invitableMeetingsSchema,
  invitableSearchQuerySchema,
  invitationSchema,
  invitationTokenSchema,
  invitedGuestSchema,
  moveGuestSchema,
} from '../guests';
import { idParams } from '../ids';

const tags = ['Visiteurs'];

/**
 * Guests (visiteurs, network-core §5): inviting, the pipeline, the guest's public page and
 * check-in.
 */
export const guestEndpoints = {
  invite: endpoint({
    method: 'POST',
    path: '/meetings/:meetingId/guests',
    operationId: 'inviteGuest',
    tags,
    summary:
      'Inviter un visiteur à une réunion de n’importe quel groupe (abonnés), avec son accord pour recevoir l’invitation par email',
    access: 'subscriber',
    params: idParams('meetingId'),
    body: guestFormSchema,
    responses: { 201: invitedGuestSchema },
    errors: [
      'GUEST_CONSENT_REQUIRED',
      'MEETING_NOT_FOUND',
      'MEETING_NOT_OPEN',
      'TRADE_NOT_FOUND',
      'GUEST_ALREADY_INVITED',
    ],
    // Each invitation mails someone outside the network from our address (issue 33): a quota per
    // member, whatever their address, counted in the database.
    quota: 'guestInvitations',
  }),
  mine: endpoint({
    method: 'GET',
    path: '/me/guests',
    operationId: 'listMyGuests',
    tags,
    summary: 'Mes visiteurs et leur suivi',
    access: 'member',
    responses: { 200: guestListSchema },
  }),
  invitableMeetings: endpoint({
    method: 'GET',
    path: '/me/invitable-meetings',
    operationId: 'listInvitableMeetings',
    tags,
    summary: 'Les prochaines réunions de mon groupe, où inviter un visiteur',
    access: 'member',
    responses: { 200: invitableMeetingsSchema },
  }),
  searchInvitableMeetings: endpoint({
    method: 'GET',
    path: '/invitable-meetings',
    operationId: 'searchInvitableMeetings',
    tags,
    summary:
      'Les prochaines réunions de n’importe quel groupe, cherché par ville ou par nom (accès national des abonnés)',
    access: 'subscriber',
    query: invitableSearchQuerySchema,
    responses: { 200: invitableMeetingsSchema },
  }),
  listForGroup: endpoint({
    method: 'GET',
    path: '/groups/:groupId/guests',
    operationId: 'listGroupGuests',
    tags,
    summary: 'Les visiteurs des réunions du groupe (responsables du groupe)',
    access: { groupRole: 'leader', groupParam: 'groupId' },
    params: idParams('groupId'),
    responses: { 200: guestListSchema },
    errors: ['GROUP_NOT_FOUND'],
  }),
  move: endpoint({
    method: 'PUT',
    path: '/guests/:guestId/status',
    operationId: 'moveGuest',
    tags,
    summary: 'Faire avancer un visiteur dans le suivi (le membre qui l’a invité ou les responsables du groupe)',
    access: 'member',
    params: idParams('guestId'),
    body: moveGuestSchema,
    responses: { 200: guestSummarySchema },
    errors: ['GUEST_NOT_FOUND', 'GUEST_STATUS_INVALID'],
  }),
  invitation: endpoint({
    method: 'GET',
    path: '/invitation',
    operationId: 'getInvitation',
    tags,
    summary: 'L’invitation d’un visiteur, par son lien signé (sans compte)',
    access: 'public',
    query: invitationTokenSchema,
    responses: { 200: invitationSchema },
    errors: ['INVITATION_INVALID'],
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/invitation/confirm',
    operationId: 'confirmInvitation',
    tags,
    summary: 'Le visiteur confirme sa venue, par son lien signé (sans compte)',
    access: 'public',
    body: invitationTokenSchema,
    responses: { 200: invitationSchema },
    errors: ['INVITATION_INVALID', 'MEETING_NOT_OPEN'],
  }),
  ics: endpoint({
    method: 'GET',
    path: '/invitation/ics',
    operationId: 'getInvitationIcs',
    tags,
    summary: 'La réunion du visiteur en fichier .ics (lien signé)',
    access: 'public',
    query: invitationTokenSchema,
    responses: { 200: fileResponse('text/calendar; charset=utf-8', 'Le fichier .ics de la réunion') },
    errors: ['INVITATION_INVALID'],
  }),
  checkIn: endpoint({
    method: 'POST',
    path: '/invitation/checkin',
    operationId: 'checkInGuest',
    tags,
    summary: 'Le visiteur pointe sa présence avec le QR code de la réunion (une fois)',
    access: 'public',
    body: guestCheckinSchema,
    responses: { 200: guestCheckinResultSchema },
    errors: ['INVITATION_INVALID', 'CHECKIN_INVALID', 'CHECKIN_WRONG_MEETING', 'GUEST_ALREADY_CHECKED_IN'],
  }),
};
