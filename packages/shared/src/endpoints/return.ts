import { endpoint } from '../endpoint';
import { myReturnSchema } from '../return';

/** /api/me/return: `Mon retour sur cotisation` (issue 29). */
export const returnEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/me/return',
    operationId: 'getMyReturn',
    tags: ['Membres'],
    summary:
      'Mon retour sur cotisation\u00a0: affaires reçues et apportées, confirmées, mois par mois sur 12 mois, face à la cotisation payée',
    access: 'member',
    responses: { 200: myReturnSchema },
  }),
};
