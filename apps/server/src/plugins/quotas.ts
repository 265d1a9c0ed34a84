import type { FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { DbOrTx } from '../db/client';
import { giveBackQuota, type QuotaLimitsOf, type QuotaTaken, quotaError, takeQuota } from '../domain/quotas';

/**
 * The member quotas of the endpoints that declare one (`quota: 'guestInvitations'`, issue 33):
 * after the access hook and the input's validation (an invalid form costs nothing), the action
 * is counted in the database (domain/quotas.ts, one conditional upsert); over the quota, 429
 * QUOTA_EXCEEDED says which limit and when it frees, with a Retry-After header. An action that is
 * then refused (4xx) or fails (5xx) gives its count back, so only what was done counts. Registered
 * after the idempotency plugin: a copy answered from its stored answer is not counted again.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** The count this request took, given back if it is refused. */
    quotaTaken?: QuotaTaken;
  }
}

export const quotasPlugin = fp<{ db: DbOrTx; limitsOf: QuotaLimitsOf }>(
  async (app, { db, limitsOf }) => {
    const preHandler: preHandlerHookHandler = async function quotaPreHandler(
      request: FastifyRequest,
      reply: FastifyReply,
    ) {
      const name = request.routeOptions.config.endpoint?.quota;
      const member = request.member;
      if (!name || !member) return;
      const answer = await takeQuota(db, limitsOf(name), member.id, name);
      if (!answer.ok) {
        reply.header('retry-after', String(answer.retryAfter));
        throw quotaError(name, answer);
      }
      request.quotaTaken = answer;
    };

    const onSend: onSendHookHandler = async function quotaOnSend(request, reply, payload) {
      const taken = request.quotaTaken;
      if (!taken) return payload;
      request.quotaTaken = undefined;
      if (reply.statusCode >= 400) await giveBackQuota(db, taken);
      return payload;
    };

    app.addHook('onRoute', (route) => {
      if (!route.config?.endpoint?.quota) return;
      route.preHandler = [...hooksOf(route.preHandler), preHandler];
      route.onSend = [...hooksOf(route.onSend), onSend];
    });
  },
  { name: 'quotas' },
);

function hooksOf<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}
