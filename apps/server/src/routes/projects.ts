import { projectEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { createProject, deleteProject, listProjects, updateProject } from '../domain/projects';
import { serve } from '../lib/endpoints';
import { memberOf } from '../plugins/access';

/** /api/projects and /api/me/projects: the members' portfolio projects (member_projects). */
export const projectRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.list, async (request) => listProjects(ctx.db, request.query));

  serve(app, endpoints.mine, async (request) => {
    return listProjects(ctx.db, { ...request.query, ownerId: memberOf(request).id });
  });

  serve(app, endpoints.create, async (request, reply) => {
    return reply.status(201).send(await createProject(ctx, memberOf(request).id, request.body));
  });

  serve(app, endpoints.update, async (request) => {
    return updateProject(ctx, memberOf(request).id, request.params.id, request.body, request.log);
  });

  serve(app, endpoints.remove, async (request) => {
    await deleteProject(ctx, memberOf(request).id, request.params.id, request.log);
    return { ok: true as const };
  });
};
