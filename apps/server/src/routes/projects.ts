import {
  apiErrorSchema,
  okResponseSchema,
  projectIdParamsSchema,
  projectInputSchema,
  projectListQuerySchema,
  projectListSchema,
  projectMessages,
  projectSchema,
} from '@synergie/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { createProject, deleteProject, listProjects, updateProject } from '../domain/projects';
import { AppError } from '../lib/errors';
import { requireSubscriber } from '../lib/require-subscriber';
import { requireUser } from '../plugins/auth';

const tags = ['Portfolio'];
const ownerErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Creating needs a session: a visitor reads the spec's 'Vous devez être connecté.'. */
async function requireMember(request: Parameters<typeof requireUser>[0]) {
  try {
    return await requireUser(request);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 401) {
      throw new AppError('UNAUTHENTICATED', projectMessages.signInRequired);
    }
    throw error;
  }
}

/** Before the body is validated: a visitor gets 401 whatever they send. */
const memberFirst = {
  preValidation: async (request: Parameters<typeof requireUser>[0]) => {
    await requireMember(request);
  },
};

/** /api/projects and /api/me/projects: the members' portfolio projects (member_projects). */
export const projectRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/projects',
    {
      schema: {
        tags,
        summary: 'Les projets des membres, du plus récent au plus ancien (par pages : limit, cursor)',
        querystring: projectListQuerySchema,
        response: { 200: projectListSchema, 400: apiErrorSchema },
      },
    },
    async (request) => listProjects(ctx.db, request.query),
  );

  app.get(
    '/me/projects',
    {
      schema: {
        tags,
        summary: 'Ses propres projets, du plus récent au plus ancien (abonnés, /my-projects)',
        querystring: projectListQuerySchema,
        response: { 200: projectListSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      const member = await requireSubscriber(request);
      return listProjects(ctx.db, { ...request.query, ownerId: member.id });
    },
  );

  app.post(
    '/projects',
    {
      ...memberFirst,
      schema: {
        tags,
        summary: 'Créer un projet (membre connecté)',
        body: projectInputSchema,
        response: { 201: projectSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const member = await requireMember(request);
      return reply.status(201).send(await createProject(ctx, member.id, request.body));
    },
  );

  app.put(
    '/projects/:id',
    {
      ...memberFirst,
      schema: {
        tags,
        summary: 'Modifier son projet (propriétaire seulement)',
        params: projectIdParamsSchema,
        body: projectInputSchema,
        response: { 200: projectSchema, ...ownerErrors },
      },
    },
    async (request) => {
      const member = await requireMember(request);
      return updateProject(ctx, member.id, request.params.id, request.body, request.log);
    },
  );

  app.delete(
    '/projects/:id',
    {
      ...memberFirst,
      schema: {
        tags,
        summary: 'Supprimer son projet et son image (propriétaire seulement)',
        params: projectIdParamsSchema,
        response: { 200: okResponseSchema, ...ownerErrors },
      },
    },
    async (request) => {
      const member = await requireMember(request);
      await deleteProject(ctx, member.id, request.params.id, request.log);
      return { ok: true as const };
    },
  );
};
