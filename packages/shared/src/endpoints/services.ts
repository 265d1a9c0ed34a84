import { okResponseSchema } from '../api';
import { endpoint } from '../endpoint';
import { idParams } from '../ids';
import { serviceInputSchema, serviceSchema, servicesResponseSchema } from '../services';

const tags = ['Services'];

/** /api/services: members' services. Anyone reads; a member creates; only the owner edits or deletes. */
export const serviceEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/services',
    operationId: 'listServices',
    tags,
    summary: 'Les services des membres, du plus récent au plus ancien (member_services select)',
    access: 'public',
    responses: { 200: servicesResponseSchema },
  }),
  create: endpoint({
    method: 'POST',
    path: '/services',
    operationId: 'createService',
    tags,
    summary: 'Créer son service (member_services insert\u202f; icône toujours «\u00a0Code\u00a0»)',
    access: 'member',
    body: serviceInputSchema,
    responses: { 201: serviceSchema },
    errors: ['INVALID_IMAGE'],
  }),
  update: endpoint({
    method: 'PUT',
    path: '/services/:id',
    operationId: 'updateService',
    tags,
    summary: 'Modifier son service (member_services update\u202f; propriétaire seulement)',
    access: 'member',
    params: idParams('id'),
    body: serviceInputSchema,
    responses: { 200: serviceSchema },
    errors: ['NOT_FOUND', 'FORBIDDEN', 'INVALID_IMAGE'],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/services/:id',
    operationId: 'deleteService',
    tags,
    summary: 'Supprimer son service et son image (member_services delete\u202f; propriétaire seulement)',
    access: 'member',
    params: idParams('id'),
    responses: { 200: okResponseSchema },
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  }),
};
