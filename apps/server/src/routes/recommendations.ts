import {
  answerBusinessSchema,
  apiErrorSchema,
  declareBusinessSchema,
  groupIdParamsSchema,
  moveRecommendationSchema,
  recommendationDetailSchema,
  recommendationFormSchema,
  recommendationListQuerySchema,
  recommendationListSchema,
  recommendationTotalsSchema,
} from '@synergie/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import {
  answerBusiness,
  csvFileName,
  declareBusiness,
  exportMyRecommendationsCsv,
  getRecommendation,
  giveRecommendation,
  listMyRecommendations,
  moveRecommendation,
  recommendationTotals,
} from '../domain/recommendations';
import { memberOf } from '../plugins/access';

const tags = ['Recommandations'];

const paramsSchema = z.object({ recommendationId: z.string().trim().min(1).max(100) });
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/**
 * Recommendations and closed business (network-core §3). The rules, and who may do what beyond
 * the access level (giver, receiver), are in domain/recommendations.ts.
 */
export const recommendationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/recommendations',
    {
      config: { access: 'subscriber' },
      schema: {
        tags,
        summary:
          'Donner une recommandation à un membre du réseau (abonnés)\u202f: pour vous, ou un contact externe qui a accepté d’être recontacté',
        body: recommendationFormSchema,
        response: { 201: recommendationDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = memberOf(request).id;
      const { id } = await giveRecommendation(ctx, userId, request.body);
      return reply.status(201).send(await getRecommendation(ctx.db, userId, id));
    },
  );

  app.get(
    '/me/recommendations',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Mes recommandations données ou reçues, par statut et par mois, page par page',
        querystring: recommendationListQuerySchema,
        response: { 200: recommendationListSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => listMyRecommendations(ctx.db, memberOf(request).id, request.query),
  );

  app.get(
    '/me/recommendations.csv',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Mes recommandations (mêmes filtres) en CSV pour Excel',
        querystring: recommendationListQuerySchema,
        response: { 200: z.string(), 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const csv = await exportMyRecommendationsCsv(ctx.db, memberOf(request).id, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName()}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/recommendations/:recommendationId',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Une recommandation et son historique (le membre qui l’a donnée, celui qui la reçoit, ou un admin)',
        params: paramsSchema,
        response: { 200: recommendationDetailSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getRecommendation(ctx.db, memberOf(request).id, request.params.recommendationId),
  );

  app.post(
    '/recommendations/:recommendationId/status',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary:
          'Faire avancer une recommandation reçue (Contactée, Rendez-vous, Devis envoyé, Gagnée avec le montant HT, Perdue, Sans suite)',
        params: paramsSchema,
        body: moveRecommendationSchema,
        response: { 200: recommendationDetailSchema, ...errors },
      },
    },
    async (request) => moveRecommendation(ctx, memberOf(request).id, request.params.recommendationId, request.body),
  );

  app.put(
    '/recommendations/:recommendationId/business',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary:
          'Corriger le montant HT de l’affaire conclue (le membre qui a reçu la recommandation, avant confirmation)',
        params: paramsSchema,
        body: declareBusinessSchema,
        response: { 200: recommendationDetailSchema, ...errors },
      },
    },
    async (request) => declareBusiness(ctx, memberOf(request).id, request.params.recommendationId, request.body.amount),
  );

  app.post(
    '/recommendations/:recommendationId/business/answer',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary:
          'Confirmer (« Je confirme ») ou contester le montant déclaré (le membre qui a donné la recommandation)',
        params: paramsSchema,
        body: answerBusinessSchema,
        response: { 200: recommendationDetailSchema, ...errors },
      },
    },
    async (request) => answerBusiness(ctx, memberOf(request).id, request.params.recommendationId, request.body),
  );

  app.get(
    '/groups/:groupId/recommendations/totals',
    {
      config: { access: { groupRole: 'leader', groupParam: 'groupId' } },
      schema: {
        tags,
        summary: 'Les recommandations données par les membres du groupe, mois par mois sur 12 mois (responsables)',
        params: groupIdParamsSchema,
        response: { 200: recommendationTotalsSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => recommendationTotals(ctx.db, { groupId: request.params.groupId }),
  );

  app.get(
    '/admin/recommendations/totals',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Les recommandations du réseau, mois par mois sur 12 mois (admin)',
        response: { 200: recommendationTotalsSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async () => recommendationTotals(ctx.db, 'network'),
  );
};
