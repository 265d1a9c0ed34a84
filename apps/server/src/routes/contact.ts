import { contactEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { sendContactMessage } from '../domain/contact';
import { serve } from '../lib/endpoints';

export const contactRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(
    app,
    endpoints.send,
    async (request, reply) => {
      const id = await sendContactMessage(ctx, request.body, request.ip);
      return reply.status(201).send({ ok: true, id });
    },
    { rateLimitMax: ctx.env.CONTACT_RATE_LIMIT },
  );
};
