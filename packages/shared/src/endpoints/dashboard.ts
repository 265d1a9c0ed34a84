import { endpoint } from '../endpoint';
import { dashboardSchema } from '../member-page';

/** /api/me/dashboard: the member's figures (subscribers only, spec section 6). */
export const dashboardEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/me/dashboard',
    operationId: 'getMyDashboard',
    tags: ['Membres'],
    summary: 'Ses chiffres : demandes de contact, évaluations, inscriptions aux événements, parrainage et commissions',
    access: 'subscriber',
    responses: { 200: dashboardSchema },
  }),
};
