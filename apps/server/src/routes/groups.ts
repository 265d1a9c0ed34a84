import {
  acceptApplicationSchema,
  apiErrorSchema,
  applicationFormSchema,
  applicationSchema,
  endMembershipSchema,
  eventSchema,
  groupIdParamsSchema,
  groupListQuerySchema,
  groupListSchema,
  groupPageSchema,
  groupSlugParamsSchema,
  leaderPageSchema,
  leaderRoleParamsSchema,
  myGroupSchema,
  nameLeaderSchema,
  objectionFormSchema,
  refuseApplicationSchema,
  tradeCatalogueSchema,
} from '@synergie/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { upcomingGroupEvents } from '../domain/events';
import {
  acceptApplication,
  applyToGroup,
  objectToApplication,
  refuseApplication,
  withdrawApplication,
} from '../domain/group-applications';
import { leaveGroup, nameLeader, removeMember } from '../domain/group-membership';
import { getGroupPage, getLeaderPage, getMyGroup, listGroups, listTrades } from '../domain/groups';
import { memberOf } from '../plugins/access';

const tags = ['Groupes'];

const id = z.string().trim().min(1).max(200);
const applicationParamsSchema = groupIdParamsSchema.extend({ applicationId: id });
const memberParamsSchema = groupIdParamsSchema.extend({ userId: id });
const myApplicationParamsSchema = z.object({ applicationId: id });

/** An answer without a body (204). */
const noContent = z.null().describe('Aucun contenu');

const leaders = { groupRole: 'leader', groupParam: 'groupId' } as const;
const groupMembers = { groupRole: 'member', groupParam: 'groupId', level: 'subscriber' } as const;

const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Groups, seats, applications, objections, leaders, leaving and removal (network-core §2). */
export const groupRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/trades',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Le catalogue des métiers, par famille puis par libellé',
        response: { 200: tradeCatalogueSchema },
      },
    },
    async (_request, reply) => {
      // The catalogue changes only by an admin's hand: a browser or a cache may keep it a while.
      reply.header('cache-control', 'public, max-age=300');
      return listTrades(ctx.db);
    },
  );

  app.get(
    '/groups',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Les groupes, par région, département et ville, avec leurs sièges disponibles',
        querystring: groupListQuerySchema,
        response: { 200: groupListSchema, 400: apiErrorSchema },
      },
    },
    async (request) => listGroups(ctx.db, request.query),
  );

  app.get(
    '/groups/by-slug/:slug',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          "La page publique d'un groupe\u202f: membres et sièges disponibles par famille (une requête), ses prochains événements (une autre)",
        params: groupSlugParamsSchema,
        response: { 200: groupPageSchema.extend({ events: z.array(eventSchema) }), 404: apiErrorSchema },
      },
    },
    async (request) => {
      const page = await getGroupPage(ctx.db, request.params.slug);
      return { ...page, events: await upcomingGroupEvents(ctx.db, page.group.id) };
    },
  );

  app.get(
    '/me/group',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary:
          'Mon groupe\u202f: mon siège, la page du groupe, ses candidatures en cours, mes candidatures et mon métier',
        response: { 200: myGroupSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getMyGroup(ctx.db, memberOf(request).id);
    },
  );

  app.post(
    '/me/group/leave',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Quitter mon groupe, avec une raison gardée dans son historique\u202f; le siège se libère aussitôt',
        body: endMembershipSchema,
        response: { 204: noContent, 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await leaveGroup(ctx, memberOf(request).id, request.body.reason);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/me/applications/:applicationId',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Retirer ma candidature à un groupe, tant qu’elle est en cours',
        params: myApplicationParamsSchema,
        response: { 204: noContent, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await withdrawApplication(ctx, memberOf(request).id, request.params.applicationId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/groups/:groupId/applications',
    {
      config: { access: 'subscriber' },
      schema: {
        tags,
        summary:
          'Postuler au siège de mon métier dans un groupe (abonnés)\u202f; les membres peuvent faire objection pendant 7 jours',
        params: groupIdParamsSchema,
        body: applicationFormSchema,
        response: { 201: applicationSchema, ...refusals, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const application = await applyToGroup(ctx, memberOf(request).id, request.params.groupId, request.body);
      return reply.status(201).send(application);
    },
  );

  app.post(
    '/groups/:groupId/applications/:applicationId/objections',
    {
      config: { access: groupMembers },
      schema: {
        tags,
        summary:
          'Faire objection à une candidature, avec une raison (membres du groupe)\u202f; seuls les responsables la lisent',
        params: applicationParamsSchema,
        body: objectionFormSchema,
        response: { 201: z.object({ id: z.string() }), ...refusals, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { groupId, applicationId } = request.params;
      const objection = await objectToApplication(
        ctx,
        memberOf(request).id,
        groupId,
        applicationId,
        request.body.reason,
      );
      return reply.status(201).send(objection);
    },
  );

  app.post(
    '/groups/:groupId/applications/:applicationId/accept',
    {
      config: { access: leaders },
      schema: {
        tags,
        summary:
          'Accepter une candidature (responsables)\u202f; refusé si le siège est pris, le groupe complet ou la période d’objection en cours',
        params: applicationParamsSchema,
        body: acceptApplicationSchema,
        response: { 200: applicationSchema, ...refusals, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const { groupId, applicationId } = request.params;
      return acceptApplication(ctx, memberOf(request).id, groupId, applicationId, request.body);
    },
  );

  app.post(
    '/groups/:groupId/applications/:applicationId/refuse',
    {
      config: { access: leaders },
      schema: {
        tags,
        summary: 'Refuser une candidature avec un message (responsables)',
        params: applicationParamsSchema,
        body: refuseApplicationSchema,
        response: { 200: applicationSchema, ...refusals, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const { groupId, applicationId } = request.params;
      return refuseApplication(ctx, memberOf(request).id, groupId, applicationId, request.body);
    },
  );

  app.get(
    '/groups/:groupId/leaders-page',
    {
      config: { access: leaders },
      schema: {
        tags,
        summary: 'La page des responsables\u202f: membres, candidatures et objections, historique',
        params: groupIdParamsSchema,
        response: { 200: leaderPageSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getLeaderPage(ctx.db, memberOf(request).id, request.params.groupId);
    },
  );

  app.post(
    '/groups/:groupId/members/:userId/remove',
    {
      config: { access: leaders },
      schema: {
        tags,
        summary: 'Retirer un membre du groupe, avec une raison gardée dans son historique (responsables)',
        params: memberParamsSchema,
        body: endMembershipSchema,
        response: { 204: noContent, ...refusals },
      },
    },
    async (request, reply) => {
      const { groupId, userId } = request.params;
      await removeMember(ctx, memberOf(request).id, groupId, userId, request.body.reason);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/groups/:groupId/leaders/:role',
    {
      config: { access: leaders },
      schema: {
        tags,
        summary: 'Nommer un responsable du groupe, ou retirer le rôle (le président du groupe ou un administrateur)',
        params: leaderRoleParamsSchema,
        body: nameLeaderSchema,
        response: { 204: noContent, ...refusals },
      },
    },
    async (request, reply) => {
      const { groupId, role } = request.params;
      await nameLeader(ctx, memberOf(request).id, groupId, role, request.body.userId);
      return reply.status(204).send(null);
    },
  );
};
