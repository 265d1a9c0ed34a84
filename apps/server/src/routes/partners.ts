import { partnerEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { listPartners } from '../domain/partners';
import { serve } from '../lib/endpoints';

export const partnerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.list, async () => ({ partners: await listPartners(ctx.db) }));
};
