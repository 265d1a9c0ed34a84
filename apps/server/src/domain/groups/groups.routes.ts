import { groupEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { serve } from '../../lib/endpoints';
import { memberOf } from '../../plugins/access';
import { upcomingGroupEvents } from '../events/list';
import {
  acceptApplication,
  applyToGroup,
  objectToApplication,
  refuseApplication,
  withdrawApplication,
} from './group-applications';
import { leaveGroup, nameLeader, removeMember } from './group-membership';
import { getGroupPage, getLeaderPage, getMyGroup, listGroups, listTrades } from './groups';

/** Groups, seats, applications, objections, leaders, leaving and removal (network-core §2). */
export const groupRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.trades, async (_request, reply) => {
    // The catalogue changes only by an admin's hand: a browser or a cache may keep it a while.
    reply.header('cache-control', 'public, max-age=300');
    return listTrades(ctx.db);
  });

  serve(app, endpoints.list, async (request) => listGroups(ctx.db, request.query));

  serve(app, endpoints.page, async (request) => {
    const page = await getGroupPage(ctx.db, request.params.slug);
    return { ...page, events: await upcomingGroupEvents(ctx.db, page.group.id) };
  });

  serve(app, endpoints.mine, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return getMyGroup(ctx.db, memberOf(request).id);
  });

  serve(app, endpoints.leave, async (request, reply) => {
    await leaveGroup(ctx, memberOf(request).id, request.body.reason);
    return reply.status(204).send(null);
  });

  serve(app, endpoints.withdrawApplication, async (request, reply) => {
    await withdrawApplication(ctx, memberOf(request).id, request.params.applicationId);
    return reply.status(204).send(null);
  });

  serve(app, endpoints.apply, async (request, reply) => {
    const application = await applyToGroup(ctx, memberOf(request).id, request.params.groupId, request.body);
    return reply.status(201).send(application);
  });

  serve(app, endpoints.object, async (request, reply) => {
    const { groupId, applicationId } = request.params;
    const objection = await objectToApplication(ctx, memberOf(request).id, groupId, applicationId, request.body.reason);
    return reply.status(201).send(objection);
  });

  serve(app, endpoints.accept, async (request) => {
    const { groupId, applicationId } = request.params;
    return acceptApplication(ctx, memberOf(request).id, groupId, applicationId, request.body);
  });

  serve(app, endpoints.refuse, async (request) => {
    const { groupId, applicationId } = request.params;
    return refuseApplication(ctx, memberOf(request).id, groupId, applicationId, request.body);
  });

  serve(app, endpoints.leadersPage, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return getLeaderPage(ctx.db, memberOf(request).id, request.params.groupId);
  });

  serve(app, endpoints.removeMember, async (request, reply) => {
    const { groupId, userId } = request.params;
    await removeMember(ctx, memberOf(request).id, groupId, userId, request.body.reason);
    return reply.status(204).send(null);
  });

  serve(app, endpoints.nameLeader, async (request, reply) => {
    const { groupId, role } = request.params;
    await nameLeader(ctx, memberOf(request).id, groupId, role, request.body.userId);
    return reply.status(204).send(null);
  });
};
