import { demoAdminActionResponseSchema } from '../billing';
import { endpoint, fileResponse } from '../endpoint';
import { idParams } from '../ids';
import {
  adminMembershipInvoicesSchema,
  billingDetailsInputSchema,
  billingDetailsSchema,
  invoiceYearParamsSchema,
  myMembershipInvoicesSchema,
} from '../membership-invoices';
import { sireneCompanySchema, sirenParamsSchema } from '../sirene';

const tags = ['Abonnement'];
const adminTags = ['Administration'];
const pdf = fileResponse('application/pdf', 'Le document PDF');

/**
 * Membership invoices (issue 32, docs/product/invoicing.md "Factures d'adhésion"): the member's own
 * under /api/me, every one and the accountant's exports (CSV, FEC) under /api/admin.
 */
export const membershipInvoiceEndpoints = {
  mine: endpoint({
    method: 'GET',
    path: '/me/membership-invoices',
    operationId: 'getMyMembershipInvoices',
    tags,
    summary: 'Mes factures\u00a0: les factures et avoirs de son adhésion, et ses coordonnées de facturation',
    access: 'member',
    responses: { 200: myMembershipInvoicesSchema },
  }),
  saveDetails: endpoint({
    method: 'PUT',
    path: '/me/billing-details',
    operationId: 'saveMyBillingDetails',
    tags,
    summary: 'Ses coordonnées de facturation (SIREN, numéro de TVA, adresse), reprises sur les factures suivantes',
    access: 'member',
    body: billingDetailsInputSchema,
    responses: { 200: billingDetailsSchema },
  }),
  lookUpSiren: endpoint({
    method: 'GET',
    path: '/me/billing-details/sirene/:siren',
    operationId: 'lookUpMySiren',
    tags,
    summary:
      'Le nom et l’adresse du siège d’une entreprise en activité, lus dans le répertoire Sirene de l’INSEE à partir de son SIREN (rien n’est enregistré)',
    description:
      'Proposé quand le serveur a SIRENE_API_URL. Compte dans le quota `sireneLookups` quand l’INSEE a répondu (trouvé, inconnu ou fermé).',
    access: 'member',
    params: sirenParamsSchema,
    responses: { 200: sireneCompanySchema },
    errors: ['SIRENE_UNKNOWN', 'SIRENE_CLOSED', 'SIRENE_UNAVAILABLE', 'SIRENE_NOT_OFFERED', 'QUOTA_EXCEEDED'],
  }),
  myPdf: endpoint({
    method: 'GET',
    path: '/me/membership-invoices/:id/pdf',
    operationId: 'downloadMyMembershipInvoicePdf',
    tags,
    summary: 'Une de ses factures d’adhésion, en PDF',
    access: 'member',
    params: idParams('id'),
    responses: { 200: pdf },
    errors: ['INVOICE_NOT_FOUND'],
  }),
  myFacturX: endpoint({
    method: 'GET',
    path: '/me/membership-invoices/:id/facturx',
    operationId: 'downloadMyMembershipInvoiceFacturX',
    tags,
    summary: 'Une de ses factures d’adhésion, en Factur-X (PDF/A-3 avec le XML EN 16931)',
    access: 'member',
    params: idParams('id'),
    responses: { 200: pdf },
    errors: ['INVOICE_NOT_FOUND'],
  }),
  adminList: endpoint({
    method: 'GET',
    path: '/admin/membership-invoices/:year',
    operationId: 'getMembershipInvoices',
    tags: adminTags,
    summary: 'Les factures et avoirs d’adhésion émis dans l’année',
    access: 'admin',
    params: invoiceYearParamsSchema,
    responses: { 200: adminMembershipInvoicesSchema },
  }),
  adminCsv: endpoint({
    method: 'GET',
    path: '/admin/membership-invoices/:year.csv',
    operationId: 'downloadMembershipInvoicesCsv',
    tags: adminTags,
    summary: 'Les factures et avoirs d’adhésion de l’année, en CSV',
    access: 'admin',
    params: invoiceYearParamsSchema,
    responses: { 200: fileResponse('text/csv; charset=utf-8', 'Les factures de l’année (CSV)') },
  }),
  fec: endpoint({
    method: 'GET',
    path: '/admin/accounting/:year/fec',
    operationId: 'downloadFec',
    tags: adminTags,
    summary:
      'Fichier des écritures comptables (FEC) de l’année\u00a0: adhésions, commissions et avoirs, 18 colonnes séparées par des tabulations',
    access: 'admin',
    params: invoiceYearParamsSchema,
    responses: { 200: fileResponse('text/plain; charset=iso-8859-15', 'Le FEC de l’année') },
  }),
  adminPdf: endpoint({
    method: 'GET',
    path: '/admin/membership-invoices/documents/:id/pdf',
    operationId: 'downloadMembershipInvoicePdf',
    tags: adminTags,
    summary: 'Une facture d’adhésion, en PDF',
    access: 'admin',
    params: idParams('id'),
    responses: { 200: pdf },
    errors: ['INVOICE_NOT_FOUND'],
  }),
  adminFacturX: endpoint({
    method: 'GET',
    path: '/admin/membership-invoices/documents/:id/facturx',
    operationId: 'downloadMembershipInvoiceFacturX',
    tags: adminTags,
    summary: 'Une facture d’adhésion, en Factur-X',
    access: 'admin',
    params: idParams('id'),
    responses: { 200: pdf },
    errors: ['INVOICE_NOT_FOUND'],
  }),
  demoRefund: endpoint({
    method: 'POST',
    path: '/admin/billing/demo/:userId/refund',
    operationId: 'refundDemoSubscription',
    tags,
    summary:
      'Démonstration (admin)\u00a0: rembourser le dernier paiement d’un membre et mettre fin à son abonnement (un avoir)',
    access: 'admin',
    params: idParams('userId'),
    responses: { 200: demoAdminActionResponseSchema },
    errors: ['NOT_FOUND'],
  }),
};
