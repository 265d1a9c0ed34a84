import { networkEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import {
  acceptContactRequest,
  declineContactRequest,
  listMyContactRequests,
  listSharedProjects,
  updateSharedProject,
} from '../domain/network';
import { serve } from '../lib/endpoints';
import { memberOf } from '../plugins/access';

/** /api/me/contact-requests and /api/me/shared-projects: the subscriber's own network. */
export const networkRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.contactRequests, async (request) => listMyContactRequests(ctx.db, memberOf(request).id));

  serve(app, endpoints.accept, async (request) => acceptContactRequest(ctx, memberOf(request).id, request.params.id));

  serve(app, endpoints.decline, async (request) => declineContactRequest(ctx, memberOf(request).id, request.params.id));

  serve(app, endpoints.sharedProjects, async (request) => ({
    projects: await listSharedProjects(ctx.db, memberOf(request).id),
  }));

  serve(app, endpoints.updateSharedProject, async (request) =>
    updateSharedProject(ctx.db, memberOf(request).id, request.params.id, request.body),
  );
};
