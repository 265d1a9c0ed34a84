import multipart from '@fastify/multipart';
import { meEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endSessionCookies } from '../auth/end-session';
import type { AppContext } from '../context';
import { deleteAccount, exportMemberData } from '../domain/member-data';
import { getMe, removeProfileImage, setProfileImage, updateProfile } from '../domain/profile';
import { listActiveSessions, revokeOwnSession } from '../domain/sessions';
import { serve } from '../lib/endpoints';
import { memberOf } from '../plugins/access';
import { multipartLimits, readUploadedFile } from '../storage/upload';

/** /api/me/*: the signed-in member's own account. Every route acts on the session's user only. */
export const meRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.get, (request) => getMe(ctx, memberOf(request).id));

  serve(app, endpoints.sessions, async (request) => {
    const user = memberOf(request);
    return { sessions: await listActiveSessions(ctx.db, user.id, user.sessionId) };
  });

  serve(app, endpoints.revokeSession, async (request) => {
    const user = memberOf(request);
    await revokeOwnSession(ctx.db, user.id, request.params.id);
    await ctx.sessionCache.clear();
    return { ok: true as const };
  });

  serve(app, endpoints.updateProfile, (request) => updateProfile(ctx, memberOf(request).id, request.body));

  // Multipart is accepted by these routes only, with the upload size as its limit.
  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: multipartLimits(ctx.env.UPLOAD_MAX_BYTES) });
    for (const [kind, declaration] of [
      ['avatar', endpoints.uploadAvatar],
      ['logo', endpoints.uploadLogo],
    ] as const) {
      serve(uploads, declaration, async (request) => {
        const member = memberOf(request);
        const file = await readUploadedFile(request, ctx.env.UPLOAD_MAX_BYTES);
        return setProfileImage(ctx, member.id, kind, file, request.log);
      });
    }
  });

  for (const [kind, declaration] of [
    ['avatar', endpoints.removeAvatar],
    ['logo', endpoints.removeLogo],
  ] as const) {
    serve(app, declaration, async (request) => {
      const member = memberOf(request);
      await removeProfileImage(ctx, member.id, kind, request.log);
      return { ok: true as const };
    });
  }

  serve(app, endpoints.exportData, async (request, reply) => {
    const member = memberOf(request);
    const data = await exportMemberData(ctx, member.id);
    const day = data.exportedAt.slice(0, 10);
    return reply
      .header('content-disposition', `attachment; filename="mes-donnees-${day}.json"`)
      .header('cache-control', 'no-store')
      .send(data);
  });

  serve(app, endpoints.deleteAccount, async (request, reply) => {
    const member = memberOf(request);
    await deleteAccount(ctx, member, request.body.confirmEmail, request.log);
    reply.header('set-cookie', await endSessionCookies(ctx.auth, request));
    return { ok: true as const };
  });
};
