import multipart from '@fastify/multipart';
import { groupPlaceEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { serve } from '../../lib/endpoints';
import { multipartLimits, readUploadedFile } from '../../storage/upload';
import { removeGroupPlacePhoto, setGroupPlacePhoto } from './place-photo';

/** The meeting place's photo (issue 31): the group's leaders and admins (declared access). */
export const groupPlacePhotoRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: multipartLimits(ctx.env.UPLOAD_MAX_BYTES) });
    serve(uploads, endpoints.uploadPlacePhoto, async (request) => {
      const file = await readUploadedFile(request, ctx.env.UPLOAD_MAX_BYTES);
      return setGroupPlacePhoto(ctx, request.params.groupId, file, request.log);
    });
  });

  serve(app, endpoints.removePlacePhoto, async (request) => {
    await removeGroupPlacePhoto(ctx, request.params.groupId, request.log);
    return { ok: true as const };
  });
};
