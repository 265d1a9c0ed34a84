import { recommendationEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { csvFileName, exportMyRecommendationsCsv } from '../domain/recommendations/csv';
import {
  answerBusiness,
  declareBusiness,
  giveRecommendation,
  moveRecommendation,
} from '../domain/recommendations/moves';
import { getRecommendation, listMyRecommendations } from '../domain/recommendations/reading';
import { recommendationTotals } from '../domain/recommendations/totals';
import { serve } from '../lib/endpoints';
import { memberOf } from '../plugins/access';

/**
 * Recommendations and closed business (network-core §3). The rules, and who may do what beyond
 * the access level (giver, receiver), are in domain/recommendations/.
 */
export const recommendationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.give, async (request, reply) => {
    const userId = memberOf(request).id;
    const { id } = await giveRecommendation(ctx, userId, request.body);
    return reply.status(201).send(await getRecommendation(ctx.db, userId, id));
  });

  serve(app, endpoints.mine, async (request) => listMyRecommendations(ctx.db, memberOf(request).id, request.query));

  serve(app, endpoints.csv, async (request, reply) => {
    const csv = await exportMyRecommendationsCsv(ctx.db, memberOf(request).id, request.query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csvFileName()}"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  serve(app, endpoints.get, async (request) =>
    getRecommendation(ctx.db, memberOf(request).id, request.params.recommendationId),
  );

  serve(app, endpoints.move, async (request) =>
    moveRecommendation(ctx, memberOf(request).id, request.params.recommendationId, request.body),
  );

  serve(app, endpoints.declareBusiness, async (request) =>
    declareBusiness(ctx, memberOf(request).id, request.params.recommendationId, request.body.amount),
  );

  serve(app, endpoints.answerBusiness, async (request) =>
    answerBusiness(ctx, memberOf(request).id, request.params.recommendationId, request.body),
  );

  serve(app, endpoints.groupTotals, async (request) =>
    recommendationTotals(ctx.db, { groupId: request.params.groupId }),
  );

  serve(app, endpoints.networkTotals, async () => recommendationTotals(ctx.db, 'network'));
};
