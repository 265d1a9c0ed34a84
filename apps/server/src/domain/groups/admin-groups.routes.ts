import { adminGroupEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { serve } from '../../lib/endpoints';
import { memberOf } from '../../plugins/access';
import {
  createGroup,
  createTrade,
  listAdminGroups,
  listAdminTrades,
  mergeTrades,
  updateGroup,
  updateTrade,
} from './admin-groups';

/** Admin: the trade catalogue and the groups (network-core §1-2). */
export const adminGroupRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.listTrades, async () => listAdminTrades(ctx.db));

  serve(app, endpoints.createTrade, async (request, reply) =>
    reply.status(201).send(await createTrade(ctx, request.body)),
  );

  serve(app, endpoints.updateTrade, async (request) => updateTrade(ctx, request.params.tradeId, request.body));

  serve(app, endpoints.mergeTrades, async (request) =>
    mergeTrades(ctx, request.params.tradeId, request.body.intoTradeId),
  );

  serve(app, endpoints.listGroups, async () => listAdminGroups(ctx.db));

  serve(app, endpoints.createGroup, async (request, reply) =>
    reply.status(201).send(await createGroup(ctx, memberOf(request).id, request.body)),
  );

  serve(app, endpoints.updateGroup, async (request) => updateGroup(ctx, request.params.groupId, request.body));
};
