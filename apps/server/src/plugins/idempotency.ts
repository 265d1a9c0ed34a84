import { setTimeout as sleep } from 'node:timers/promises';
import { IDEMPOTENCY_HEADER } from '@synergie/shared';
import type { FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { DbOrTx } from '../db/client';
import { claimKey, releaseKey, requestHash, storeAnswer } from '../domain/idempotency';
import { AppError } from '../lib/errors';
import { memberOf } from './access';

/**
 * The `Idempotency-Key` header of the endpoints declared `idempotent` (issue 28: a check-in or a
 * recommendation kept offline may reach the server twice, from the page and from the service
 * worker, or from two devices). Before the handler, the key is claimed in `idempotency_keys`
 * (primary key (user_id, key): of concurrent copies, one insert wins); the winner runs and its
 * answer (status and body, a 4xx refusal included) is stored as it is sent; the other copies wait
 * for it and get it again, marked `Idempotent-Replayed: true`. The same key with another body
 * is a 422. A 5xx or a 429 frees the key, so the copy sent next tries again. Without the header
 * the route runs as ever.
 */

const HEADER = IDEMPOTENCY_HEADER.toLowerCase();
/** A UUID, or any client's token of the same kind. */
const KEY_PATTERN = /^[A-Za-z0-9-]{8,100}$/;
/** A copy waits this long for the first request's answer (under the client's 10 s). */
const WAIT_MS = 8_000;
const POLL_MS = 50;

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request claimed: its answer is stored when sent. */
    idempotencyClaim?: { userId: string; key: string };
  }
}

export const idempotencyPlugin = fp<{ db: DbOrTx }>(
  async (app, { db }) => {
    const preHandler: preHandlerHookHandler = async function idempotencyPreHandler(
      request: FastifyRequest,
      reply: FastifyReply,
    ) {
      const raw = request.headers[HEADER];
      if (raw === undefined) return;
      const key = Array.isArray(raw) ? raw[0] : raw;
      if (key === undefined || !KEY_PATTERN.test(key)) throw new AppError('IDEMPOTENCY_KEY_INVALID');
      const userId = memberOf(request).id;
      const operation = request.routeOptions.config.endpoint?.operationId ?? request.routeOptions.url ?? '';
      const hash = requestHash(operation, request.params, request.body);
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        const claim = await claimKey(db, userId, key, operation, hash);
        if (claim.kind === 'claimed') {
          request.idempotencyClaim = { userId, key };
          return;
        }
        if (claim.kind === 'mismatch') throw new AppError('IDEMPOTENCY_KEY_REUSED');
        if (claim.kind === 'answered') {
          return reply
            .code(claim.answer.status)
            .header('content-type', 'application/json; charset=utf-8')
            .header('idempotent-replayed', 'true')
            .send(claim.answer.body);
        }
        if (Date.now() > deadline) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
        await sleep(POLL_MS);
      }
    };

    const onSend: onSendHookHandler = async function idempotencyOnSend(request, reply, payload) {
      const claim = request.idempotencyClaim;
      if (!claim) return payload;
      request.idempotencyClaim = undefined;
      // A 5xx, or a 429 (a member quota, issue 33: try again later), is no answer to keep: the
      // copy sent next runs again.
      if (reply.statusCode >= 500 || reply.statusCode === 429) await releaseKey(db, claim.userId, claim.key);
      else {
        const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
        await storeAnswer(db, claim.userId, claim.key, { status: reply.statusCode, body });
      }
      return payload;
    };

    app.addHook('onRoute', (route) => {
      if (!route.config?.endpoint?.idempotent) return;
      route.preHandler = [...hooksOf(route.preHandler), preHandler];
      route.onSend = [...hooksOf(route.onSend), onSend];
    });
  },
  { name: 'idempotency' },
);

function hooksOf<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}
