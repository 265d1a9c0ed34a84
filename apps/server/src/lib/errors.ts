import { type ApiErrorCode, type ApiErrorStatus, apiErrors } from '@synergie/shared';
import type { FastifyReply } from 'fastify';

/**
 * An error meant for the user: a code of the catalogue (packages/shared/src/errors.ts), which
 * gives its HTTP status and its French message. `message` replaces the catalogue's wording where
 * the route says more (which record was not found, for instance).
 */
export class AppError extends Error {
  readonly statusCode: ApiErrorStatus;

  constructor(
    readonly code: ApiErrorCode,
    message?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message ?? apiErrors[code].message);
    this.name = 'AppError';
    this.statusCode = apiErrors[code].status;
  }
}

/** The one shape of an error answer: `{ error: { code, message, fields? } }`, the catalogue's message by default. */
export const errorBody = (
  code: ApiErrorCode,
  message: string = apiErrors[code].message,
  fields?: Record<string, string>,
) => ({
  error: { code, message, ...(fields ? { fields } : {}) },
});

/**
 * Answers a code of the catalogue with its status, and its message unless one is given, where a
 * handler answers rather than throws. A 503 says when to try again.
 */
export function sendError(reply: FastifyReply, code: ApiErrorCode, message?: string, fields?: Record<string, string>) {
  const { status } = apiErrors[code];
  if (status === 503) reply.header('retry-after', '5');
  return reply.status(status).send(errorBody(code, message, fields));
}
