import {
  apiErrorSchema,
  billingUserParamsSchema,
  commissionOptOutBodySchema,
  commissionOptOutSchema,
  das2YearParamsSchema,
  demoAdminActionResponseSchema,
  stopRenewalInfoSchema,
  stopRenewalTokenSchema,
  subscriptionResponseSchema,
} from '@synergie/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AnyBillingProvider, DemoBillingProvider } from '../billing';
import type { AppContext } from '../context';
import { getCommissionOptOut, setCommissionOptOut } from '../domain/commission-opt-out';
import { das2Csv } from '../domain/das2';
import { cancelSubscription, demoRenewalDue, stopRenewal, stopRenewalInfo } from '../domain/renewals';
import { AppError } from '../lib/errors';
import { memberOf } from '../plugins/access';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema };

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

  app.get(
    '/admin/das2/:year.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['Administration'],
        summary:
          "DAS2 de l'année\u202f: bénéficiaires de commissions facturées au-delà de 2\u202f400\u00a0€ TTC, en CSV",
        params: das2YearParamsSchema,
        response: { 200: z.string(), ...errors, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { year } = request.params;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="das2-${year}.csv"`)
        .header('cache-control', 'no-store')
        .send(await das2Csv(ctx.db, year));
    },
  );

  app.get(
    '/me/commission-opt-out',
    {
      config: { access: 'member' },
      schema: {
        tags: ['Parrainage'],
        summary: 'Profession réglementée et renonciation aux commissions',
        response: { 200: commissionOptOutSchema, 401: apiErrorSchema },
      },
    },
    async (request) => getCommissionOptOut(ctx.db, memberOf(request).id),
  );

  app.put(
    '/me/commission-opt-out',
    {
      config: { access: 'member' },
      schema: {
        tags: ['Parrainage'],
        summary: 'Renoncer aux commissions (ou y revenir) pour les paiements à venir',
        body: commissionOptOutBodySchema,
        response: { 200: commissionOptOutSchema, ...errors },
      },
    },
    async (request) => setCommissionOptOut(ctx.db, memberOf(request).id, request.body.optedOut),
  );

  app.post(
    '/billing/cancel',
    {
      config: { access: 'member' },
      schema: {
        tags: ['Abonnement'],
        summary: "Résilier mon abonnement\u202f: fin à l'issue de la période en cours, e-mail de confirmation",
        response: { 200: subscriptionResponseSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => cancelSubscription(ctx, billing, memberOf(request).id),
  );

  app.get(
    '/billing/stop-renewal',
    {
      config: { access: 'member' },
      schema: {
        tags: ['Abonnement'],
        summary: "Le renouvellement qu'un lien de rappel (signé) propose d'arrêter",
        querystring: stopRenewalTokenSchema,
        response: { 200: stopRenewalInfoSchema, ...errors, 403: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => stopRenewalInfo(ctx, request.query.token, memberOf(request).id),
  );

  app.post(
    '/billing/stop-renewal',
    {
      config: { access: 'member' },
      schema: {
        tags: ['Abonnement'],
        summary: 'Arrêter le renouvellement depuis le lien (signé) du rappel',
        body: stopRenewalTokenSchema,
        response: { 200: subscriptionResponseSchema, ...errors, 403: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => stopRenewal(ctx, billing, request.body.token, memberOf(request).id),
  );

  app.post(
    '/admin/billing/demo/:userId/renewal-due',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['Abonnement'],
        summary: "Démonstration (admin)\u202f: l'abonnement annuel d'un membre se renouvelle dans deux mois (rappel)",
        params: billingUserParamsSchema,
        response: { 200: demoAdminActionResponseSchema, ...errors, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      if (!(billing instanceof DemoBillingProvider)) throw new AppError('NOT_FOUND');
      return demoRenewalDue(ctx.db, request.params.userId);
    },
  );
};
