import { todayEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { getToday } from '../domain/today';
import { serve } from '../lib/endpoints';
import { memberOf } from '../plugins/access';

/** /api/me/today: `Aujourd'hui`, the member's home (issue 28). */
export const todayRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.get, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return getToday(ctx.db, memberOf(request).id);
  });
};
