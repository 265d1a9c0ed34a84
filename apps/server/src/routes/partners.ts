import { partnersResponseSchema } from '@synergie/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { listPartners } from '../domain/partners';

export const partnerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/partners',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Partenaires'],
        summary: 'Liste publique des sites partenaires',
        response: { 200: partnersResponseSchema },
      },
    },
    async () => ({ partners: await listPartners(ctx.db) }),
  );
};
