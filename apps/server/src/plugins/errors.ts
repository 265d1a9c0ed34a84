import { apiErrors } from '@synergie/shared';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errorBody, sendError } from '../lib/errors';

/** PostgreSQL and driver failures that mean "the database is away", not "the request is wrong". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: string; message?: string; cause?: unknown };
    if (e.code && UNAVAILABLE_CODES.has(e.code)) return true;
    if (
      typeof e.message === 'string' &&
      /timeout exceeded when trying to connect|Connection terminated|not queryable/i.test(e.message)
    )
      return true;
    current = e.cause;
  }
  return false;
}

/**
 * Text PostgreSQL cannot store (a NUL character, bytes that are not UTF-8): the request is wrong,
 * not the server (22021 character_not_in_repertoire, 22P05 untranslatable_character), and text
 * PostgreSQL cannot read as the column's type (22P02 invalid_text_representation: an id that is
 * not a UUID reaching a query, for instance).
 */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05', '22P02']);
function isUnstorableText(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: string; cause?: unknown };
    if (e.code && UNSTORABLE_TEXT_CODES.has(e.code)) return true;
    current = e.cause;
  }
  return false;
}

/**
 * One place turns every failure into `{ error: { code, message } }` with a French message.
 * 5xx details stay in the log, never in the answer.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || (error.validationContext ?? 'body');
        fields[key] ??= issue.message ?? apiErrors.VALIDATION.message;
      }
      return sendError(reply, 'VALIDATION', error.validation[0]?.message, fields);
    }
    if (error instanceof AppError) return sendError(reply, error.code, error.message, error.fields);
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendError(reply, 'PAYLOAD_TOO_LARGE');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendError(reply, 'UNSUPPORTED_MEDIA_TYPE');
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return sendError(reply, 'BAD_REQUEST', 'Le corps de la requête est illisible (JSON invalide).');
    }
    if (error.statusCode === 429) return sendError(reply, 'RATE_LIMITED');
    if (error instanceof SyntaxError || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)) {
      return frameworkErrors(error, request, reply);
    }
    if (isUnstorableText(error)) return sendError(reply, 'BAD_REQUEST');
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return sendError(reply, 'UNAVAILABLE');
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 'INTERNAL');
  });
});

/**
 * Fastify's own refusals (a URL it cannot decode, such as "/api/%", before any route runs; a
 * method or a header it refuses): answered like every other error, in French, instead of
 * Fastify's English default. They keep Fastify's 4xx status under the catalogue's BAD_REQUEST:
 * what was refused is Fastify's to say, not a code of ours.
 */
export function frameworkErrors(error: FastifyError, _request: unknown, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  return reply.status(status).send(errorBody('BAD_REQUEST'));
}
