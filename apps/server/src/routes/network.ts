import {
  acceptContactResultSchema,
  apiErrorSchema,
  contactRequestIdParamsSchema,
  contactRequestSchema,
  myContactRequestsSchema,
  sharedProjectIdParamsSchema,
  sharedProjectListSchema,
  sharedProjectSchema,
  sharedProjectUpdateSchema,
} from '@synergie/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import {
  acceptContactRequest,
  declineContactRequest,
  listMyContactRequests,
  listSharedProjects,
  updateSharedProject,
} from '../domain/network';
import { memberOf } from '../plugins/access';

const tags = ['Réseau'];
const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** /api/me/contact-requests and /api/me/shared-projects: the subscriber's own network. */
export const networkRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/me/contact-requests',
    {
      config: { access: 'subscriber' },
      schema: {
        tags,
        summary: 'Ses demandes de contact : reçues en attente, et envoyées avec leur statut (abonnés)',
        response: { 200: myContactRequestsSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => listMyContactRequests(ctx.db, memberOf(request).id),
  );

  app.post(
    '/me/contact-requests/:id/accept',
    {
      config: { access: 'subscriber' },
      schema: {
        tags,
        summary: 'Accepter une demande reçue : crée le projet commun des deux membres et les prévient par email',
        params: contactRequestIdParamsSchema,
        response: { 200: acceptContactResultSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => acceptContactRequest(ctx, memberOf(request).id, request.params.id),
  );

  app.post(
    '/me/contact-requests/:id/decline',
    {
      config: { access: 'subscriber' },
      schema: {
        tags,
        summary: 'Refuser une demande reçue',
        params: contactRequestIdParamsSchema,
        response: { 200: contactRequestSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => declineContactRequest(ctx, memberOf(request).id, request.params.id),
  );

  app.get(
    '/me/shared-projects',
    {
      config: { access: 'subscriber' },
      schema: {
        tags,
        summary: 'Ses projets communs, nés des demandes de contact acceptées (abonnés, /my-projects)',
        response: { 200: sharedProjectListSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => ({ projects: await listSharedProjects(ctx.db, memberOf(request).id) }),
  );

  app.put(
    '/me/shared-projects/:id',
    {
      config: { access: 'subscriber' },
      schema: {
        tags,
        summary: "Modifier un projet commun (titre, notes, statut) : l'un ou l'autre des deux membres",
        params: sharedProjectIdParamsSchema,
        body: sharedProjectUpdateSchema,
        response: { 200: sharedProjectSchema, 400: apiErrorSchema, ...errors },
      },
    },
    async (request) => updateSharedProject(ctx.db, memberOf(request).id, request.params.id, request.body),
  );
};
