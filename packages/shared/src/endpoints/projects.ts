import { okResponseSchema } from '../api';
import { endpoint } from '../endpoint';
import { idParams } from '../ids';
import { projectMessages } from '../project-constants';
import { projectInputSchema, projectListQuerySchema, projectListSchema, projectSchema } from '../projects';

const tags = ['Portfolio'];

/** Writing needs a session: a visitor reads the spec's 'Vous devez être connecté.'. */
const signedIn = { level: 'member', messages: { unauthenticated: projectMessages.signInRequired } } as const;

/** /api/projects and /api/me/projects: the members' portfolio projects (member_projects). */
export const projectEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/projects',
    operationId: 'listProjects',
    tags,
    summary: 'Les projets des membres, du plus récent au plus ancien (par pages\u00a0: limit, cursor)',
    access: 'public',
    query: projectListQuerySchema,
    responses: { 200: projectListSchema },
  }),
  mine: endpoint({
    method: 'GET',
    path: '/me/projects',
    operationId: 'listMyProjects',
    tags,
    summary: 'Ses propres projets, du plus récent au plus ancien (abonnés, /my-projects)',
    access: 'subscriber',
    query: projectListQuerySchema,
    responses: { 200: projectListSchema },
  }),
  create: endpoint({
    method: 'POST',
    path: '/projects',
    operationId: 'createProject',
    tags,
    summary: 'Créer un projet (membre connecté)',
    access: signedIn,
    body: projectInputSchema,
    responses: { 201: projectSchema },
    errors: ['INVALID_IMAGE'],
  }),
  update: endpoint({
    method: 'PUT',
    path: '/projects/:id',
    operationId: 'updateProject',
    tags,
    summary: 'Modifier son projet (propriétaire seulement)',
    access: signedIn,
    params: idParams('id'),
    body: projectInputSchema,
    responses: { 200: projectSchema },
    errors: ['NOT_FOUND', 'FORBIDDEN', 'INVALID_IMAGE'],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/projects/:id',
    operationId: 'deleteProject',
    tags,
    summary: 'Supprimer son projet et son image (propriétaire seulement)',
    access: signedIn,
    params: idParams('id'),
    responses: { 200: okResponseSchema },
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  }),
};
