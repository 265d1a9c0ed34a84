import { directoryEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { directoryFacets, listMembers } from '../domain/directory';
import { rateMember, sendContactRequest } from '../domain/network';
import { serve } from '../lib/endpoints';
import { memberOf } from '../plugins/access';

/** /api/members: the directory (subscribers only): search, ratings and contact requests. */
export const directoryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.list, async (request) => listMembers(ctx.db, memberOf(request).id, request.query));

  serve(app, endpoints.facets, async () => directoryFacets(ctx.db));

  serve(app, endpoints.rate, async (request) =>
    rateMember(ctx.db, memberOf(request).id, request.params.userId, request.body.rating),
  );

  serve(app, endpoints.contactRequest, async (request, reply) => {
    const created = await sendContactRequest(ctx, memberOf(request).id, request.params.userId, request.body.message);
    return reply.status(201).send(created);
  });
};
