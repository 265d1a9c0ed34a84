import { type ApiErrorCode, apiErrors } from '@synergie/shared';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from '../plugins/errors';
import { AppError, sendError } from './errors';

const codes = Object.keys(apiErrors) as ApiErrorCode[];
const app = Fastify();

beforeAll(async () => {
  await app.register(errorsPlugin);
  app.get<{ Params: { code: ApiErrorCode } }>('/throw/:code', async (request) => {
    throw new AppError(request.params.code);
  });
  app.get('/override', async () => {
    throw new AppError('NOT_FOUND', 'Événement introuvable', { id: 'Événement introuvable' });
  });
  app.get<{ Params: { code: ApiErrorCode } }>('/send/:code', (request, reply) => sendError(reply, request.params.code));
  await app.ready();
});
afterAll(() => app.close());

describe('AppError', () => {
  it.each(codes)('%s takes its status and its message from the catalogue', (code) => {
    const error = new AppError(code);
    expect(error.statusCode).toBe(apiErrors[code].status);
    expect(error.message).toBe(apiErrors[code].message);
    expect(error.code).toBe(code);
  });

  it.each(codes)('%s, thrown by a route, answers the catalogue status and message', async (code) => {
    const res = await app.inject({ method: 'GET', url: `/throw/${code}` });
    expect(res.statusCode).toBe(apiErrors[code].status);
    expect(res.json()).toEqual({ error: { code, message: apiErrors[code].message } });
    expect(res.headers['retry-after']).toBe(apiErrors[code].status === 503 ? '5' : undefined);
  });

  it("keeps the catalogue's status under a route's own wording, with the fields", async () => {
    const res = await app.inject({ method: 'GET', url: '/override' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Événement introuvable', fields: { id: 'Événement introuvable' } },
    });
  });

  it('answers the same through sendError, for a handler that answers rather than throws', async () => {
    for (const code of ['SUBSCRIPTION_REQUIRED', 'UNAVAILABLE', 'EVENT_FULL'] as const) {
      const res = await app.inject({ method: 'GET', url: `/send/${code}` });
      expect(res.statusCode).toBe(apiErrors[code].status);
      expect(res.json()).toEqual({ error: { code, message: apiErrors[code].message } });
    }
  });

  it('does not compile with a code outside the catalogue', () => {
    // At run time the catalogue has no entry either, so nothing can be answered with it.
    // @ts-expect-error: 'NOT_A_CODE' is not an ApiErrorCode (the typecheck fails if this compiles).
    expect(() => new AppError('NOT_A_CODE')).toThrow(TypeError);
  });
});
