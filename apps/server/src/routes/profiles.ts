import { apiErrorSchema, publicProfileParamsSchema, publicProfileSchema } from '@synergie/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { getPublicProfile } from '../domain/profile';

export const profileRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/profiles/:userId/public',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Profils'],
        summary: "Nom et entreprise d'un membre, visibles de tous (get_public_profile)",
        params: publicProfileParamsSchema,
        response: { 200: publicProfileSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getPublicProfile(ctx.db, request.params.userId),
  );
};
