import { forumEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { serve } from '../../lib/endpoints';
import { memberOf, viewerOf } from '../../plugins/access';
import {
  createPost,
  createTopic,
  editPost,
  editTopic,
  getTopic,
  listCategories,
  listLanding,
  listTopics,
  setAcceptedAnswer,
} from './forum';
import { adminListCategories, createCategory, updateCategory } from './forum-admin';
import { listReports, moderateMessage, reportMessage } from './forum-moderation';
import { mentionable, searchForum } from './forum-search';

/**
 * The forum (network-core §9, issue 18). Who may do what beyond the access level (a group's
 * category, the author, the asker, the moderators) is decided in the domain files beside this one.
 */
export const forumRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.categories, async (request) => listCategories(ctx.db, (await viewerOf(request))?.id ?? null));

  serve(app, endpoints.landing, async (request) => listLanding(ctx.db, (await viewerOf(request))?.id ?? null));

  serve(app, endpoints.topics, async (request) =>
    listTopics(ctx.db, (await viewerOf(request))?.id ?? null, request.params.slug, request.query),
  );

  serve(app, endpoints.topic, async (request) =>
    getTopic(ctx.db, (await viewerOf(request))?.id ?? null, request.params.topicId, request.query),
  );

  serve(app, endpoints.createTopic, async (request, reply) =>
    reply.status(201).send(await createTopic(ctx, memberOf(request).id, request.params.slug, request.body)),
  );

  serve(app, endpoints.editTopic, async (request) =>
    editTopic(ctx, memberOf(request).id, request.params.topicId, request.body),
  );

  serve(app, endpoints.reply, async (request, reply) =>
    reply.status(201).send(await createPost(ctx, memberOf(request).id, request.params.topicId, request.body)),
  );

  serve(app, endpoints.editPost, async (request) =>
    editPost(ctx, memberOf(request).id, request.params.postId, request.body),
  );

  serve(app, endpoints.accept, async (request) =>
    setAcceptedAnswer(ctx, memberOf(request).id, request.params.topicId, request.body.postId),
  );

  serve(app, endpoints.reportTopic, async (request, reply) =>
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

  serve(app, endpoints.reportPost, async (request, reply) =>
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

  serve(app, endpoints.reports, async (request) => listReports(ctx.db, memberOf(request).id, request.query));

  // Hiding and restoring: one declaration each, for a topic and for a reply.
  for (const [action, topic, post] of [
    ['hide', endpoints.hideTopic, endpoints.hidePost],
    ['restore', endpoints.restoreTopic, endpoints.restorePost],
  ] as const) {
    serve(app, topic, async (request) =>
      moderateMessage(
        ctx,
        memberOf(request).id,
        { topicId: request.params.topicId, postId: null },
        action,
        request.body.reason,
      ),
    );
    serve(app, post, async (request) =>
      moderateMessage(
        ctx,
        memberOf(request).id,
        { topicId: '', postId: request.params.postId },
        action,
        request.body.reason,
      ),
    );
  }

  serve(app, endpoints.search, async (request) =>
    searchForum(ctx.db, (await viewerOf(request))?.id ?? null, request.query),
  );

  serve(app, endpoints.mentionable, async (request) => mentionable(ctx.db, memberOf(request).id, request.query.q));

  serve(app, endpoints.adminCategories, async () => adminListCategories(ctx.db));

  serve(app, endpoints.createCategory, async (request, reply) =>
    reply.status(201).send(await createCategory(ctx.db, request.body)),
  );

  serve(app, endpoints.updateCategory, async (request) =>
    updateCategory(ctx.db, request.params.categoryId, request.body),
  );
};
