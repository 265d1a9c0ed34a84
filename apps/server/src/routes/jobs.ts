import {
  apiErrorSchema,
  applyResponseSchema,
  applyToJobSchema,
  createJobSchema,
  jobApplicationsResponseSchema,
  jobIdParamsSchema,
  jobMessages,
  jobOfferSchema,
  jobsResponseSchema,
  myApplicationsResponseSchema,
  okResponseSchema,
} from '@synergie/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { applyToJob, createJob, deleteJob, listApplications, listJobs, listMyApplications } from '../domain/jobs';
import { memberOf, viewerOf } from '../plugins/access';

const tags = ['Carrières'];

/** Signed in, else 401 with the careers page's own words (spec section 8). */
const signedIn = { level: 'member', messages: { unauthenticated: jobMessages.signInRequired } } as const;

/** /api/jobs: job offers (public list) and applications (members; the author reads them). */
export const jobRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/jobs',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "Offres d'emploi : celles du membre connecté d'abord, puis les autres (public_job_listings)",
        response: { 200: jobsResponseSchema },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      return { jobs: await listJobs(ctx.db, viewer?.id ?? null) };
    },
  );

  app.post(
    '/jobs',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: 'Publier une offre (job_positions insert)',
        body: createJobSchema,
        response: { 201: jobOfferSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      return reply.status(201).send(await createJob(ctx, memberOf(request).id, request.body));
    },
  );

  app.delete(
    '/jobs/:id',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: 'Supprimer son offre (job_positions delete) ; ses candidatures partent avec elle',
        params: jobIdParamsSchema,
        response: { 200: okResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      await deleteJob(ctx, memberOf(request).id, request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/jobs/:id/applications',
    {
      schema: {
        tags,
        summary: "Postuler à une offre (applications insert) ; l'auteur est prévenu par email",
        params: jobIdParamsSchema,
        body: applyToJobSchema,
        response: {
          201: applyResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
      config: {
        access: { level: 'member', messages: { unauthenticated: jobMessages.signInToApply } },
        rateLimit: { max: 30, timeWindow: '10 minutes' },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await applyToJob(ctx, memberOf(request).id, request.params.id, request.body)),
  );

  app.get(
    '/jobs/:id/applications',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: 'Les candidatures reçues par une offre (son auteur seulement)',
        params: jobIdParamsSchema,
        response: {
          200: jobApplicationsResponseSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => {
      return { applications: await listApplications(ctx.db, memberOf(request).id, request.params.id) };
    },
  );

  app.get(
    '/me/applications',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: 'Les candidatures envoyées par le membre connecté',
        response: { 200: myApplicationsResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      return { applications: await listMyApplications(ctx.db, memberOf(request).id) };
    },
  );
};
