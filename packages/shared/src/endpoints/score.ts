import { endpoint } from '../endpoint';
import { idParams } from '../ids';
import { groupScoresResponseSchema, myScoreResponseSchema } from '../score';

const tags = ['Score de réputation'];

/** The reputation score (network-core §7): the member's own breakdown, and the group's for its leaders. */
export const scoreEndpoints = {
  mine: endpoint({
    method: 'GET',
    path: '/score/me',
    operationId: 'getMyScore',
    tags,
    summary: 'Mon score de réputation et «\u00a0Pourquoi ce score\u202f?\u00a0» (null avant le premier calcul)',
    access: 'member',
    responses: { 200: myScoreResponseSchema },
  }),
  group: endpoint({
    method: 'GET',
    path: '/groups/:groupId/scores',
    operationId: 'listGroupScores',
    tags,
    summary: 'Les scores des membres du groupe, du meilleur au plus bas (responsables du groupe)',
    access: { groupRole: 'leader', groupParam: 'groupId' },
    params: idParams('groupId'),
    responses: { 200: groupScoresResponseSchema },
    errors: ['GROUP_NOT_FOUND'],
  }),
};
