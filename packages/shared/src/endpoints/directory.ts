import {
  contactRequestInputSchema,
  contactRequestSchema,
  directoryFacetsSchema,
  directoryPageSchema,
  directoryQuerySchema,
  ratingInputSchema,
  ratingResultSchema,
} from '../directory';
import { endpoint } from '../endpoint';
import { idParams } from '../ids';

const tags = ['Annuaire'];

/** /api/members: the directory (subscribers only): search, ratings and contact requests. */
export const directoryEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/members',
    operationId: 'listDirectoryMembers',
    tags,
    summary:
      'L’annuaire des membres (abonnés)\u00a0: recherche (nom, entreprise, métier, compétences, ville), filtres, tri par nom, note ou synergies, par pages',
    access: 'subscriber',
    query: directoryQuerySchema,
    responses: { 200: directoryPageSchema },
    // sort=score: group leaders and admins only.
    errors: ['FORBIDDEN'],
  }),
  facets: endpoint({
    method: 'GET',
    path: '/members/facets',
    operationId: 'listDirectoryFacets',
    tags,
    summary: 'Les métiers et secteurs renseignés par les membres, pour les filtres (abonnés)',
    access: 'subscriber',
    responses: { 200: directoryFacetsSchema },
  }),
  rate: endpoint({
    method: 'PUT',
    path: '/members/:userId/rating',
    operationId: 'rateMember',
    tags,
    summary: 'Évaluer un membre de 1 à 5 étoiles (une note par membre, la suivante la remplace)',
    access: 'subscriber',
    params: idParams('userId'),
    body: ratingInputSchema,
    responses: { 200: ratingResultSchema },
    errors: ['SELF_RATING', 'MEMBER_NOT_FOUND'],
  }),
  contactRequest: endpoint({
    method: 'POST',
    path: '/members/:userId/contact-requests',
    operationId: 'sendContactRequest',
    tags,
    summary: 'Demander à entrer en contact avec un membre (une seule demande en cours entre deux membres)',
    access: 'subscriber',
    params: idParams('userId'),
    body: contactRequestInputSchema,
    responses: { 201: contactRequestSchema },
    errors: ['SELF_CONTACT', 'MEMBER_NOT_FOUND', 'CONTACT_IN_PROGRESS'],
    rateLimit: { max: 30, timeWindow: '10 minutes' },
    // It mails the member asked (issue 33).
    quota: 'contactRequests',
  }),
};
