import {
  apiErrorSchema,
  forumAcceptSchema,
  forumCategoriesResponseSchema,
  forumCategoryFormSchema,
  forumCategorySchema,
  forumMentionableResponseSchema,
  forumMessages,
  forumModerationFormSchema,
  forumPostFormSchema,
  forumPostsQuerySchema,
  forumReportFormSchema,
  forumReportsQuerySchema,
  forumReportsResponseSchema,
  forumSearchQuerySchema,
  forumSearchResponseSchema,
  forumTopicEditSchema,
  forumTopicFormSchema,
  forumTopicResponseSchema,
  forumTopicsQuerySchema,
  forumTopicsResponseSchema,
} from '@synergie/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import {
  createPost,
  createTopic,
  editPost,
  editTopic,
  getTopic,
  listCategories,
  listTopics,
  setAcceptedAnswer,
} from '../domain/forum';
import { adminListCategories, createCategory, updateCategory } from '../domain/forum-admin';
import { listReports, moderateMessage, reportMessage } from '../domain/forum-moderation';
import { mentionable, searchForum } from '../domain/forum-search';
import { memberOf, viewerOf } from '../plugins/access';

const tags = ['Forum'];
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const subscriber = {
  level: 'subscriber' as const,
  messages: { subscriptionRequired: forumMessages.subscribeToPost },
};

const slugParams = z.object({ slug: z.string().trim().min(1).max(80) });
const topicParams = z.object({ topicId: z.string().trim().min(1).max(100) });
const postParams = z.object({ postId: z.string().trim().min(1).max(100) });
const categoryParams = z.object({ categoryId: z.string().trim().min(1).max(100) });
const created = z.object({ id: z.uuid() });
const acceptedResponse = z.object({ acceptedPostId: z.uuid().nullable() });
const moderatedResponse = z.object({ hidden: z.boolean() });

/**
 * The forum (network-core §9, issue 18). Who may do what beyond the access level (a group's
 * category, the author, the asker, the moderators) is decided in domain/forum*.ts.
 */
