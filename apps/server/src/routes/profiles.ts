import { profileEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { getPublicProfile } from '../domain/profile';
import { serve } from '../lib/endpoints';

export const profileRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.public, (request) => getPublicProfile(ctx.db, request.params.userId));
};
