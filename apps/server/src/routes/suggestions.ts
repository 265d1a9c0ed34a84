import { suggestionEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { getMissingTrades, getOneToOneSuggestions } from '../domain/suggestions';
import { serve } from '../lib/endpoints';
import { memberOf } from '../plugins/access';

/** /api/me/suggestions/*: suggestions that explain themselves (issue 29). */
export const suggestionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.oneToOnes, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return getOneToOneSuggestions(ctx.db, memberOf(request).id);
  });
  serve(app, endpoints.missingTrades, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return getMissingTrades(ctx.db, memberOf(request).id);
  });
};
