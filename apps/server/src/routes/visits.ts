import { visitEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { groupVisitors, registerVisit, setVisitorFollowUp, unsubscribeVisitor, visitPage } from '../domain/visits';
import { serve } from '../lib/endpoints';

/** Visitors who register themselves (issue 30); the rules are in domain/visits.ts. */
export const visitRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, endpoints.page, async (request) => visitPage(ctx, request.params.slug, request.query.invite));

  serve(app, endpoints.register, async (request, reply) =>
    reply.status(201).send(
      await registerVisit(ctx, request.params.slug, request.body, {
        ip: request.ip,
        ...(request.query.invite ? { invite: request.query.invite } : {}),
      }),
    ),
  );

  serve(app, endpoints.unsubscribe, async (request, reply) => {
    await unsubscribeVisitor(ctx, request.query.jeton);
    return reply.status(204).send();
  });

  serve(app, endpoints.forGroup, async (request) => groupVisitors(ctx.db, request.params.groupId));

  serve(app, endpoints.setFollowUp, async (request) =>
    setVisitorFollowUp(ctx.db, request.params.groupId, request.body.enabled),
  );
};
