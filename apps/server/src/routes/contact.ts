import { apiErrorSchema, contactResponseSchema, contactSchema } from '@synergie/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { sendContactMessage } from '../domain/contact';

export const contactRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/contact',
    {
      schema: {
        tags: ['Contact'],
        summary: 'Envoyer un message depuis le formulaire de contact (send-contact-email)',
        body: contactSchema,
        response: { 201: contactResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
      config: { access: 'public', rateLimit: { max: ctx.env.CONTACT_RATE_LIMIT, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const id = await sendContactMessage(ctx, request.body, request.ip);
      return reply.status(201).send({ ok: true, id });
    },
  );
};