export const forumRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/forum/categories',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Les catégories du forum que l’on peut lire, et ce que l’on peut y faire',
        response: { 200: forumCategoriesResponseSchema },
      },
    },
    async (request) => listCategories(ctx.db, (await viewerOf(request))?.id ?? null),
  );

  app.get(
    '/forum/categories/:slug/topics',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Les sujets d’une catégorie, activité la plus récente d’abord, 20 par page',
        params: slugParams,
        querystring: forumTopicsQuerySchema,
        response: { 200: forumTopicsResponseSchema, ...errors },
      },
    },
    async (request) => listTopics(ctx.db, (await viewerOf(request))?.id ?? null, request.params.slug, request.query),
  );

  app.get(
    '/forum/topics/:topicId',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Un sujet, sa réponse acceptée et ses réponses, 50 par page',
        params: topicParams,
        querystring: forumPostsQuerySchema,
        response: { 200: forumTopicResponseSchema, ...errors },
      },
    },
    async (request) => getTopic(ctx.db, (await viewerOf(request))?.id ?? null, request.params.topicId, request.query),
  );

  app.post(
    '/forum/categories/:slug/topics',
    {
      config: { access: subscriber },
      schema: {
        tags,
        summary: 'Poser une question dans une catégorie (abonnés\u202f; celle d’un groupe\u202f: ses membres)',
        params: slugParams,
        body: forumTopicFormSchema,
        response: { 201: created, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createTopic(ctx, memberOf(request).id, request.params.slug, request.body)),
  );

  app.patch(
    '/forum/topics/:topicId',
    {
      config: { access: subscriber },
      schema: {
        tags,
        summary: 'Modifier son sujet dans les 15 minutes',
        params: topicParams,
        body: forumTopicEditSchema,
        response: { 200: created, ...errors },
      },
    },
    async (request) => editTopic(ctx, memberOf(request).id, request.params.topicId, request.body),
  );

  app.post(
    '/forum/topics/:topicId/posts',
    {
      config: { access: subscriber },
      schema: {
        tags,
        summary: 'Répondre à un sujet',
        params: topicParams,
        body: forumPostFormSchema,
        response: { 201: created, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createPost(ctx, memberOf(request).id, request.params.topicId, request.body)),
  );

  app.patch(
    '/forum/posts/:postId',
    {
      config: { access: subscriber },
      schema: {
        tags,
        summary: 'Modifier sa réponse dans les 15 minutes',
        params: postParams,
        body: forumPostFormSchema,
        response: { 200: created.extend({ topicId: z.uuid() }), ...errors },
      },
    },
    async (request) => editPost(ctx, memberOf(request).id, request.params.postId, request.body),
  );

  app.put(
    '/forum/topics/:topicId/accepted',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Choisir la réponse acceptée de son sujet (ou la retirer avec null)',
        params: topicParams,
        body: forumAcceptSchema,
        response: { 200: acceptedResponse, ...errors },
      },
    },
    async (request) => setAcceptedAnswer(ctx, memberOf(request).id, request.params.topicId, request.body.postId),
  );

  app.post(
    '/forum/topics/:topicId/report',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Signaler un sujet aux responsables',
        params: topicParams,
        body: forumReportFormSchema,
        response: { 201: created, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await reportMessage(
            ctx,
            memberOf(request).id,
            { topicId: request.params.topicId, postId: null },
            request.body.reason,
          ),
        ),
  );

  app.post(
    '/forum/posts/:postId/report',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Signaler une réponse aux responsables',
        params: postParams,
        body: forumReportFormSchema,
        response: { 201: created, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await reportMessage(
            ctx,
            memberOf(request).id,
            { topicId: '', postId: request.params.postId },
            request.body.reason,
          ),
        ),
  );

  app.get(
    '/forum/reports',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Les signalements à traiter (administrateurs\u202f; responsables\u202f: la catégorie de leur groupe)',
        querystring: forumReportsQuerySchema,
        response: { 200: forumReportsResponseSchema, ...errors },
      },
    },
    async (request) => listReports(ctx.db, memberOf(request).id, request.query),
  );

  for (const action of ['hide', 'restore'] as const) {
    const verb = action === 'hide' ? 'Masquer' : 'Rétablir';
    app.post(
      `/forum/topics/:topicId/${action}`,
      {
        config: { access: 'member' },
        schema: {
          tags,
          summary: `${verb} un sujet, avec la raison (administrateurs, responsables du groupe)`,
          params: topicParams,
          body: forumModerationFormSchema,
          response: { 200: moderatedResponse, ...errors },
        },
      },
      async (request) =>
        moderateMessage(
          ctx,
          memberOf(request).id,
          { topicId: request.params.topicId, postId: null },
          action,
          request.body.reason,
        ),
    );
    app.post(
      `/forum/posts/:postId/${action}`,
      {
        config: { access: 'member' },
        schema: {
          tags,
          summary: `${verb} une réponse, avec la raison (administrateurs, responsables du groupe)`,
          params: postParams,
          body: forumModerationFormSchema,
          response: { 200: moderatedResponse, ...errors },
        },
      },
      async (request) =>
        moderateMessage(
          ctx,
          memberOf(request).id,
          { topicId: '', postId: request.params.postId },
          action,
          request.body.reason,
        ),
    );
  }

  app.get(
    '/forum/search',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Rechercher dans le forum (texte intégral en français)',
        querystring: forumSearchQuerySchema,
        response: { 200: forumSearchResponseSchema, ...errors },
      },
    },
    async (request) => searchForum(ctx.db, (await viewerOf(request))?.id ?? null, request.query),
  );

  app.get(
    '/forum/mentionable',
    {
      config: { access: subscriber },
      schema: {
        tags,
        summary: 'Les membres proposés après @ (8 au plus)',
        querystring: z.object({ q: z.string().trim().max(100).default('') }),
        response: { 200: forumMentionableResponseSchema, ...errors },
      },
    },
    async (request) => mentionable(ctx.db, memberOf(request).id, request.query.q),
  );

  app.get(
    '/admin/forum/categories',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Toutes les catégories du forum (administrateurs)',
        response: { 200: z.object({ categories: z.array(forumCategorySchema) }), ...errors },
      },
    },
    async () => adminListCategories(ctx.db),
  );

  app.post(
    '/admin/forum/categories',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Créer une catégorie nationale (administrateurs)',
        body: forumCategoryFormSchema,
        response: { 201: forumCategorySchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createCategory(ctx.db, request.body)),
  );

  app.patch(
    '/admin/forum/categories/:categoryId',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Modifier, déplacer ou archiver une catégorie nationale (administrateurs)',
        params: categoryParams,
        body: forumCategoryFormSchema,
        response: { 200: forumCategorySchema, ...errors },
      },
    },
    async (request) => updateCategory(ctx.db, request.params.categoryId, request.body),
  );
};
