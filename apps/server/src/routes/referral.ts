import { REFERRAL_COOKIE, REFERRAL_COOKIE_DAYS } from '@synergie/shared';
import { referralEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { monthLedger, monthStatementCsv } from '../domain/commissions';
import { findSponsorByCode, getMyReferral, normalizeReferralCode } from '../domain/referral';
import { closeMonth } from '../domain/self-billing';
import { serve } from '../lib/endpoints';
import { memberOf } from '../plugins/access';

/** /api/me/referral and /api/admin/commissions*: the referral programme's API. */
export const referralRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.mine, (request) => getMyReferral(ctx, memberOf(request).id));

  serve(app, endpoints.commissions, (request) => monthLedger(ctx.db, request.query.month));

  serve(app, endpoints.markPaid, async (request) => {
    const { month } = request.params;
    // Since self-billing (network-core §10) a payout is an invoice: the month's closing.
    const closing = await closeMonth(ctx, month);
    return { month, marked: closing.invoices.reduce((n, i) => n + i.lineCount, 0) };
  });

  serve(app, endpoints.statementCsv, async (request, reply) => {
    const { month } = request.params;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="commissions-${month}.csv"`)
      .header('cache-control', 'no-store')
      .send(await monthStatementCsv(ctx.db, month));
  });
};

/** /r/{code}: remembers the referral for 30 days and goes to the home page. */
export const referralLinkRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/r/:code',
    { schema: { hide: true, params: z.object({ code: z.string().max(64) }) }, config: { access: 'public' } },
    async (request, reply) => {
      const code = normalizeReferralCode(request.params.code);
      if (code && (await findSponsorByCode(ctx.db, code))) {
        reply.setCookie(REFERRAL_COOKIE, code, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: ctx.env.NODE_ENV === 'production',
          maxAge: REFERRAL_COOKIE_DAYS * 24 * 60 * 60,
        });
      }
      return reply.header('cache-control', 'no-store').redirect('/', 302);
    },
  );
};
