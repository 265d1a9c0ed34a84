import { oneToOneEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { answerOneToOne, listMyOneToOnes, logOneToOne } from '../domain/one-to-ones';
import { serve } from '../lib/endpoints';
import { memberOf } from '../plugins/access';

/** `Tête-à-tête` (network-core §3): two members log that they met; it counts once the other confirms. */
export const oneToOneRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.log, async (request, reply) =>
    reply.code(201).send(await logOneToOne(ctx, memberOf(request).id, request.body)),
  );

  serve(app, endpoints.mine, async (request) => listMyOneToOnes(ctx.db, memberOf(request).id));

  serve(app, endpoints.answer, async (request) =>
    answerOneToOne(ctx, memberOf(request).id, request.params.oneToOneId, request.body),
  );
};
