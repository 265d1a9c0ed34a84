import { z } from 'zod';
import { endpoint } from '../endpoint';
import { groupSlugParamsSchema } from '../groups';
import { idParams } from '../ids';
import {
  groupVisitorsSchema,
  visitFormSchema,
  visitorFollowUpSchema,
  visitPageSchema,
  visitQuerySchema,
  visitResultSchema,
  visitUnsubscribeSchema,
} from '../visits';

const tags = ['Visiteurs'];

/** Visitors who register themselves (issue 30): the public page's data and form, the follow-up's unsubscribe. */
export const visitEndpoints = {
  page: endpoint({
    method: 'GET',
    path: '/groups/:slug/visit',
    operationId: 'getVisitPage',
    tags,
    summary: 'Le groupe et sa prochaine réunion, pour la page publique d’inscription des visiteurs',
    access: 'public',
    params: groupSlugParamsSchema,
    query: visitQuerySchema,
    responses: { 200: visitPageSchema },
    errors: ['GROUP_NOT_FOUND'],
  }),
  register: endpoint({
    method: 'POST',
    path: '/groups/:slug/visits',
    operationId: 'registerVisit',
    tags,
    summary:
      'Un visiteur s’inscrit lui-même à la prochaine réunion du groupe, avec son accord, sans compte (limité par adresse et par réunion)',
    access: 'public',
    params: groupSlugParamsSchema,
    query: visitQuerySchema,
    body: visitFormSchema,
    responses: { 201: visitResultSchema },
    errors: [
      'GROUP_NOT_FOUND',
      'MEETING_NOT_FOUND',
      'MEETING_NOT_OPEN',
      'TRADE_NOT_FOUND',
      'VISIT_REFUSED',
      'RATE_LIMITED',
    ],
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: '/visits/unsubscribe',
    operationId: 'unsubscribeVisitor',
    tags,
    summary: 'Le visiteur ne reçoit plus les emails de suivi de visite (lien signé, en un clic)',
    access: 'public',
    query: visitUnsubscribeSchema,
    responses: { 204: z.null() },
    errors: ['UNSUBSCRIBE_INVALID'],
  }),
  forGroup: endpoint({
    method: 'GET',
    path: '/groups/:groupId/visitors',
    operationId: 'listGroupVisitors',
    tags,
    summary: 'Les visiteurs par réunion et le taux de conversion par membre (responsables du groupe)',
    access: { groupRole: 'leader', groupParam: 'groupId' },
    params: idParams('groupId'),
    responses: { 200: groupVisitorsSchema },
    errors: ['GROUP_NOT_FOUND'],
  }),
  setFollowUp: endpoint({
    method: 'PUT',
    path: '/groups/:groupId/visitor-follow-up',
    operationId: 'setVisitorFollowUp',
    tags,
    summary: 'Envoyer ou non les deux emails de suivi après une visite (responsables du groupe)',
    access: { groupRole: 'leader', groupParam: 'groupId' },
    params: idParams('groupId'),
    body: visitorFollowUpSchema,
    responses: { 200: visitorFollowUpSchema },
    errors: ['GROUP_NOT_FOUND'],
  }),
};
