import { okResponseSchema } from '../api';
import { endpoint, multipartBody } from '../endpoint';
import { idParams } from '../ids';
import { imageUploadResponseSchema } from '../profile';

const tags = ['Groupes'];
const leaders = { groupRole: 'leader', groupParam: 'groupId' } as const;

/**
 * The photo of a group's meeting place (issue 31, docs/product/decisions.md «\u00a0Visages et
 * lieux\u00a0»): its leaders and admins change it; the public group page shows it.
 */
export const groupPlaceEndpoints = {
  uploadPlacePhoto: endpoint({
    method: 'POST',
    path: '/groups/:groupId/place-photo',
    operationId: 'uploadGroupPlacePhoto',
    tags,
    summary:
      'Envoyer la photo du lieu de réunion du groupe (multipart/form-data, champ «\u00a0file\u00a0»\u202f; JPEG, PNG, WebP, GIF ou AVIF), responsables du groupe',
    access: leaders,
    params: idParams('groupId'),
    body: multipartBody('file', 'La photo du lieu de réunion (JPEG, PNG, WebP, GIF ou AVIF)'),
    responses: { 200: imageUploadResponseSchema },
    errors: [
      'GROUP_NOT_FOUND',
      'NO_FILE',
      'NOT_AN_IMAGE',
      'IMAGE_TOO_LARGE',
      'IMAGE_DIMENSIONS_TOO_LARGE',
      'IMAGE_TOO_MANY_FRAMES',
      'IMAGES_BUSY',
    ],
    rateLimit: { max: 30, timeWindow: '10 minutes', per: 'member' },
    quota: 'uploads',
  }),
  removePlacePhoto: endpoint({
    method: 'POST',
    path: '/groups/:groupId/place-photo/remove',
    operationId: 'removeGroupPlacePhoto',
    tags,
    summary: 'Retirer la photo du lieu de réunion du groupe (responsables du groupe)',
    access: leaders,
    params: idParams('groupId'),
    responses: { 200: okResponseSchema },
    errors: ['GROUP_NOT_FOUND'],
  }),
};
