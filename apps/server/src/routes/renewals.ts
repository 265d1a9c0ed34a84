import { renewalEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AnyBillingProvider, DemoBillingProvider } from '../billing';
import type { AppContext } from '../context';
import { getCommissionOptOut, setCommissionOptOut } from '../domain/commission-opt-out';
import { das2Csv, das2Declarant, das2File } from '../domain/das2';
import { cancelSubscription, demoRenewalDue, stopRenewal, stopRenewalInfo } from '../domain/renewals';
import { serve } from '../lib/endpoints';
import { AppError } from '../lib/errors';
import { memberOf } from '../plugins/access';

/**
 * Issue 19 (network-core §10): the DAS2 export, the commissions opt-out, `Résilier mon abonnement`
 * and the renewal reminder's link.
 */
export const renewalRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; billing: AnyBillingProvider }> = async (
  app,
  { ctx, billing },
) => {
  // A cancellation changes what a member's session allows (as in routes/billing.ts).
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method === 'POST') await ctx.sessionCache.clear();
    return payload;
  });

  serve(app, endpoints.das2Csv, async (request, reply) => {
    const { year } = request.params;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="das2-${year}.csv"`)
      .header('cache-control', 'no-store')
      .send(await das2Csv(ctx.db, year));
  });

  // Issue 32: the fixed-width file as filed, the downloading admin as the person to contact.
  serve(app, endpoints.das2File, async (request, reply) => {
    const { year } = request.params;
    const admin = memberOf(request);
    const file = await das2File(ctx.db, year, das2Declarant(ctx.env, { name: admin.name, email: admin.email }));
    return reply
      .header('content-type', 'text/plain; charset=iso-8859-1')
      .header('content-disposition', `attachment; filename="das2-${year}.txt"`)
      .header('cache-control', 'no-store')
      .send(file);
  });

  serve(app, endpoints.commissionOptOut, (request) => getCommissionOptOut(ctx.db, memberOf(request).id));

  serve(app, endpoints.setCommissionOptOut, (request) =>
    setCommissionOptOut(ctx.db, memberOf(request).id, request.body.optedOut),
  );

  serve(app, endpoints.cancel, (request) => cancelSubscription(ctx, billing, memberOf(request).id));

  serve(app, endpoints.stopRenewalInfo, (request) => stopRenewalInfo(ctx, request.query.token, memberOf(request).id));

  serve(app, endpoints.stopRenewal, (request) => stopRenewal(ctx, billing, request.body.token, memberOf(request).id));

  serve(app, endpoints.demoRenewalDue, (request) => {
    if (!(billing instanceof DemoBillingProvider)) throw new AppError('NOT_FOUND');
    return demoRenewalDue(ctx.db, request.params.userId);
  });
};
