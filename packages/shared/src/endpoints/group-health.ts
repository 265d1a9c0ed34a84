import { endpoint } from '../endpoint';
import { groupHealthQuerySchema, groupHealthSchema, networkHealthSchema } from '../group-health';
import { idParams } from '../ids';

/** The group's health (issue 29): the leaders' `Vue d'ensemble` and the admins' network view. */
export const groupHealthEndpoints = {
  group: endpoint({
    method: 'GET',
    path: '/groups/:groupId/health',
    operationId: 'getGroupHealth',
    tags: ['Groupes'],
    summary:
      'La santé du groupe sur 12 semaines (présence, recommandations, tête-à-tête, visiteurs, sièges, départs, scores), face aux groupes choisis (chiffres d’ensemble seulement) et à la médiane nationale',
    access: { groupRole: 'leader', groupParam: 'groupId' },
    params: idParams('groupId'),
    query: groupHealthQuerySchema,
    responses: { 200: groupHealthSchema },
    errors: ['GROUP_NOT_FOUND'],
  }),
  network: endpoint({
    method: 'GET',
    path: '/admin/health',
    operationId: 'getNetworkHealth',
    tags: ['Administration'],
    summary: 'La santé du réseau et de chaque région sur 12 semaines, avec la médiane nationale des groupes',
    access: 'admin',
    responses: { 200: networkHealthSchema },
  }),
};
