import {
  apiErrorSchema,
  okResponseSchema,
  serviceInputSchema,
  serviceParamsSchema,
  serviceSchema,
  servicesResponseSchema,
} from '@synergie/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { createService, deleteService, listServices, updateService } from '../domain/services';
import { memberOf } from '../plugins/access';

const tags = ['Services'];
const writeErrors = { 400: apiErrorSchema, 401: apiErrorSchema };
const ownerErrors = { ...writeErrors, 403: apiErrorSchema, 404: apiErrorSchema };

/** /api/services: members' services. Anyone reads; a member creates; only the owner edits or deletes. */
export const serviceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/services',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Les services des membres, du plus récent au plus ancien (member_services select)',
        response: { 200: servicesResponseSchema },
      },
    },
    async () => ({ services: await listServices(ctx.db) }),
  );

  app.post(
    '/services',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Créer son service (member_services insert ; icône toujours « Code »)',
        body: serviceInputSchema,
        response: { 201: serviceSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      return reply.status(201).send(await createService(ctx, memberOf(request).id, request.body));
    },
  );

  app.put(
    '/services/:id',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Modifier son service (member_services update ; propriétaire seulement)',
        params: serviceParamsSchema,
        body: serviceInputSchema,
        response: { 200: serviceSchema, ...ownerErrors },
      },
    },
    async (request) => {
      return updateService(ctx, memberOf(request).id, request.params.id, request.body, request.log);
    },
  );

  app.delete(
    '/services/:id',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Supprimer son service et son image (member_services delete ; propriétaire seulement)',
        params: serviceParamsSchema,
        response: { 200: okResponseSchema, ...ownerErrors },
      },
    },
    async (request) => {
      await deleteService(ctx, memberOf(request).id, request.params.id, request.log);
      return { ok: true as const };
    },
  );
};
