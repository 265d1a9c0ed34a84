import {
  apiErrorSchema,
  oneToOneAnswerSchema,
  oneToOneFormSchema,
  oneToOneIdParamsSchema,
  oneToOneListSchema,
  oneToOneSchema,
} from '@synergie/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { answerOneToOne, listMyOneToOnes, logOneToOne } from '../domain/one-to-ones';
import { memberOf } from '../plugins/access';

const tags = ['Tête-à-tête'];

/** `Tête-à-tête` (network-core §3): two members log that they met; it counts once the other confirms. */
export const oneToOneRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/one-to-ones',
    {
      config: { access: 'subscriber' },
      schema: {
        tags,
        summary:
          'Déclarer un tête-à-tête avec un autre membre (abonné) : date passée de 6 mois au plus, lieu, ses propres notes ; le membre rencontré est prévenu',
        body: oneToOneFormSchema,
        response: {
          201: oneToOneSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await logOneToOne(ctx, memberOf(request).id, request.body)),
  );

  app.get(
    '/me/one-to-ones',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary:
          'Ses tête-à-tête, déclarés ou reçus, le plus récent d’abord (chacun ne voit que ses propres notes), et le nombre de confirmés sur 6 mois',
        response: { 200: oneToOneListSchema, 401: apiErrorSchema },
      },
    },
    async (request) => listMyOneToOnes(ctx.db, memberOf(request).id),
  );

  app.post(
    '/one-to-ones/:oneToOneId/answer',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Confirmer ou refuser un tête-à-tête (le membre rencontré seulement), avec ses propres notes',
        params: oneToOneIdParamsSchema,
        body: oneToOneAnswerSchema,
        response: {
          200: oneToOneSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => answerOneToOne(ctx, memberOf(request).id, request.params.oneToOneId, request.body),
  );
};
