import {
  adminMembersQuerySchema,
  adminMembersResponseSchema,
  adminMemberUpdateResponseSchema,
  adminMemberUpdateSchema,
  adminPromoteResponseSchema,
  adminPromoteSchema,
} from '../admin';
import { okResponseSchema } from '../api';
import { endpoint } from '../endpoint';
import { idParams } from '../ids';

const tags = ['Administration'];

/** /api/admin/members and /api/admin/admins: admins only (401 signed out, 403 'Accès non autorisé'). */
export const adminMemberEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/members',
    operationId: 'listAdminMembers',
    tags,
    summary: 'Tous les membres avec leur profil, rôle et abonnement (admin_get_all_profiles)',
    access: 'admin',
    query: adminMembersQuerySchema,
    responses: { 200: adminMembersResponseSchema },
  }),
  promote: endpoint({
    method: 'POST',
    path: '/admin/admins',
    operationId: 'promoteAdmin',
    tags,
    summary: 'Nommer un membre administrateur par son email (user_roles insert)',
    access: 'admin',
    body: adminPromoteSchema,
    responses: { 200: adminPromoteResponseSchema },
    errors: ['USER_NOT_FOUND', 'ALREADY_ADMIN'],
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/members/:userId',
    operationId: 'updateAdminMember',
    tags,
    summary: 'Modifier le nom et l’entreprise d’un membre (profiles update)',
    access: 'admin',
    params: idParams('userId'),
    body: adminMemberUpdateSchema,
    responses: { 200: adminMemberUpdateResponseSchema },
    errors: ['USER_NOT_FOUND'],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/admin/members/:userId',
    operationId: 'deleteAdminMember',
    tags,
    summary: 'Supprimer le compte d’un membre, avec ses contenus et ses fichiers (profiles delete)',
    access: 'admin',
    params: idParams('userId'),
    responses: { 200: okResponseSchema },
    errors: ['CANNOT_DELETE_SELF', 'USER_NOT_FOUND'],
  }),
};
