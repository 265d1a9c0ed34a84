import { endpoint, multipartBody } from '../endpoint';
import { imageUploadResponseSchema } from '../profile';

/**
 * POST /api/uploads/service-images: the image of a member's service or portfolio project
 * (apps/server/src/domain/content-images.ts says how the item then refers to it).
 */
export const uploadEndpoints = {
  contentImage: endpoint({
    method: 'POST',
    path: '/uploads/service-images',
    operationId: 'uploadServiceImage',
    tags: ['Fichiers'],
    summary:
      'Envoyer l’image d’un service ou d’un projet (multipart/form-data, champ «\u00a0file\u00a0»\u202f; JPEG, PNG, WebP, GIF ou AVIF)',
    access: 'member',
    body: multipartBody('file', 'L’image du service ou du projet (JPEG, PNG, WebP, GIF ou AVIF)'),
    responses: { 200: imageUploadResponseSchema },
    errors: [
      'NO_FILE',
      'NOT_AN_IMAGE',
      'IMAGE_TOO_LARGE',
      'IMAGE_DIMENSIONS_TOO_LARGE',
      'IMAGE_TOO_MANY_FRAMES',
      'IMAGES_BUSY',
    ],
    rateLimit: { max: 30, timeWindow: '10 minutes' },
    quota: 'uploads',
  }),
};
