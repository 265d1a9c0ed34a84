import multipart from '@fastify/multipart';
import {
  activeSessionsResponseSchema,
  apiErrorSchema,
  dataExportSchema,
  deleteAccountSchema,
  imageUploadResponseSchema,
  meResponseSchema,
  okResponseSchema,
  profileSchema,
  profileUpdateSchema,
  sessionIdParamsSchema,
} from '@synergie/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endSessionCookies } from '../auth/end-session';
import type { AppContext } from '../context';
import { deleteAccount, exportMemberData } from '../domain/member-data';
import { getMe, type ProfileImageKind, removeProfileImage, setProfileImage, updateProfile } from '../domain/profile';
import { listActiveSessions, revokeOwnSession } from '../domain/sessions';
import { memberOf } from '../plugins/access';
import { multipartLimits, readUploadedFile } from '../storage/upload';

const tags = ['Compte'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema };

/** /api/me/*: the signed-in member's own account. Every route acts on the session's user only. */
export const meRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/me',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Le membre connecté : compte, profil et rôle admin (get_my_profile, is_admin)',
        response: { 200: meResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => getMe(ctx, memberOf(request).id),
  );

  app.get(
    '/me/sessions',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Les sessions actives du membre (sans leurs jetons)',
        response: { 200: activeSessionsResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const user = memberOf(request);
      return { sessions: await listActiveSessions(ctx.db, user.id, user.sessionId) };
    },
  );

  app.delete(
    '/me/sessions/:id',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: "Déconnecter l'un de ses appareils",
        params: sessionIdParamsSchema,
        response: { 200: okResponseSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const user = memberOf(request);
      await revokeOwnSession(ctx.db, user.id, request.params.id);
      await ctx.sessionCache.clear();
      return { ok: true as const };
    },
  );

  app.put(
    '/me/profile',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Mettre à jour son profil (profiles update)',
        body: profileUpdateSchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => updateProfile(ctx, memberOf(request).id, request.body),
  );

  // Multipart is accepted by these routes only, with the upload size as its limit.
  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: multipartLimits(ctx.env.UPLOAD_MAX_BYTES) });
    const upload = (kind: ProfileImageKind, what: string) =>
      uploads.post(
        `/me/${kind}`,
        {
          schema: {
            tags,
            summary: `Envoyer ${what} (multipart/form-data, champ « file » ; JPEG, PNG, WebP, GIF ou AVIF)`,
            consumes: ['multipart/form-data'],
            response: {
              200: imageUploadResponseSchema,
              ...errors,
              413: apiErrorSchema,
              415: apiErrorSchema,
              429: apiErrorSchema,
            },
          },
          config: { access: 'member', rateLimit: { max: 30, timeWindow: '10 minutes' } },
        },
        async (request) => {
          const member = memberOf(request);
          const file = await readUploadedFile(request, ctx.env.UPLOAD_MAX_BYTES);
          return setProfileImage(ctx, member.id, kind, file, request.log);
        },
      );
    upload('avatar', 'sa photo de profil');
    upload('logo', 'le logo de son entreprise');
  });

  for (const [kind, what] of [
    ['avatar', 'sa photo de profil'],
    ['logo', 'le logo de son entreprise'],
  ] as const) {
    app.delete(
      `/me/${kind}`,
      {
        config: { access: 'member' },
        schema: { tags, summary: `Retirer ${what}`, response: { 200: okResponseSchema, 401: apiErrorSchema } },
      },
      async (request) => {
        const member = memberOf(request);
        await removeProfileImage(ctx, member.id, kind, request.log);
        return { ok: true as const };
      },
    );
  }

  app.get(
    '/me/export',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Télécharger toutes ses données (RGPD), en JSON',
        response: { 200: dataExportSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const member = memberOf(request);
      const data = await exportMemberData(ctx, member.id);
      const day = data.exportedAt.slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="mes-donnees-${day}.json"`)
        .header('cache-control', 'no-store')
        .send(data);
    },
  );

  app.delete(
    '/me',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Supprimer son compte (RGPD) : confirmer en saisissant son email',
        body: deleteAccountSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const member = memberOf(request);
      await deleteAccount(ctx, member, request.body.confirmEmail, request.log);
      reply.header('set-cookie', await endSessionCookies(ctx.auth, request));
      return { ok: true as const };
    },
  );
};
