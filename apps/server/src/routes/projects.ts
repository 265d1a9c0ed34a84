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
import { memberOf } from '../plugins/access';

const tags = ['Portfolio'];
const ownerErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Writing needs a session: a visitor reads the spec's 'Vous devez être connecté.'. */
const signedIn = { level: 'member', messages: { unauthenticated: projectMessages.signInRequired } } as const;

/** /api/projects and /api/me/projects: the members' portfolio projects (member_projects). */
export const projectRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/projects',
    {
      config: { access: 'public' },
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
      config: { access: 'subscriber' },
      schema: {
        tags,
        summary: 'Ses propres projets, du plus récent au plus ancien (abonnés, /my-projects)',
        querystring: projectListQuerySchema,
        response: { 200: projectListSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      return listProjects(ctx.db, { ...request.query, ownerId: memberOf(request).id });
    },
  );

  app.post(
    '/projects',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: 'Créer un projet (membre connecté)',
        body: projectInputSchema,
        response: { 201: projectSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      return reply.status(201).send(await createProject(ctx, memberOf(request).id, request.body));
    },
  );

  app.put(
    '/projects/:id',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: 'Modifier son projet (propriétaire seulement)',
        params: projectIdParamsSchema,
        body: projectInputSchema,
        response: { 200: projectSchema, ...ownerErrors },
      },
    },
    async (request) => {
      return updateProject(ctx, memberOf(request).id, request.params.id, request.body, request.log);
    },
  );

  app.delete(
    '/projects/:id',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: 'Supprimer son projet et son image (propriétaire seulement)',
        params: projectIdParamsSchema,
        response: { 200: okResponseSchema, ...ownerErrors },
      },
    },
    async (request) => {
      await deleteProject(ctx, memberOf(request).id, request.params.id, request.log);
      return { ok: true as const };
    },
  );
};
