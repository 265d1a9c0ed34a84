import {
  acceptContactResultSchema,
  contactRequestSchema,
  myContactRequestsSchema,
  sharedProjectListSchema,
  sharedProjectSchema,
  sharedProjectUpdateSchema,
} from '../directory';
import { endpoint } from '../endpoint';
import { idParams } from '../ids';

const tags = ['Réseau'];

/** /api/me/contact-requests and /api/me/shared-projects: the subscriber's own network. */
export const networkEndpoints = {
  contactRequests: endpoint({
    method: 'GET',
    path: '/me/contact-requests',
    operationId: 'listMyContactRequests',
    tags,
    summary: 'Ses demandes de contact\u00a0: reçues en attente, et envoyées avec leur statut (abonnés)',
    access: 'subscriber',
    responses: { 200: myContactRequestsSchema },
  }),
  accept: endpoint({
    method: 'POST',
    path: '/me/contact-requests/:id/accept',
    operationId: 'acceptContactRequest',
    tags,
    summary: 'Accepter une demande reçue\u00a0: crée le projet commun des deux membres et les prévient par email',
    access: 'subscriber',
    params: idParams('id'),
    responses: { 200: acceptContactResultSchema },
    errors: ['NOT_FOUND', 'FORBIDDEN', 'ALREADY_ANSWERED'],
  }),
  decline: endpoint({
    method: 'POST',
    path: '/me/contact-requests/:id/decline',
    operationId: 'declineContactRequest',
    tags,
    summary: 'Refuser une demande reçue',
    access: 'subscriber',
    params: idParams('id'),
    responses: { 200: contactRequestSchema },
    errors: ['NOT_FOUND', 'FORBIDDEN', 'ALREADY_ANSWERED'],
  }),
  sharedProjects: endpoint({
    method: 'GET',
    path: '/me/shared-projects',
    operationId: 'listSharedProjects',
    tags,
    summary: 'Ses projets communs, nés des demandes de contact acceptées (abonnés, /my-projects)',
    access: 'subscriber',
    responses: { 200: sharedProjectListSchema },
  }),
  updateSharedProject: endpoint({
    method: 'PUT',
    path: '/me/shared-projects/:id',
    operationId: 'updateSharedProject',
    tags,
    summary: 'Modifier un projet commun (titre, notes, statut)\u00a0: l’un ou l’autre des deux membres',
    access: 'subscriber',
    params: idParams('id'),
    body: sharedProjectUpdateSchema,
    responses: { 200: sharedProjectSchema },
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  }),
};
