import {
  adminSelfBillingResponseSchema,
  apiErrorSchema,
  closeMonthResponseSchema,
  commissionMonthParamsSchema,
  commissionMonthQuerySchema,
  contestInputSchema,
  mandateInputSchema,
  mandateSchema,
  mySelfBillingResponseSchema,
} from '@synergie/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import {
  acceptMandate,
  adminSelfBilling,
  closeMonth,
  contestInvoice,
  getMySelfBilling,
  issueCreditNote,
  type LoadedInvoice,
  loadInvoice,
  revokeMandate,
} from '../domain/self-billing';
import { facturXPdf, invoicePdf } from '../domain/self-billing-documents';
import { memberOf } from '../plugins/access';

const tags = ['Parrainage'];
const adminTags = ['Administration'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const idParams = z.object({ id: z.uuid() });
const pdfResponse = z.any().describe('Le document PDF');

function sendPdf(
  reply: import('fastify').FastifyReply,
  doc: LoadedInvoice,
  bytes: Uint8Array,
  variant: 'pdf' | 'facturx',
) {
  const name = `${doc.row.kind === 'credit_note' ? 'avoir' : 'facture'}-${doc.row.number}${variant === 'facturx' ? '-factur-x' : ''}.pdf`;
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(Buffer.from(bytes));
}

/**
 * Self-billing (network-core §10): the member's mandate, invoices and contests under
 * /api/me/self-billing; the month closing, the documents and the credit notes under
 * /api/admin/self-billing.
 */
export const selfBillingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/me/self-billing',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: "Son mandat d'autofacturation et ses factures de commissions",
        response: { 200: mySelfBillingResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => getMySelfBilling(ctx.db, memberOf(request).id),
  );

  app.put(
    '/me/self-billing/mandate',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: "Accepter le mandat d'autofacturation (remplace le mandat actif)",
        body: mandateInputSchema,
        response: { 200: mandateSchema, ...errors },
      },
    },
    async (request) => acceptMandate(ctx.db, memberOf(request).id, request.body),
  );

  app.delete(
    '/me/self-billing/mandate',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: "Révoquer son mandat d'autofacturation (les commissions attendent)",
        response: { 200: mandateSchema, 401: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => revokeMandate(ctx.db, memberOf(request).id),
  );

  app.get(
    '/me/self-billing/invoices/:id/pdf',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Une de ses factures, en PDF',
        params: idParams,
        response: { 200: pdfResponse, ...errors },
      },
    },
    async (request, reply) => {
      const doc = await loadInvoice(ctx.db, request.params.id, { userId: memberOf(request).id, admin: false });
      return sendPdf(reply, doc, await invoicePdf(doc), 'pdf');
    },
  );

  app.get(
    '/me/self-billing/invoices/:id/facturx',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Une de ses factures, en Factur-X (PDF/A-3 avec le XML EN 16931)',
        params: idParams,
        response: { 200: pdfResponse, ...errors },
      },
    },
    async (request, reply) => {
      const doc = await loadInvoice(ctx.db, request.params.id, { userId: memberOf(request).id, admin: false });
      return sendPdf(reply, doc, await facturXPdf(doc), 'facturx');
    },
  );

  app.post(
    '/me/self-billing/invoices/:id/contest',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Contester une de ses factures (dans les 15\u00a0jours)\u202f: un message aux administrateurs',
        params: idParams,
        body: contestInputSchema,
        response: { 204: z.null(), ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await contestInvoice(ctx, memberOf(request).id, request.params.id, request.body.reason);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/self-billing',
    {
      config: { access: 'admin' },
      schema: {
        tags: adminTags,
        summary: "Les factures d'autofacturation d'un mois et les contestations en cours",
        querystring: commissionMonthQuerySchema,
        response: { 200: adminSelfBillingResponseSchema, ...errors },
      },
    },
    async (request) => adminSelfBilling(ctx.db, request.query.month),
  );

  app.post(
    '/admin/self-billing/:month/close',
    {
      config: { access: 'admin' },
      schema: {
        tags: adminTags,
        summary: 'Clôturer le mois\u202f: une facture par bénéficiaire ayant un mandat actif, lignes payées',
        params: commissionMonthParamsSchema,
        response: { 200: closeMonthResponseSchema, ...errors },
      },
    },
    async (request) => closeMonth(ctx, request.params.month),
  );

  app.get(
    '/admin/self-billing/invoices/:id/pdf',
    {
      config: { access: 'admin' },
      schema: {
        tags: adminTags,
        summary: "Une facture d'autofacturation, en PDF",
        params: idParams,
        response: { 200: pdfResponse, ...errors },
      },
    },
    async (request, reply) => {
      const doc = await loadInvoice(ctx.db, request.params.id, { userId: memberOf(request).id, admin: true });
      return sendPdf(reply, doc, await invoicePdf(doc), 'pdf');
    },
  );

  app.get(
    '/admin/self-billing/invoices/:id/facturx',
    {
      config: { access: 'admin' },
      schema: {
        tags: adminTags,
        summary: "Une facture d'autofacturation, en Factur-X",
        params: idParams,
        response: { 200: pdfResponse, ...errors },
      },
    },
    async (request, reply) => {
      const doc = await loadInvoice(ctx.db, request.params.id, { userId: memberOf(request).id, admin: true });
      return sendPdf(reply, doc, await facturXPdf(doc), 'facturx');
    },
  );

  app.post(
    '/admin/self-billing/invoices/:id/credit-note',
    {
      config: { access: 'admin' },
      schema: {
        tags: adminTags,
        summary: 'Émettre un avoir annulant une facture (réponse à une contestation)',
        params: idParams,
        response: { 200: z.object({ id: z.string(), number: z.string() }), ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => issueCreditNote(ctx, request.params.id),
  );
};
