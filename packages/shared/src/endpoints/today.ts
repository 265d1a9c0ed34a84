import { endpoint } from '../endpoint';
import { todaySchema } from '../today';

/** /api/me/today: `Aujourd'hui`, the member's home (issue 28). */
export const todayEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/me/today',
    operationId: 'getMyToday',
    tags: ['Membres'],
    summary:
      'Aujourd’hui\u00a0: la prochaine réunion et son pointage, les affaires à confirmer, les recommandations à faire avancer, les listes d’attente, les événements du jour, le score et les notifications non lues',
    access: 'member',
    responses: { 200: todaySchema },
  }),
};
