import { quotaHitsSchema, quotaLiftedSchema, quotaLiftSchema } from '../admin-quotas';
import { endpoint } from '../endpoint';
import { idParams } from '../ids';

const tags = ['Administration'];

/** Member quotas (issue 33): who hit one, and lifting it for one member for a while. Admins only. */
export const adminQuotaEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/quotas',
    operationId: 'listQuotaHits',
    tags,
    summary: 'Les membres qui ont atteint une limite ces 7 derniers jours, ou dont la limite est levée (admin)',
    access: 'admin',
    responses: { 200: quotaHitsSchema },
  }),
  lift: endpoint({
    method: 'POST',
    path: '/admin/quotas/:userId/lift',
    operationId: 'liftMemberQuota',
    tags,
    summary: 'Lever une limite d’un membre pour 1 heure, 1 jour, 7 jours ou 30 jours (0\u00a0: la rétablir) (admin)',
    access: 'admin',
    params: idParams('userId'),
    body: quotaLiftSchema,
    responses: { 200: quotaLiftedSchema },
    errors: ['USER_NOT_FOUND'],
  }),
};
