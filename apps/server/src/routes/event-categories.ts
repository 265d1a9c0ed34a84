import multipart from '@fastify/multipart';
import {
  apiErrorSchema,
  eventCategoriesResponseSchema,
  eventCategoryInputSchema,
  eventCategoryParamsSchema,
  eventCategorySchema,
  imageUploadResponseSchema,
  okResponseSchema,
} from '@synergie/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import {
  createEventCategory,
  deleteEventCategory,
  listEventCategories,
  storeEventCategoryImage,
  updateEventCategory,
} from '../domain/event-categories';
import { multipartLimits, readUploadedFile } from '../storage/upload';

const tags = ['Catégories d’événements'];
const adminErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const byIdErrors = { ...adminErrors, 404: apiErrorSchema };

/** GET /api/event-categories (public) and the admins' /api/admin/event-categories writes. */
export const eventCategoryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/event-categories',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "Les catégories d'événements, par nom (event_categories select)",
        response: { 200: eventCategoriesResponseSchema },
      },
    },
    async () => listEventCategories(ctx.db),
  );

  const adminRoutes: FastifyPluginAsyncZod = async (admin) => {
    admin.post(
      '/admin/event-categories',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Créer une catégorie (admin ; event_categories insert)',
          body: eventCategoryInputSchema,
          response: { 201: eventCategorySchema, ...adminErrors, 409: apiErrorSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await createEventCategory(ctx, request.body)),
    );

    admin.put(
      '/admin/event-categories/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Modifier une catégorie et ses événements (admin ; event_categories update)',
          params: eventCategoryParamsSchema,
          body: eventCategoryInputSchema,
          response: { 200: eventCategorySchema, ...byIdErrors, 409: apiErrorSchema },
        },
      },
      async (request) => updateEventCategory(ctx, request.params.id, request.body, request.log),
    );

    admin.delete(
      '/admin/event-categories/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Supprimer une catégorie ; ses événements restent, sans catégorie (admin)',
          params: eventCategoryParamsSchema,
          response: { 200: okResponseSchema, ...byIdErrors },
        },
      },
      async (request) => {
        await deleteEventCategory(ctx, request.params.id, request.log);
        return { ok: true as const };
      },
    );

    // Multipart is accepted by this route only, with the upload size as its limit.
    await admin.register(async (uploads) => {
      await uploads.register(multipart, { limits: multipartLimits(ctx.env.UPLOAD_MAX_BYTES) });
      uploads.post(
        '/admin/uploads/event-category-image',
        {
          schema: {
            tags,
            summary:
              "Envoyer l'image d'une catégorie (admin ; multipart/form-data, champ « file » ; JPEG, PNG, WebP, GIF ou AVIF)",
            consumes: ['multipart/form-data'],
            response: {
              200: imageUploadResponseSchema,
              ...adminErrors,
              413: apiErrorSchema,
              415: apiErrorSchema,
              429: apiErrorSchema,
            },
          },
          config: { access: 'admin', rateLimit: { max: 30, timeWindow: '10 minutes' } },
        },
        async (request) => storeEventCategoryImage(ctx, await readUploadedFile(request, ctx.env.UPLOAD_MAX_BYTES)),
      );
    });
  };
  await app.register(adminRoutes);
};
