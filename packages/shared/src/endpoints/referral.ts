import { endpoint, fileResponse } from '../endpoint';
import {
  adminCommissionsResponseSchema,
  commissionMonthParamsSchema,
  commissionMonthQuerySchema,
  markPaidResponseSchema,
  referralResponseSchema,
} from '../referral';

const adminTags = ['Administration'];

/** /api/me/referral and /api/admin/commissions*: the referral programme's API. */
export const referralEndpoints = {
  mine: endpoint({
    method: 'GET',
    path: '/me/referral',
    operationId: 'getMyReferral',
    tags: ['Parrainage'],
    summary: 'Son lien de parrainage, ses filleuls et ses commissions',
    access: 'member',
    responses: { 200: referralResponseSchema },
  }),
  commissions: endpoint({
    method: 'GET',
    path: '/admin/commissions',
    operationId: 'listMonthCommissions',
    tags: adminTags,
    summary: 'Les commissions d’un mois (relevé AAAA-MM)\u00a0: lignes et totaux par parrain',
    access: 'admin',
    query: commissionMonthQuerySchema,
    responses: { 200: adminCommissionsResponseSchema },
  }),
  markPaid: endpoint({
    method: 'POST',
    path: '/admin/commissions/:month/mark-paid',
    operationId: 'markMonthCommissionsPaid',
    tags: adminTags,
    summary:
      'Marquer payées les commissions payables du mois\u00a0: la clôture du mois (autofacturation), bénéficiaires sans mandat actif exclus',
    access: 'admin',
    params: commissionMonthParamsSchema,
    responses: { 200: markPaidResponseSchema },
    errors: ['MONTH_NOT_CLOSABLE'],
  }),
  statementCsv: endpoint({
    method: 'GET',
    path: '/admin/commissions/:month.csv',
    operationId: 'downloadCommissionStatement',
    tags: adminTags,
    summary: 'Le relevé de commissions du mois, en CSV pour Excel',
    access: 'admin',
    params: commissionMonthParamsSchema,
    responses: { 200: fileResponse('text/csv; charset=utf-8', 'Le relevé de commissions du mois (CSV)') },
  }),
};
