import { groupHealthEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { groupHealthOf, healthCache, networkHealthOf } from '../domain/group-health';
import { serve } from '../lib/endpoints';
import { AppError } from '../lib/errors';

/** The group's health (issue 29): the leaders' `Vue d'ensemble`, the admins' network view. */
export const groupHealthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; healthKeptMs?: number }> = async (
  app,
  { ctx, healthKeptMs },
) => {
  const kept = healthCache(ctx.db, healthKeptMs);
  serve(app, endpoints.group, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const { groupId } = request.params;
    // The access hook found the group and its leader: a group missing from the kept sums was
    // created since they were counted, so they are counted again.
    const health =
      groupHealthOf(await kept.get(), groupId, request.query.comparer) ??
      groupHealthOf(await kept.refresh(), groupId, request.query.comparer);
    if (!health) throw new AppError('GROUP_NOT_FOUND');
    return health;
  });
  serve(app, endpoints.network, async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return networkHealthOf(await kept.get());
  });
};
