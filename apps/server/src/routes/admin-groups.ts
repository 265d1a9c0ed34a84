import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';

/** Admin: the trade catalogue and the groups (network-core §1-2). */
export const adminGroupRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (_app, _options) => {};
