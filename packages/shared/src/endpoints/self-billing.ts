import { z } from 'zod';
import { endpoint, fileResponse } from '../endpoint';
import { idParams } from '../ids';
import { commissionMonthParamsSchema, commissionMonthQuerySchema } from '../referral';
import {
  adminSelfBillingResponseSchema,
  closeMonthResponseSchema,
  contestInputSchema,
  creditNoteResponseSchema,
  mandateInputSchema,
  mandateSchema,
  mySelfBillingResponseSchema,
} from '../self-billing';

const tags = ['Parrainage'];
const adminTags = ['Administration'];
const pdf = fileResponse('application/pdf', 'Le document PDF');

/**
 * Self-billing (network-core §10): the member's mandate, invoices and contests under
 * /api/me/self-billing; the month closing, the documents and the credit notes under
 * /api/admin/self-billing.
 */
export const selfBillingEndpoints = {
  mine: endpoint({
    method: 'GET',
    path: '/me/self-billing',
    operationId: 'getMySelfBilling',
    tags,
    summary: 'Son mandat d’autofacturation et ses factures de commissions',
    access: 'member',
    responses: { 200: mySelfBillingResponseSchema },
  }),
  acceptMandate: endpoint({
    method: 'PUT',
    path: '/me/self-billing/mandate',
    operationId: 'acceptSelfBillingMandate',
    tags,
    summary: 'Accepter le mandat d’autofacturation (remplace le mandat actif)',
    access: 'member',
    body: mandateInputSchema,
    responses: { 200: mandateSchema },
  }),
  revokeMandate: endpoint({
    method: 'DELETE',
    path: '/me/self-billing/mandate',
    operationId: 'revokeSelfBillingMandate',
    tags,
    summary: 'Révoquer son mandat d’autofacturation (les commissions attendent)',
    access: 'member',
    responses: { 200: mandateSchema },
    errors: ['MANDATE_REQUIRED'],
  }),
  myInvoicePdf: endpoint({
    method: 'GET',
    path: '/me/self-billing/invoices/:id/pdf',
    operationId: 'downloadMyInvoicePdf',
    tags,
    summary: 'Une de ses factures, en PDF',
    access: 'member',
    params: idParams('id'),
    responses: { 200: pdf },
    errors: ['INVOICE_NOT_FOUND'],
  }),
  myInvoiceFacturX: endpoint({
    method: 'GET',
    path: '/me/self-billing/invoices/:id/facturx',
    operationId: 'downloadMyInvoiceFacturX',
    tags,
    summary: 'Une de ses factures, en Factur-X (PDF/A-3 avec le XML EN 16931)',
    access: 'member',
    params: idParams('id'),
    responses: { 200: pdf },
    errors: ['INVOICE_NOT_FOUND'],
  }),
  contest: endpoint({
    method: 'POST',
    path: '/me/self-billing/invoices/:id/contest',
    operationId: 'contestInvoice',
    tags,
    summary: 'Contester une de ses factures (dans les 15\u00a0jours)\u00a0: un message aux administrateurs',
    access: 'member',
    params: idParams('id'),
    body: contestInputSchema,
    responses: { 204: z.null() },
    errors: [
      'INVOICE_NOT_FOUND',
      'NOT_CONTESTABLE',
      'INVOICE_ALREADY_CREDITED',
      'ALREADY_CONTESTED',
      'CONTEST_TOO_LATE',
    ],
  }),
  month: endpoint({
    method: 'GET',
    path: '/admin/self-billing',
    operationId: 'getMonthSelfBilling',
    tags: adminTags,
    summary: 'Les factures d’autofacturation d’un mois et les contestations en cours',
    access: 'admin',
    query: commissionMonthQuerySchema,
    responses: { 200: adminSelfBillingResponseSchema },
  }),
  closeMonth: endpoint({
    method: 'POST',
    path: '/admin/self-billing/:month/close',
    operationId: 'closeSelfBillingMonth',
    tags: adminTags,
    summary: 'Clôturer le mois\u00a0: une facture par bénéficiaire ayant un mandat actif, lignes payées',
    access: 'admin',
    params: commissionMonthParamsSchema,
    responses: { 200: closeMonthResponseSchema },
    errors: ['MONTH_NOT_CLOSABLE'],
  }),
  invoicePdf: endpoint({
    method: 'GET',
    path: '/admin/self-billing/invoices/:id/pdf',
    operationId: 'downloadInvoicePdf',
    tags: adminTags,
    summary: 'Une facture d’autofacturation, en PDF',
    access: 'admin',
    params: idParams('id'),
    responses: { 200: pdf },
    errors: ['INVOICE_NOT_FOUND'],
  }),
  invoiceFacturX: endpoint({
    method: 'GET',
    path: '/admin/self-billing/invoices/:id/facturx',
    operationId: 'downloadInvoiceFacturX',
    tags: adminTags,
    summary: 'Une facture d’autofacturation, en Factur-X',
    access: 'admin',
    params: idParams('id'),
    responses: { 200: pdf },
    errors: ['INVOICE_NOT_FOUND'],
  }),
  creditNote: endpoint({
    method: 'POST',
    path: '/admin/self-billing/invoices/:id/credit-note',
    operationId: 'issueCreditNote',
    tags: adminTags,
    summary: 'Émettre un avoir annulant une facture (réponse à une contestation)',
    access: 'admin',
    params: idParams('id'),
    responses: { 200: creditNoteResponseSchema },
    errors: ['INVOICE_NOT_FOUND', 'NOT_CONTESTABLE', 'INVOICE_ALREADY_CREDITED'],
  }),
};
