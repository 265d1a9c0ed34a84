import {
  adminMemberMessages,
  adminMemberParamsSchema,
  adminMembersQuerySchema,
  adminMembersResponseSchema,
  adminMemberUpdateResponseSchema,
  adminMemberUpdateSchema,
  adminPromoteResponseSchema,
  adminPromoteSchema,
  apiErrorSchema,
  okResponseSchema,
} from '@synergie/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { deleteMember, listMembers, updateMember } from '../domain/admin-members';
import { promoteAdmin } from '../domain/roles';
import { memberOf } from '../plugins/access';

const tags = ['Administration'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** /api/admin/members and /api/admin/admins: admins only (401 signed out, 403 'Accès non autorisé'). */
export const adminMemberRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/admin/members',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Tous les membres avec leur profil, rôle et abonnement (admin_get_all_profiles)',
        querystring: adminMembersQuerySchema,
        response: { 200: adminMembersResponseSchema, ...errors },
      },
    },
    async (request) => listMembers(ctx, request.query),
  );

  app.post(
    '/admin/admins',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Nommer un membre administrateur par son email (user_roles insert)',
        body: adminPromoteSchema,
        response: { 200: adminPromoteResponseSchema, ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const promoted = await promoteAdmin(ctx.db, request.body.email);
      return { ...promoted, message: adminMemberMessages.promoted };
    },
  );

  app.put(
    '/admin/members/:userId',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Modifier le nom et l'entreprise d'un membre (profiles update)",
        params: adminMemberParamsSchema,
        body: adminMemberUpdateSchema,
        response: {
          200: adminMemberUpdateResponseSchema,
          ...errors,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => updateMember(ctx, request.params.userId, request.body),
  );

  app.delete(
    '/admin/members/:userId',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Supprimer le compte d’un membre, avec ses contenus et ses fichiers (profiles delete)',
        params: adminMemberParamsSchema,
        response: { 200: okResponseSchema, ...errors, 404: apiErrorSchema },
      },
    },
    async (request) => {
      await deleteMember(ctx, memberOf(request).id, request.params.userId, request.log);
      return { ok: true as const };
    },
  );
};
