import { serviceEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { createService, deleteService, listServices, updateService } from '../domain/services';
import { serve } from '../lib/endpoints';
import { memberOf } from '../plugins/access';

/** /api/services: members' services. Anyone reads; a member creates; only the owner edits or deletes. */
export const serviceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.list, async () => ({ services: await listServices(ctx.db) }));

  serve(app, endpoints.create, async (request, reply) => {
    return reply.status(201).send(await createService(ctx, memberOf(request).id, request.body));
  });

  serve(app, endpoints.update, async (request) => {
    return updateService(ctx, memberOf(request).id, request.params.id, request.body, request.log);
  });

  serve(app, endpoints.remove, async (request) => {
    await deleteService(ctx, memberOf(request).id, request.params.id, request.log);
    return { ok: true as const };
  });
};
