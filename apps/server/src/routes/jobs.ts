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
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { applyToJob, createJob, deleteJob, listApplications, listJobs, listMyApplications } from '../domain/jobs';
import { AppError } from '../lib/errors';

const tags = ['Carrières'];

/** The signed-in member, or 401 with the careers page's own message (spec section 8). */
async function requireMember(request: FastifyRequest, message: string = jobMessages.signInRequired) {
  const member = await request.getUser();
  if (!member) throw new AppError('UNAUTHENTICATED', message);
  return member;
}

/** /api/jobs: job offers (public list) and applications (members; the author reads them). */
export const jobRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/jobs',
    {
      schema: {
        tags,
        summary: "Offres d'emploi : celles du membre connecté d'abord, puis les autres (public_job_listings)",
        response: { 200: jobsResponseSchema },
      },
    },
    async (request) => {
      const viewer = await request.getUser();
      return { jobs: await listJobs(ctx.db, viewer?.id ?? null) };
    },
  );

  app.post(
    '/jobs',
    {
      schema: {
        tags,
        summary: 'Publier une offre (job_positions insert)',
        body: createJobSchema,
        response: { 201: jobOfferSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const member = await requireMember(request);
      return reply.status(201).send(await createJob(ctx, member.id, request.body));
    },
  );

  app.delete(
    '/jobs/:id',
    {
      schema: {
        tags,
        summary: 'Supprimer son offre (job_positions delete) ; ses candidatures partent avec elle',
        params: jobIdParamsSchema,
        response: { 200: okResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const member = await requireMember(request);
      await deleteJob(ctx, member.id, request.params.id);
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
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const member = await requireMember(request, jobMessages.signInToApply);
      return reply.status(201).send(await applyToJob(ctx, member.id, request.params.id, request.body));
    },
  );

  app.get(
    '/jobs/:id/applications',
    {
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
      const member = await requireMember(request);
      return { applications: await listApplications(ctx.db, member.id, request.params.id) };
    },
  );

  app.get(
    '/me/applications',
    {
      schema: {
        tags,
        summary: 'Les candidatures envoyées par le membre connecté',
        response: { 200: myApplicationsResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const member = await requireMember(request);
      return { applications: await listMyApplications(ctx.db, member.id) };
    },
  );
};
