import { endpoint } from '../endpoint';
import { idParams } from '../ids';
import { publicProfileSchema } from '../profile';

/** /api/profiles/:userId/public: what anyone may see of a member. */
export const profileEndpoints = {
  public: endpoint({
    method: 'GET',
    path: '/profiles/:userId/public',
    operationId: 'getPublicProfile',
    tags: ['Profils'],
    summary: 'Nom et entreprise d’un membre, visibles de tous (get_public_profile)',
    access: 'public',
    params: idParams('userId'),
    responses: { 200: publicProfileSchema },
    errors: ['NOT_FOUND'],
  }),
};
