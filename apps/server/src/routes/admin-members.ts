import { adminMemberMessages } from '@synergie/shared';
import { adminMemberEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { deleteMember, listMembers, updateMember } from '../domain/admin-members';
import { promoteAdmin } from '../domain/roles';
import { serve } from '../lib/endpoints';
import { memberOf } from '../plugins/access';

/** /api/admin/members and /api/admin/admins: admins only (401 signed out, 403 'Accès non autorisé'). */
export const adminMemberRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.list, (request) => listMembers(ctx, request.query));

  serve(app, endpoints.promote, async (request) => {
    const promoted = await promoteAdmin(ctx.db, request.body.email);
    return { ...promoted, message: adminMemberMessages.promoted };
  });

  serve(app, endpoints.update, (request) => updateMember(ctx, request.params.userId, request.body));

  serve(app, endpoints.remove, async (request) => {
    await deleteMember(ctx, memberOf(request).id, request.params.userId, request.log);
    return { ok: true as const };
  });
};
