import multipart from '@fastify/multipart';
import { eventCategoryEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import {
  createEventCategory,
  deleteEventCategory,
  listEventCategories,
  storeEventCategoryImage,
  updateEventCategory,
} from '../domain/event-categories';
import { serve } from '../lib/endpoints';
import { multipartLimits, readUploadedFile } from '../storage/upload';

/** GET /api/event-categories (public) and the admins' /api/admin/event-categories writes. */
export const eventCategoryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.list, async () => listEventCategories(ctx.db));

  const adminRoutes: FastifyPluginAsyncZod = async (admin) => {
    serve(admin, endpoints.create, async (request, reply) =>
      reply.status(201).send(await createEventCategory(ctx, request.body)),
    );

    serve(admin, endpoints.update, async (request) =>
      updateEventCategory(ctx, request.params.id, request.body, request.log),
    );

    serve(admin, endpoints.remove, async (request) => {
      await deleteEventCategory(ctx, request.params.id, request.log);
      return { ok: true as const };
    });

    // Multipart is accepted by this route only, with the upload size as its limit.
    await admin.register(async (uploads) => {
      await uploads.register(multipart, { limits: multipartLimits(ctx.env.UPLOAD_MAX_BYTES) });
      serve(uploads, endpoints.uploadImage, async (request) =>
        storeEventCategoryImage(ctx, await readUploadedFile(request, ctx.env.UPLOAD_MAX_BYTES)),
      );
    });
  };
  await app.register(adminRoutes);
};
