import { scoreEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { groupScores, myScore } from '../domain/scores';
import { serve } from '../lib/endpoints';
import { memberOf } from '../plugins/access';

/** The reputation score (network-core §7): the member's own breakdown, and the group's for its leaders. */
export const scoreRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.mine, async (request) => myScore(ctx.db, memberOf(request).id));

  serve(app, endpoints.group, async (request) => groupScores(ctx.db, request.params.groupId));
};
