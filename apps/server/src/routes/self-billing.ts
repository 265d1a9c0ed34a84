import { selfBillingEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import {
  acceptMandate,
  adminSelfBilling,
  closeMonth,
  contestInvoice,
  getMySelfBilling,
  issueCreditNote,
  loadInvoice,
  revokeMandate,
} from '../domain/self-billing';
import { facturXPdf, invoicePdf } from '../domain/self-billing-documents';
import { serve } from '../lib/endpoints';
import { memberOf } from '../plugins/access';
import { sendInvoicePdf } from './send-invoice-pdf';

/**
 * Self-billing (network-core §10): the member's mandate, invoices and contests under
 * /api/me/self-billing; the month closing, the documents and the credit notes under
 * /api/admin/self-billing.
 */
export const selfBillingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.mine, (request) => getMySelfBilling(ctx.db, memberOf(request).id));

  serve(app, endpoints.acceptMandate, (request) => acceptMandate(ctx.db, memberOf(request).id, request.body));

  serve(app, endpoints.revokeMandate, (request) => revokeMandate(ctx.db, memberOf(request).id));

  serve(app, endpoints.myInvoicePdf, async (request, reply) => {
    const doc = await loadInvoice(ctx.db, request.params.id, { userId: memberOf(request).id, admin: false });
    return sendInvoicePdf(reply, doc, await invoicePdf(doc), false);
  });

  serve(app, endpoints.myInvoiceFacturX, async (request, reply) => {
    const doc = await loadInvoice(ctx.db, request.params.id, { userId: memberOf(request).id, admin: false });
    return sendInvoicePdf(reply, doc, await facturXPdf(doc), true);
  });

  serve(app, endpoints.contest, async (request, reply) => {
    await contestInvoice(ctx, memberOf(request).id, request.params.id, request.body.reason);
    return reply.code(204).send(null);
  });

  serve(app, endpoints.month, (request) => adminSelfBilling(ctx.db, request.query.month));

  serve(app, endpoints.closeMonth, (request) => closeMonth(ctx, request.params.month));

  serve(app, endpoints.invoicePdf, async (request, reply) => {
    const doc = await loadInvoice(ctx.db, request.params.id, { userId: memberOf(request).id, admin: true });
    return sendInvoicePdf(reply, doc, await invoicePdf(doc), false);
  });

  serve(app, endpoints.invoiceFacturX, async (request, reply) => {
    const doc = await loadInvoice(ctx.db, request.params.id, { userId: memberOf(request).id, admin: true });
    return sendInvoicePdf(reply, doc, await facturXPdf(doc), true);
  });

  serve(app, endpoints.creditNote, (request) => issueCreditNote(ctx, request.params.id));
};
