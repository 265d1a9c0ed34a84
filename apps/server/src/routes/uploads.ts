import multipart from '@fastify/multipart';
import { uploadEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { storeContentImage } from '../domain/content-images';
import { serve } from '../lib/endpoints';
import { memberOf } from '../plugins/access';
import { multipartLimits, readUploadedFile } from '../storage/upload';

/**
 * POST /api/uploads/service-images: the image of a member's service or portfolio project
 * (domain/content-images.ts says how the item then refers to it).
 */
export const uploadRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Multipart is accepted here only, with the upload size as its limit.
  await app.register(multipart, { limits: multipartLimits(ctx.env.UPLOAD_MAX_BYTES) });
  serve(app, endpoints.contentImage, async (request) => {
    const file = await readUploadedFile(request, ctx.env.UPLOAD_MAX_BYTES);
    return storeContentImage(ctx, memberOf(request).id, file);
  });
};
