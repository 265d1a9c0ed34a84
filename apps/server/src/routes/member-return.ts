import { returnEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { getMyReturn } from '../domain/member-return';
import { serve } from '../lib/endpoints';
import { memberOf } from '../plugins/access';

/** /api/me/return: `Mon retour sur cotisation` (issue 29). */
export const memberReturnRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.get, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return getMyReturn(ctx.db, memberOf(request).id);
  });
};
