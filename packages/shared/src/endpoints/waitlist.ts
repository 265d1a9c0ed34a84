import { z } from 'zod';
import { endpoint } from '../endpoint';
import { seatStateSchema, waitlistEntrySchema } from '../groups';
import { idParams } from '../ids';

const tags = ['Groupes'];

/**
 * Waiting lists of seats and seat offers (network-core §2 "Waiting list"), and the viewer's state
 * for a group's seat of their trade.
 */
export const waitlistEndpoints = {
  seat: endpoint({
    method: 'GET',
    path: '/groups/:groupId/seat',
    operationId: 'getSeatState',
    tags,
    summary:
      'Le siège de mon métier dans ce groupe\u00a0: postuler, liste d’attente ou déjà membre\u202f; s’il est pris, les groupes les plus proches où il est libre',
    access: 'member',
    params: idParams('groupId'),
    responses: { 200: seatStateSchema },
    errors: ['GROUP_NOT_FOUND'],
  }),
  join: endpoint({
    method: 'POST',
    path: '/groups/:groupId/waitlist',
    operationId: 'joinSeatWaitlist',
    tags,
    summary:
      'Rejoindre la liste d’attente du siège de mon métier (abonnés)\u202f; refusé si le siège est libre ou si je suis déjà membre d’un groupe',
    access: 'subscriber',
    params: idParams('groupId'),
    responses: { 201: waitlistEntrySchema },
    errors: ['GROUP_NOT_FOUND', 'TRADE_REQUIRED', 'ALREADY_IN_GROUP', 'SEAT_FREE', 'ALREADY_WAITING', 'TRADE_CHANGED'],
  }),
  leave: endpoint({
    method: 'DELETE',
    path: '/me/waitlist/:entryId',
    operationId: 'leaveSeatWaitlist',
    tags,
    summary: 'Quitter une liste d’attente en un clic\u202f; une offre en cours passe au suivant',
    access: 'member',
    params: idParams('entryId'),
    responses: { 204: z.null() },
    errors: ['WAITLIST_ENTRY_NOT_FOUND'],
  }),
  acceptOffer: endpoint({
    method: 'POST',
    path: '/me/waitlist/:entryId/accept',
    operationId: 'acceptSeatOffer',
    tags,
    summary: 'Accepter l’offre d’un siège libéré (abonnés)\u00a0: le siège est à moi aussitôt',
    access: 'subscriber',
    params: idParams('entryId'),
    responses: { 204: z.null() },
    errors: [
      'WAITLIST_ENTRY_NOT_FOUND',
      'OFFER_CLOSED',
      'TRADE_CHANGED',
      'SEAT_TAKEN',
      'ALREADY_IN_GROUP',
      'GROUP_FULL',
    ],
  }),
  declineOffer: endpoint({
    method: 'POST',
    path: '/me/waitlist/:entryId/decline',
    operationId: 'declineSeatOffer',
    tags,
    summary: 'Décliner l’offre d’un siège\u00a0: elle passe au suivant sur la liste d’attente',
    access: 'member',
    params: idParams('entryId'),
    responses: { 204: z.null() },
    errors: ['WAITLIST_ENTRY_NOT_FOUND', 'OFFER_CLOSED'],
  }),
};
