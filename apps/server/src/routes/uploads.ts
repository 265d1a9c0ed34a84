import multipart from '@fastify/multipart';
import { apiErrorSchema, imageUploadResponseSchema } from '@synergie/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { storeContentImage } from '../domain/content-images';
import { memberOf } from '../plugins/access';
import { multipartLimits, readUploadedFile } from '../storage/upload';

/**
 * POST /api/uploads/service-images: the image of a member's service or portfolio project
 * (domain/content-images.ts says how the item then refers to it).
 */
export const uploadRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Multipart is accepted here only, with the upload size as its limit.
  await app.register(multipart, { limits: multipartLimits(ctx.env.UPLOAD_MAX_BYTES) });
  app.post(
    '/uploads/service-images',
    {
      schema: {
        tags: ['Fichiers'],
        summary:
          "Envoyer l'image d'un service ou d'un projet (multipart/form-data, champ « file » ; JPEG, PNG, WebP, GIF ou AVIF)",
        consumes: ['multipart/form-data'],
        response: {
          200: imageUploadResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
      config: { access: 'member', rateLimit: { max: 30, timeWindow: '10 minutes' } },
    },
    async (request) => {
      const file = await readUploadedFile(request, ctx.env.UPLOAD_MAX_BYTES);
      return storeContentImage(ctx, memberOf(request).id, file);
    },
  );
};
