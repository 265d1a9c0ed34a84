import { endpoint } from '../endpoint';
import { dashboardSchema } from '../member-page';

/** /api/me/dashboard: the member's figures, trend and next actions (subscribers only, spec section 6, issue 29). */
export const dashboardEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/me/dashboard',
    operationId: 'getMyDashboard',
    tags: ['Membres'],
    summary:
      'Ses chiffres\u00a0: recommandations mois par mois sur 12 mois, affaires confirmées et affaires à confirmer à part, prochaines actions, demandes de contact, évaluations, événements, parrainage et commissions',
    access: 'subscriber',
    responses: { 200: dashboardSchema },
  }),
};
