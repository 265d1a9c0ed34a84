import { okResponseSchema } from '../api';
import { endpoint, multipartBody } from '../endpoint';
import { eventCategoriesResponseSchema, eventCategoryInputSchema, eventCategorySchema } from '../event-categories';
import { idParams } from '../ids';
import { imageUploadResponseSchema } from '../profile';

const tags = ['Catégories d’événements'];

/** GET /api/event-categories (public) and the admins' /api/admin/event-categories writes. */
export const eventCategoryEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/event-categories',
    operationId: 'listEventCategories',
    tags,
    summary: 'Les catégories d’événements, par nom (event_categories select)',
    access: 'public',
    responses: { 200: eventCategoriesResponseSchema },
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/event-categories',
    operationId: 'createEventCategory',
    tags,
    summary: 'Créer une catégorie (admin\u202f; event_categories insert)',
    access: 'admin',
    body: eventCategoryInputSchema,
    responses: { 201: eventCategorySchema },
    errors: ['INVALID_IMAGE', 'DUPLICATE_CATEGORY'],
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/event-categories/:id',
    operationId: 'updateEventCategory',
    tags,
    summary: 'Modifier une catégorie et ses événements (admin\u202f; event_categories update)',
    access: 'admin',
    params: idParams('id'),
    body: eventCategoryInputSchema,
    responses: { 200: eventCategorySchema },
    errors: ['NOT_FOUND', 'INVALID_IMAGE', 'DUPLICATE_CATEGORY'],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/admin/event-categories/:id',
    operationId: 'deleteEventCategory',
    tags,
    summary: 'Supprimer une catégorie\u202f; ses événements restent, sans catégorie (admin)',
    access: 'admin',
    params: idParams('id'),
    responses: { 200: okResponseSchema },
    errors: ['NOT_FOUND'],
  }),
  uploadImage: endpoint({
    method: 'POST',
    path: '/admin/uploads/event-category-image',
    operationId: 'uploadEventCategoryImage',
    tags,
    summary:
      'Envoyer l’image d’une catégorie (admin\u202f; multipart/form-data, champ «\u00a0file\u00a0»\u202f; JPEG, PNG, WebP, GIF ou AVIF)',
    access: 'admin',
    body: multipartBody('file', 'L’image de la catégorie (JPEG, PNG, WebP, GIF ou AVIF)'),
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
  }),
};
