import { dashboardEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { getDashboard } from '../domain/dashboard';
import { serve } from '../lib/endpoints';
import { memberOf } from '../plugins/access';

/** /api/me/dashboard: the member's figures (subscribers only, spec section 6). */
export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.get, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return getDashboard(ctx.db, memberOf(request).id);
  });
};
