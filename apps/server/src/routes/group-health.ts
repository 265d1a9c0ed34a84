import { groupHealthEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { getGroupHealth, getNetworkHealth } from '../domain/group-health';
import { serve } from '../lib/endpoints';
import { AppError } from '../lib/errors';

/** The group's health (issue 29): the leaders' `Vue d'ensemble`, the admins' network view. */
export const groupHealthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.group, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const health = await getGroupHealth(ctx.db, request.params.groupId, request.query.comparer);
    if (!health) throw new AppError('GROUP_NOT_FOUND');
    return health;
  });
  serve(app, endpoints.network, async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return getNetworkHealth(ctx.db);
  });
};
