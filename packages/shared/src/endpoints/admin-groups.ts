import { endpoint } from '../endpoint';
import {
  adminGroupListSchema,
  adminGroupSchema,
  adminTradeListSchema,
  adminTradeSchema,
  tradeMergeResultSchema,
} from '../group-admin';
import { groupFormSchema, tradeFormSchema, tradeMergeSchema } from '../groups';
import { idParams } from '../ids';

const tradeTags = ['Métiers (admin)'];
const groupTags = ['Groupes (admin)'];

/** Admin: the trade catalogue and the groups (network-core §1-2). */
export const adminGroupEndpoints = {
  listTrades: endpoint({
    method: 'GET',
    path: '/admin/trades',
    operationId: 'listAdminTrades',
    tags: tradeTags,
    summary: 'Le catalogue des métiers avec, pour chacun, ses membres et ses sièges occupés (admin)',
    access: 'admin',
    responses: { 200: adminTradeListSchema },
  }),
  createTrade: endpoint({
    method: 'POST',
    path: '/admin/trades',
    operationId: 'createTrade',
    tags: tradeTags,
    summary:
      'Ajouter un métier (admin\u202f; identifiant tiré du libellé, libellé unique sans tenir compte des accents)',
    access: 'admin',
    body: tradeFormSchema,
    responses: { 201: adminTradeSchema },
    errors: ['DUPLICATE_TRADE'],
  }),
  updateTrade: endpoint({
    method: 'PUT',
    path: '/admin/trades/:tradeId',
    operationId: 'updateTrade',
    tags: tradeTags,
    summary: 'Renommer ou modifier un métier (admin\u202f; le métier des membres suit le nouveau libellé)',
    access: 'admin',
    params: idParams('tradeId'),
    body: tradeFormSchema,
    responses: { 200: adminTradeSchema },
    errors: ['TRADE_NOT_FOUND', 'DUPLICATE_TRADE'],
  }),
  mergeTrades: endpoint({
    method: 'POST',
    path: '/admin/trades/:tradeId/merge',
    operationId: 'mergeTrades',
    tags: tradeTags,
    summary:
      'Fusionner un métier dans un autre (admin\u202f; membres, sièges, candidatures, listes d’attente et historique, en une transaction)',
    access: 'admin',
    params: idParams('tradeId'),
    body: tradeMergeSchema,
    responses: { 200: tradeMergeResultSchema },
    errors: ['TRADE_MERGE_SAME', 'TRADE_NOT_FOUND', 'TRADE_MERGE_CONFLICT'],
  }),
  listGroups: endpoint({
    method: 'GET',
    path: '/admin/groups',
    operationId: 'listAdminGroups',
    tags: groupTags,
    summary: 'Tous les groupes avec leurs effectifs, candidatures, listes d’attente et responsables (admin)',
    access: 'admin',
    responses: { 200: adminGroupListSchema },
  }),
  createGroup: endpoint({
    method: 'POST',
    path: '/admin/groups',
    operationId: 'createGroup',
    tags: groupTags,
    summary: 'Créer un groupe (admin\u202f; identifiant unique)',
    access: 'admin',
    body: groupFormSchema,
    responses: { 201: adminGroupSchema },
    errors: ['DUPLICATE_GROUP_SLUG'],
  }),
  updateGroup: endpoint({
    method: 'PUT',
    path: '/admin/groups/:groupId',
    operationId: 'updateGroup',
    tags: groupTags,
    summary: 'Modifier un groupe (admin)',
    access: 'admin',
    params: idParams('groupId'),
    body: groupFormSchema,
    responses: { 200: adminGroupSchema },
    errors: ['GROUP_NOT_FOUND', 'DUPLICATE_GROUP_SLUG'],
  }),
};
