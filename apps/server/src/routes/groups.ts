import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';

/** Groups, seats, applications, objections, waiting lists (network-core §2). */
export const groupRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (_app, _options) => {};
