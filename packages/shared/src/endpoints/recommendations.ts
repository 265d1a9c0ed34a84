import { endpoint, fileResponse } from '../endpoint';
import { idParams } from '../ids';
import {
  answerBusinessSchema,
  declareBusinessSchema,
  moveRecommendationSchema,
  recommendationDetailSchema,
  recommendationFormSchema,
  recommendationListQuerySchema,
  recommendationListSchema,
  recommendationTotalsSchema,
} from '../recommendations';

const tags = ['Recommandations'];
const params = idParams('recommendationId');

/**
 * Recommendations and closed business (network-core §3). The rules, and who may do what beyond
 * the access level (giver, receiver), are in the server's domain/recommendations/.
 */
export const recommendationEndpoints = {
  give: endpoint({
    method: 'POST',
    path: '/recommendations',
    operationId: 'giveRecommendation',
    tags,
    summary:
      'Donner une recommandation à un membre du réseau (abonnés)\u00a0: pour vous, ou un contact externe qui a accepté d’être recontacté',
    access: 'subscriber',
    body: recommendationFormSchema,
    responses: { 201: recommendationDetailSchema },
    errors: ['SELF_RECOMMENDATION', 'CONSENT_REQUIRED', 'MEMBER_NOT_FOUND', 'RECIPIENT_NOT_MEMBER'],
    // Written offline and sent again when the network is back: one recommendation per key.
    idempotent: true,
    // It notifies the member recommended (issue 33).
    quota: 'recommendations',
  }),
  mine: endpoint({
    method: 'GET',
    path: '/me/recommendations',
    operationId: 'listMyRecommendations',
    tags,
    summary: 'Mes recommandations données ou reçues, par statut et par mois, page par page',
    access: 'member',
    query: recommendationListQuerySchema,
    responses: { 200: recommendationListSchema },
  }),
  csv: endpoint({
    method: 'GET',
    path: '/me/recommendations.csv',
    operationId: 'exportMyRecommendationsCsv',
    tags,
    summary: 'Mes recommandations (mêmes filtres) en CSV pour Excel',
    access: 'member',
    query: recommendationListQuerySchema,
    responses: { 200: fileResponse('text/csv; charset=utf-8', 'Le fichier CSV de mes recommandations') },
  }),
  get: endpoint({
    method: 'GET',
    path: '/recommendations/:recommendationId',
    operationId: 'getRecommendation',
    tags,
    summary: 'Une recommandation et son historique (le membre qui l’a donnée, celui qui la reçoit, ou un admin)',
    access: 'member',
    params,
    responses: { 200: recommendationDetailSchema },
    errors: ['RECOMMENDATION_NOT_FOUND'],
  }),
  move: endpoint({
    method: 'POST',
    path: '/recommendations/:recommendationId/status',
    operationId: 'moveRecommendation',
    tags,
    summary:
      'Faire avancer une recommandation reçue (Contactée, Rendez-vous, Devis envoyé, Gagnée avec le montant HT, Perdue, Sans suite)',
    access: 'member',
    params,
    body: moveRecommendationSchema,
    responses: { 200: recommendationDetailSchema },
    errors: ['RECOMMENDATION_NOT_FOUND', 'NOT_RECEIVER', 'STATUS_NOT_ALLOWED'],
  }),
  declareBusiness: endpoint({
    method: 'PUT',
    path: '/recommendations/:recommendationId/business',
    operationId: 'declareRecommendationBusiness',
    tags,
    summary: 'Corriger le montant HT de l’affaire conclue (le membre qui a reçu la recommandation, avant confirmation)',
    access: 'member',
    params,
    body: declareBusinessSchema,
    responses: { 200: recommendationDetailSchema },
    errors: ['RECOMMENDATION_NOT_FOUND', 'NOT_RECEIVER', 'BUSINESS_NOT_DECLARED', 'BUSINESS_ALREADY_CONFIRMED'],
  }),
  answerBusiness: endpoint({
    method: 'POST',
    path: '/recommendations/:recommendationId/business/answer',
    operationId: 'answerRecommendationBusiness',
    tags,
    summary:
      'Confirmer («\u00a0Je confirme\u00a0») ou contester le montant déclaré (le membre qui a donné la recommandation)',
    access: 'member',
    params,
    body: answerBusinessSchema,
    responses: { 200: recommendationDetailSchema },
    errors: [
      'RECOMMENDATION_NOT_FOUND',
      'OWN_DECLARATION',
      'NOT_GIVER',
      'BUSINESS_NOT_DECLARED',
      'BUSINESS_ALREADY_CONFIRMED',
      'BUSINESS_AMOUNT_CHANGED',
    ],
  }),
  groupTotals: endpoint({
    method: 'GET',
    path: '/groups/:groupId/recommendations/totals',
    operationId: 'getGroupRecommendationTotals',
    tags,
    summary: 'Les recommandations données par les membres du groupe, mois par mois sur 12 mois (responsables)',
    access: { groupRole: 'leader', groupParam: 'groupId' },
    params: idParams('groupId'),
    responses: { 200: recommendationTotalsSchema },
    // The access hook's group lookup (domain/groups/group-roles.ts): an unknown group.
    errors: ['GROUP_NOT_FOUND'],
  }),
  networkTotals: endpoint({
    method: 'GET',
    path: '/admin/recommendations/totals',
    operationId: 'getNetworkRecommendationTotals',
    tags,
    summary: 'Les recommandations du réseau, mois par mois sur 12 mois (admin)',
    access: 'admin',
    responses: { 200: recommendationTotalsSchema },
  }),
};
