import { apiErrorSchema, dashboardSchema } from '@synergie/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { getDashboard } from '../domain/dashboard';
import { memberOf } from '../plugins/access';

/** /api/me/dashboard: the member's figures (subscribers only, spec section 6). */
export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/me/dashboard',
    {
      config: { access: 'subscriber' },
      schema: {
        tags: ['Membres'],
        summary:
          'Ses chiffres : demandes de contact, évaluations, inscriptions aux événements, parrainage et commissions',
        response: { 200: dashboardSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getDashboard(ctx.db, memberOf(request).id);
    },
  );
};
