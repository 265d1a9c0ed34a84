import { testimonialEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import {
  answerTestimonial,
  deleteTestimonial,
  featuredTestimonialsJson,
  listMyTestimonials,
  writeTestimonial,
} from '../domain/testimonials';
import { serve } from '../lib/endpoints';
import { memberOf } from '../plugins/access';

/** `Témoignages` (network-core §3): shown on the member's public page once they approve them. */
export const testimonialRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.write, async (request, reply) =>
    reply.code(201).send(await writeTestimonial(ctx, memberOf(request).id, request.body)),
  );
  // The same for everyone: kept a moment (lib/visitor-cache.ts), as the home page reads it.
  serve(app, endpoints.featured, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send((await featuredTestimonialsJson(ctx)) as never),
  );
  serve(app, endpoints.mine, (request) => listMyTestimonials(ctx.db, memberOf(request).id));
  serve(app, endpoints.answer, (request) =>
    answerTestimonial(ctx, memberOf(request).id, request.params.testimonialId, request.body),
  );
  serve(app, endpoints.remove, async (request, reply) => {
    await deleteTestimonial(ctx.db, memberOf(request).id, request.params.testimonialId);
    return reply.code(204).send(null);
  });
};
