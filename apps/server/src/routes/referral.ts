import {
  adminCommissionsResponseSchema,
  apiErrorSchema,
  commissionMonthParamsSchema,
  commissionMonthQuerySchema,
  markPaidResponseSchema,
  REFERRAL_COOKIE,
  REFERRAL_COOKIE_DAYS,
  referralResponseSchema,
} from '@synergie/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { monthLedger, monthStatementCsv } from '../domain/commissions';
import { findSponsorByCode, getMyReferral, normalizeReferralCode } from '../domain/referral';
import { closeMonth } from '../domain/self-billing';
import { memberOf } from '../plugins/access';

const adminErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** /api/me/referral and /api/admin/commissions*: the referral programme's API. */
export const referralRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/me/referral',
    {
      config: { access: 'member' },
      schema: {
        tags: ['Parrainage'],
        summary: 'Son lien de parrainage, ses filleuls et ses commissions',
        response: { 200: referralResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => getMyReferral(ctx, memberOf(request).id),
  );

  app.get(
    '/admin/commissions',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['Administration'],
        summary: "Les commissions d'un mois (relevé AAAA-MM) : lignes et totaux par parrain",
        querystring: commissionMonthQuerySchema,
        response: { 200: adminCommissionsResponseSchema, ...adminErrors },
      },
    },
    async (request) => monthLedger(ctx.db, request.query.month),
  );

  app.post(
    '/admin/commissions/:month/mark-paid',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['Administration'],
        summary:
          'Marquer payées les commissions payables du mois : la clôture du mois (autofacturation), bénéficiaires sans mandat actif exclus',
        params: commissionMonthParamsSchema,
        response: { 200: markPaidResponseSchema, ...adminErrors },
      },
    },
    async (request) => {
      const { month } = request.params;
      // Since self-billing (network-core §10) a payout is an invoice: the month's closing.
      const closing = await closeMonth(ctx, month);
      return { month, marked: closing.invoices.reduce((n, i) => n + i.lineCount, 0) };
    },
  );

  app.get(
    '/admin/commissions/:month.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['Administration'],
        summary: 'Le relevé de commissions du mois, en CSV pour Excel',
        params: commissionMonthParamsSchema,
        response: { 200: z.string(), ...adminErrors },
      },
    },
    async (request, reply) => {
      const { month } = request.params;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="commissions-${month}.csv"`)
        .header('cache-control', 'no-store')
        .send(await monthStatementCsv(ctx.db, month));
    },
  );
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
