import { z } from 'zod';
import { endpoint } from '../endpoint';
import { eventSchema } from '../events';
import {
  acceptApplicationSchema,
  applicationFormSchema,
  applicationSchema,
  endMembershipSchema,
  groupListQuerySchema,
  groupListSchema,
  groupPageSchema,
  groupSlugParamsSchema,
  leaderPageSchema,
  leaderRoleParamsSchema,
  myGroupSchema,
  nameLeaderSchema,
  objectionCreatedSchema,
  objectionFormSchema,
  refuseApplicationSchema,
  tradeCatalogueSchema,
} from '../groups';
import { idParams } from '../ids';

const tags = ['Groupes'];

const leaders = { groupRole: 'leader', groupParam: 'groupId' } as const;
const groupMembers = { groupRole: 'member', groupParam: 'groupId', level: 'subscriber' } as const;

/**
 * The public page with the group's next events. Here rather than in groups.ts: the pages that
 * import groups.ts for their forms would carry the events' schemas too.
 */
const groupPageWithEventsSchema = groupPageSchema.extend({ events: z.array(eventSchema) });

/** Groups, seats, applications, objections, leaders, leaving and removal (network-core §2). */
export const groupEndpoints = {
  trades: endpoint({
    method: 'GET',
    path: '/trades',
    operationId: 'listTrades',
    tags,
    summary: 'Le catalogue des métiers, par famille puis par libellé',
    access: 'public',
    responses: { 200: tradeCatalogueSchema },
  }),
  list: endpoint({
    method: 'GET',
    path: '/groups',
    operationId: 'listGroups',
    tags,
    summary: 'Les groupes, par région, département et ville, avec leurs sièges disponibles',
    access: 'public',
    query: groupListQuerySchema,
    responses: { 200: groupListSchema },
  }),
  page: endpoint({
    method: 'GET',
    path: '/group-pages/:slug',
    operationId: 'getGroupPage',
    tags,
    summary:
      'La page publique d’un groupe\u00a0: membres et sièges disponibles par famille (une requête), ses prochains événements (une autre)',
    access: 'public',
    params: groupSlugParamsSchema,
    responses: { 200: groupPageWithEventsSchema },
    errors: ['GROUP_NOT_FOUND'],
  }),
  mine: endpoint({
    method: 'GET',
    path: '/me/group',
    operationId: 'getMyGroup',
    tags,
    summary:
      'Mon groupe\u00a0: mon siège, la page du groupe, ses candidatures en cours, mes candidatures et mon métier',
    access: 'member',
    responses: { 200: myGroupSchema },
  }),
  leave: endpoint({
    method: 'POST',
    path: '/me/group/leave',
    operationId: 'leaveGroup',
    tags,
    summary: 'Quitter mon groupe, avec une raison gardée dans son historique\u202f; le siège se libère aussitôt',
    access: 'member',
    body: endMembershipSchema,
    responses: { 204: z.null() },
    errors: ['NOT_IN_GROUP'],
  }),
  withdrawApplication: endpoint({
    method: 'DELETE',
    path: '/me/applications/:applicationId',
    operationId: 'withdrawGroupApplication',
    tags,
    summary: 'Retirer ma candidature à un groupe, tant qu’elle est en cours',
    access: 'member',
    params: idParams('applicationId'),
    responses: { 204: z.null() },
    errors: ['APPLICATION_NOT_FOUND', 'APPLICATION_CLOSED'],
  }),
  apply: endpoint({
    method: 'POST',
    path: '/groups/:groupId/applications',
    operationId: 'applyToGroup',
    tags,
    summary:
      'Postuler au siège de mon métier dans un groupe (abonnés)\u202f; les membres peuvent faire objection pendant 7 jours',
    access: 'subscriber',
    params: idParams('groupId'),
    body: applicationFormSchema,
    responses: { 201: applicationSchema },
    errors: [
      'GROUP_NOT_FOUND',
      'TRADE_REQUIRED',
      'ALREADY_IN_GROUP',
      'SEAT_TAKEN',
      'GROUP_FULL',
      'APPLICATION_PENDING',
      'TRADE_CHANGED',
    ],
  }),
  object: endpoint({
    method: 'POST',
    path: '/groups/:groupId/applications/:applicationId/objections',
    operationId: 'objectToGroupApplication',
    tags,
    summary:
      'Faire objection à une candidature, avec une raison (membres du groupe)\u202f; seuls les responsables la lisent',
    access: groupMembers,
    params: idParams('groupId', 'applicationId'),
    body: objectionFormSchema,
    responses: { 201: objectionCreatedSchema },
    errors: ['GROUP_NOT_FOUND', 'APPLICATION_NOT_FOUND', 'OWN_APPLICATION', 'APPLICATION_CLOSED', 'ALREADY_OBJECTED'],
  }),
  accept: endpoint({
    method: 'POST',
    path: '/groups/:groupId/applications/:applicationId/accept',
    operationId: 'acceptGroupApplication',
    tags,
    summary:
      'Accepter une candidature (responsables)\u202f; refusé si le siège est pris, le groupe complet ou la période d’objection en cours',
    access: leaders,
    params: idParams('groupId', 'applicationId'),
    body: acceptApplicationSchema,
    responses: { 200: applicationSchema },
    errors: [
      'GROUP_NOT_FOUND',
      'APPLICATION_NOT_FOUND',
      'APPLICATION_CLOSED',
      'OBJECTION_PERIOD_RUNNING',
      'OBJECTION_RAISED',
      'SEAT_TAKEN',
      'ALREADY_IN_GROUP',
      'GROUP_FULL',
      'TRADE_CHANGED',
    ],
  }),
  refuse: endpoint({
    method: 'POST',
    path: '/groups/:groupId/applications/:applicationId/refuse',
    operationId: 'refuseGroupApplication',
    tags,
    summary: 'Refuser une candidature avec un message (responsables)',
    access: leaders,
    params: idParams('groupId', 'applicationId'),
    body: refuseApplicationSchema,
    responses: { 200: applicationSchema },
    errors: ['GROUP_NOT_FOUND', 'APPLICATION_NOT_FOUND', 'APPLICATION_CLOSED'],
  }),
  leadersPage: endpoint({
    method: 'GET',
    path: '/groups/:groupId/leaders-page',
    operationId: 'getGroupLeadersPage',
    tags,
    summary: 'La page des responsables\u00a0: membres, candidatures et objections, historique',
    access: leaders,
    params: idParams('groupId'),
    responses: { 200: leaderPageSchema },
    errors: ['GROUP_NOT_FOUND'],
  }),
  removeMember: endpoint({
    method: 'POST',
    path: '/groups/:groupId/members/:userId/remove',
    operationId: 'removeGroupMember',
    tags,
    summary: 'Retirer un membre du groupe, avec une raison gardée dans son historique (responsables)',
    access: leaders,
    params: idParams('groupId', 'userId'),
    body: endMembershipSchema,
    responses: { 204: z.null() },
    errors: ['GROUP_NOT_FOUND', 'SELF_REMOVAL', 'GROUP_MEMBER_NOT_FOUND'],
  }),
  nameLeader: endpoint({
    method: 'PUT',
    path: '/groups/:groupId/leaders/:role',
    operationId: 'nameGroupLeader',
    tags,
    summary: 'Nommer un responsable du groupe, ou retirer le rôle (le président du groupe ou un administrateur)',
    access: leaders,
    params: leaderRoleParamsSchema,
    body: nameLeaderSchema,
    responses: { 204: z.null() },
    errors: ['GROUP_NOT_FOUND', 'LEADER_NAMING_FORBIDDEN', 'GROUP_MEMBER_NOT_FOUND'],
  }),
};
