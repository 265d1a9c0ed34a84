import { membershipInvoiceEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AnyBillingProvider, DemoBillingProvider } from '../billing';
import { demoRefund } from '../billing/demo';
import type { AppContext } from '../context';
import { einvoicingPlatformName } from '../domain/einvoicing/settings';
import { fecFileName, fecText, latin9 } from '../domain/fec';
import {
  adminMembershipInvoices,
  getMyMembershipInvoices,
  invoiceSellerOf,
  loadMembershipDocument,
  membershipInvoicesCsv,
  saveBillingDetails,
} from '../domain/membership-invoices';
import { quotaLimitsFrom } from '../domain/quotas';
import { facturXPdf, invoicePdf } from '../domain/self-billing-documents';
import { createSireneDirectory, lookUpSirenFor, SireneUnavailable } from '../domain/sirene';
import { serve } from '../lib/endpoints';
import { AppError } from '../lib/errors';
import { memberOf } from '../plugins/access';
import { sendInvoicePdf } from './send-invoice-pdf';

/**
 * Membership invoices (issue 32): `Mes factures` and the billing details under /api/me (with the
 * SIREN looked up in INSEE's Sirene directory, domain/sirene.ts); the list,
 * the documents, the CSV and the FEC under /api/admin; the demo's refund. The documents are drawn
 * by the self-billing generator (domain/self-billing-documents.ts).
 */
export const membershipInvoiceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; billing: AnyBillingProvider }> = async (
  app,
  { ctx, billing },
) => {
  const sirene = createSireneDirectory(ctx.env);
  const limitsOf = quotaLimitsFrom(ctx.env);

  serve(app, endpoints.mine, async (request) => ({
    ...(await getMyMembershipInvoices(ctx.db, memberOf(request).id, sirene !== null)),
    einvoicingPlatform: einvoicingPlatformName(ctx.env),
  }));

  serve(app, endpoints.lookUpSiren, async (request, reply) => {
    if (!sirene) throw new AppError('SIRENE_NOT_OFFERED');
    try {
      return await lookUpSirenFor(
        ctx.db,
        sirene,
        limitsOf('sireneLookups'),
        memberOf(request).id,
        request.params.siren,
        (retryAfter) => reply.header('retry-after', String(retryAfter)),
      );
    } catch (error) {
      if (error instanceof SireneUnavailable) request.log.warn({ detail: error.detail }, 'Sirene lookup failed');
      throw error;
    }
  });

  serve(app, endpoints.saveDetails, (request) => saveBillingDetails(ctx.db, memberOf(request).id, request.body));

  serve(app, endpoints.myPdf, async (request, reply) => {
    const doc = await loadMembershipDocument(ctx.db, request.params.id, { userId: memberOf(request).id, admin: false });
    return sendInvoicePdf(reply, doc, await invoicePdf(doc), false);
  });

  serve(app, endpoints.myFacturX, async (request, reply) => {
    const doc = await loadMembershipDocument(ctx.db, request.params.id, { userId: memberOf(request).id, admin: false });
    return sendInvoicePdf(reply, doc, await facturXPdf(doc), true);
  });

  serve(app, endpoints.adminList, async (request) => ({
    invoices: await adminMembershipInvoices(ctx.db, request.params.year),
  }));

  serve(app, endpoints.adminCsv, async (request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="factures-adhesion-${request.params.year}.csv"`)
      .header('cache-control', 'no-store')
      .send(await membershipInvoicesCsv(ctx.db, request.params.year)),
  );

  serve(app, endpoints.fec, async (request, reply) =>
    reply
      .header('content-type', 'text/plain; charset=iso-8859-15')
      .header(
        'content-disposition',
        `attachment; filename="${fecFileName(ctx.env.COMPANY_SIREN, request.params.year)}"`,
      )
      .header('cache-control', 'no-store')
      .send(latin9(await fecText(ctx.db, request.params.year))),
  );

  serve(app, endpoints.adminPdf, async (request, reply) => {
    const doc = await loadMembershipDocument(ctx.db, request.params.id, { userId: memberOf(request).id, admin: true });
    return sendInvoicePdf(reply, doc, await invoicePdf(doc), false);
  });

  serve(app, endpoints.adminFacturX, async (request, reply) => {
    const doc = await loadMembershipDocument(ctx.db, request.params.id, { userId: memberOf(request).id, admin: true });
    return sendInvoicePdf(reply, doc, await facturXPdf(doc), true);
  });

  serve(app, endpoints.demoRefund, async (request) => {
    if (!(billing instanceof DemoBillingProvider)) throw new AppError('NOT_FOUND');
    const result = await demoRefund(ctx.db, invoiceSellerOf(ctx.env), request.params.userId);
    // The member's access changes at once on every instance (auth/session-cache.ts).
    await ctx.sessionCache.clear();
    return result;
  });
};
