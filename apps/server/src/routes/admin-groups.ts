import {
  adminGroupListSchema,
  adminGroupSchema,
  adminTradeListSchema,
  adminTradeSchema,
  apiErrorSchema,
  groupFormSchema,
  groupIdParamsSchema,
  tradeFormSchema,
  tradeIdParamsSchema,
  tradeMergeResultSchema,
  tradeMergeSchema,
} from '@synergie/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import {
  createGroup,
  createTrade,
  listAdminGroups,
  listAdminTrades,
  mergeTrades,
  updateGroup,
  updateTrade,
} from '../domain/admin-groups';
import { memberOf } from '../plugins/access';

const tradeTags = ['Métiers (admin)'];
const groupTags = ['Groupes (admin)'];
const adminErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const access = { access: 'admin' as const };

/** Admin: the trade catalogue and the groups (network-core §1-2). */
export const adminGroupRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/admin/trades',
    {
      config: access,
      schema: {
        tags: tradeTags,
        summary: 'Le catalogue des métiers avec, pour chacun, ses membres et ses sièges occupés (admin)',
        response: { 200: adminTradeListSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async () => listAdminTrades(ctx.db),
  );

  app.post(
    '/admin/trades',
    {
      config: access,
      schema: {
        tags: tradeTags,
        summary:
          'Ajouter un métier (admin\u202f; identifiant tiré du libellé, libellé unique sans tenir compte des accents)',
        body: tradeFormSchema,
        response: { 201: adminTradeSchema, ...adminErrors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createTrade(ctx, request.body)),
  );

  app.put(
    '/admin/trades/:tradeId',
    {
      config: access,
      schema: {
        tags: tradeTags,
        summary: 'Renommer ou modifier un métier (admin\u202f; le métier des membres suit le nouveau libellé)',
        params: tradeIdParamsSchema,
        body: tradeFormSchema,
        response: { 200: adminTradeSchema, ...adminErrors, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => updateTrade(ctx, request.params.tradeId, request.body),
  );

  app.post(
    '/admin/trades/:tradeId/merge',
    {
      config: access,
      schema: {
        tags: tradeTags,
        summary:
          'Fusionner un métier dans un autre (admin\u202f; membres, sièges, candidatures, listes d’attente et historique, en une transaction)',
        params: tradeIdParamsSchema,
        body: tradeMergeSchema,
        response: { 200: tradeMergeResultSchema, ...adminErrors, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => mergeTrades(ctx, request.params.tradeId, request.body.intoTradeId),
  );

  app.get(
    '/admin/groups',
    {
      config: access,
      schema: {
        tags: groupTags,
        summary: 'Tous les groupes avec leurs effectifs, candidatures, listes d’attente et responsables (admin)',
        response: { 200: adminGroupListSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async () => listAdminGroups(ctx.db),
  );

  app.post(
    '/admin/groups',
    {
      config: access,
      schema: {
        tags: groupTags,
        summary: 'Créer un groupe (admin\u202f; identifiant unique)',
        body: groupFormSchema,
        response: { 201: adminGroupSchema, ...adminErrors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createGroup(ctx, memberOf(request).id, request.body)),
  );

  app.put(
    '/admin/groups/:groupId',
    {
      config: access,
      schema: {
        tags: groupTags,
        summary: 'Modifier un groupe (admin)',
        params: groupIdParamsSchema,
        body: groupFormSchema,
        response: { 200: adminGroupSchema, ...adminErrors, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => updateGroup(ctx, request.params.groupId, request.body),
  );
};
