import { demoAdminActionResponseSchema, subscriptionResponseSchema } from '../billing';
import { endpoint, fileResponse } from '../endpoint';
import { idParams } from '../ids';
import {
  commissionOptOutBodySchema,
  commissionOptOutSchema,
  das2YearParamsSchema,
  stopRenewalInfoSchema,
  stopRenewalTokenSchema,
} from '../renewals';

/**
 * Issue 19 (network-core §10): the DAS2 export, the commissions opt-out, `Résilier mon abonnement`
 * and the renewal reminder's link.
 */
export const renewalEndpoints = {
  das2Csv: endpoint({
    method: 'GET',
    path: '/admin/das2/:year.csv',
    operationId: 'downloadDas2',
    tags: ['Administration'],
    summary: 'DAS2 de l’année\u00a0: bénéficiaires de commissions facturées au-delà de 2\u202f400\u00a0€ TTC, en CSV',
    access: 'admin',
    params: das2YearParamsSchema,
    responses: { 200: fileResponse('text/csv; charset=utf-8', "La DAS2 de l'année (CSV)") },
    errors: ['DAS2_YEAR_TOO_EARLY'],
  }),
  // Issue 32: the same year as filed with the DGFiP (fixed-width records, ISO-8859-1).
  das2File: endpoint({
    method: 'GET',
    path: '/admin/das2/:year.txt',
    operationId: 'downloadDas2File',
    tags: ['Administration'],
    summary:
      'Fichier DAS2 de l’année au format de dépôt de la DGFiP (TD/bilatéral)\u00a0: enregistrements de 672 caractères, ISO-8859-1',
    access: 'admin',
    params: das2YearParamsSchema,
    responses: { 200: fileResponse('text/plain; charset=iso-8859-1', "Le fichier DAS2 de l'année (TD/bilatéral)") },
    errors: ['DAS2_YEAR_TOO_EARLY'],
  }),
  commissionOptOut: endpoint({
    method: 'GET',
    path: '/me/commission-opt-out',
    operationId: 'getMyCommissionOptOut',
    tags: ['Parrainage'],
    summary: 'Profession réglementée et renonciation aux commissions',
    access: 'member',
    responses: { 200: commissionOptOutSchema },
  }),
  setCommissionOptOut: endpoint({
    method: 'PUT',
    path: '/me/commission-opt-out',
    operationId: 'setMyCommissionOptOut',
    tags: ['Parrainage'],
    summary: 'Renoncer aux commissions (ou y revenir) pour les paiements à venir',
    access: 'member',
    body: commissionOptOutBodySchema,
    responses: { 200: commissionOptOutSchema },
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/billing/cancel',
    operationId: 'cancelMySubscription',
    tags: ['Abonnement'],
    summary: 'Résilier mon abonnement\u00a0: fin à l’issue de la période en cours, e-mail de confirmation',
    access: 'member',
    responses: { 200: subscriptionResponseSchema },
    errors: ['NOTHING_TO_CANCEL', 'NOT_FOUND'],
  }),
  stopRenewalInfo: endpoint({
    method: 'GET',
    path: '/billing/stop-renewal',
    operationId: 'getStopRenewal',
    tags: ['Abonnement'],
    summary: 'Le renouvellement qu’un lien de rappel (signé) propose d’arrêter',
    access: 'member',
    query: stopRenewalTokenSchema,
    responses: { 200: stopRenewalInfoSchema },
    errors: ['BAD_RENEWAL_LINK', 'RENEWAL_LINK_OTHER_MEMBER', 'NOTHING_TO_CANCEL'],
  }),
  stopRenewal: endpoint({
    method: 'POST',
    path: '/billing/stop-renewal',
    operationId: 'stopRenewal',
    tags: ['Abonnement'],
    summary: 'Arrêter le renouvellement depuis le lien (signé) du rappel',
    access: 'member',
    body: stopRenewalTokenSchema,
    responses: { 200: subscriptionResponseSchema },
    errors: ['BAD_RENEWAL_LINK', 'RENEWAL_LINK_OTHER_MEMBER', 'NOTHING_TO_CANCEL', 'NOT_FOUND'],
  }),
  demoRenewalDue: endpoint({
    method: 'POST',
    path: '/admin/billing/demo/:userId/renewal-due',
    operationId: 'makeDemoRenewalDue',
    tags: ['Abonnement'],
    summary: 'Démonstration (admin)\u00a0: l’abonnement annuel d’un membre se renouvelle dans deux mois (rappel)',
    access: 'admin',
    params: idParams('userId'),
    responses: { 200: demoAdminActionResponseSchema },
    errors: ['NOT_FOUND'],
  }),
};
