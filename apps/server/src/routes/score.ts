import {
  apiErrorSchema,
  groupIdParamsSchema,
  groupScoresResponseSchema,
  myScoreResponseSchema,
} from '@synergie/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { groupScores, myScore } from '../domain/scores';
import { memberOf } from '../plugins/access';

const tags = ['Score de réputation'];

/** The reputation score (network-core §7): the member's own breakdown, and the group's for its leaders. */
export const scoreRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/score/me',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Mon score de réputation et « Pourquoi ce score\u202f? » (null avant le premier calcul)',
        response: { 200: myScoreResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => myScore(ctx.db, memberOf(request).id),
  );

  app.get(
    '/groups/:groupId/scores',
    {
      config: { access: { groupRole: 'leader', groupParam: 'groupId' } },
      schema: {
        tags,
        summary: 'Les scores des membres du groupe, du meilleur au plus bas (responsables du groupe)',
        params: groupIdParamsSchema,
        response: { 200: groupScoresResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => groupScores(ctx.db, request.params.groupId),
  );
};
