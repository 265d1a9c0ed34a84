import {
  apiErrorSchema,
  myTestimonialsSchema,
  testimonialAnswerSchema,
  testimonialFormSchema,
  testimonialIdParamsSchema,
  testimonialSchema,
} from '@synergie/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { answerTestimonial, deleteTestimonial, listMyTestimonials, writeTestimonial } from '../domain/testimonials';
import { memberOf } from '../plugins/access';

const tags = ['Témoignages'];

/** `Témoignages` (network-core §3): shown on the member's public page once they approve them. */
export const testimonialRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/testimonials',
    {
      config: { access: 'subscriber' },
      schema: {
        tags,
        summary:
          'Écrire un témoignage sur un membre (abonné) : un par auteur et membre, le réécrire le remplace et le remet en attente ; le membre est prévenu',
        body: testimonialFormSchema,
        response: {
          201: testimonialSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await writeTestimonial(ctx, memberOf(request).id, request.body)),
  );

  app.get(
    '/me/testimonials',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Ses témoignages reçus (à publier, publiés, refusés) et écrits, avec leur statut',
        response: { 200: myTestimonialsSchema, 401: apiErrorSchema },
      },
    },
    async (request) => listMyTestimonials(ctx.db, memberOf(request).id),
  );

  app.post(
    '/testimonials/:testimonialId/answer',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Publier ou refuser un témoignage reçu (le membre concerné seulement ; il peut changer d’avis)',
        params: testimonialIdParamsSchema,
        body: testimonialAnswerSchema,
        response: {
          200: testimonialSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => answerTestimonial(ctx, memberOf(request).id, request.params.testimonialId, request.body),
  );

  app.delete(
    '/testimonials/:testimonialId',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Retirer un témoignage écrit (son auteur seulement)',
        params: testimonialIdParamsSchema,
        response: { 204: z.null(), 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await deleteTestimonial(ctx.db, memberOf(request).id, request.params.testimonialId);
      return reply.code(204).send(null);
    },
  );
};
