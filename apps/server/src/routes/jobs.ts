import { jobEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { applyToJob, createJob, deleteJob, listApplications, listJobs, listMyApplications } from '../domain/jobs';
import { serve } from '../lib/endpoints';
import { memberOf, viewerOf } from '../plugins/access';

/** /api/jobs: job offers (public list) and applications (members; the author reads them). */
export const jobRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.list, async (request) => {
    const viewer = await viewerOf(request);
    return { jobs: await listJobs(ctx.db, viewer?.id ?? null) };
  });

  serve(app, endpoints.create, async (request, reply) => {
    return reply.status(201).send(await createJob(ctx, memberOf(request).id, request.body));
  });

  serve(app, endpoints.remove, async (request) => {
    await deleteJob(ctx, memberOf(request).id, request.params.id);
    return { ok: true as const };
  });

  serve(app, endpoints.apply, async (request, reply) =>
    reply.status(201).send(await applyToJob(ctx, memberOf(request).id, request.params.id, request.body)),
  );

  serve(app, endpoints.applications, async (request) => {
    return { applications: await listApplications(ctx.db, memberOf(request).id, request.params.id) };
  });

  serve(app, endpoints.myApplications, async (request) => {
    return { applications: await listMyApplications(ctx.db, memberOf(request).id) };
  });
};
