import {
  type ApiErrorCode,
  type ApiErrorStatus,
  accessRule,
  apiErrorSchema,
  apiErrors,
  type EndpointDefinition,
  type FileResponse,
  IDEMPOTENCY_HEADER,
  type MultipartBody,
  type RedirectResponse,
  type ResponseSpec,
} from '@synergie/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';

/**
 * The server's side of the endpoint declarations (packages/shared/src/endpoint.ts, decision
 * 0015): `serve(app, declaration, handler)` registers the route with the declaration's method,
 * path, schemas, access, operationId and error answers. The handler is the only thing a route
 * file adds; a setting-dependent rate limit may be given as the fourth argument.
 */

type Out<S> = S extends z.ZodType ? z.output<S> : unknown;
type SuccessInput<E extends EndpointDefinition> = {
  [S in keyof E['responses']]: S extends 204
    ? null
    : E['responses'][S] extends z.ZodType
      ? z.input<E['responses'][S]>
      : unknown;
}[keyof E['responses']];

export type EndpointRequest<E extends EndpointDefinition> = FastifyRequest<{
  Params: Out<E['params']>;
  Querystring: Out<E['query']>;
  Body: E['body'] extends z.ZodType ? z.output<E['body']> : unknown;
}>;

/** A handler answers the success body, or the reply it sent (another status, a file, a redirect). */
export type EndpointHandler<E extends EndpointDefinition> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<SuccessInput<E> | FastifyReply> | SuccessInput<E> | FastifyReply;

export interface ServeOptions {
  /** A limit read from the settings, in place of the declaration's `max`. */
  rateLimitMax?: number;
}

const isZod = (value: unknown): value is z.ZodType => value instanceof z.ZodType;
const isMultipart = (body: EndpointDefinition['body']): body is MultipartBody =>
  !!body && !isZod(body) && (body as MultipartBody).kind === 'multipart';
const isFile = (spec: ResponseSpec): spec is FileResponse => !isZod(spec) && (spec as FileResponse).kind === 'file';
const isRedirect = (spec: ResponseSpec): spec is RedirectResponse =>
  !isZod(spec) && (spec as RedirectResponse).kind === 'redirect';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every error code an endpoint may answer: its own, those every route may (a malformed address:
 * BAD_REQUEST; the database away: UNAVAILABLE), those its access implies, VALIDATION where it
 * reads input, INVALID_ORIGIN (and a body's size and type) on writes, RATE_LIMITED with a limit,
 * QUOTA_EXCEEDED with a member quota (plugins/quotas.ts).
 */
export function errorCodesOf(endpoint: EndpointDefinition): ApiErrorCode[] {
  const codes = new Set<ApiErrorCode>(['BAD_REQUEST']);
  const rule = accessRule(endpoint.access);
  if (rule.level !== 'public') codes.add('UNAUTHENTICATED');
  if (rule.level === 'subscriber') codes.add('SUBSCRIPTION_REQUIRED');
  if (rule.level === 'admin' || rule.group) codes.add('FORBIDDEN');
  if (rule.group) codes.add('NOT_FOUND');
  if (endpoint.params || endpoint.query || isZod(endpoint.body)) codes.add('VALIDATION');
  if (WRITE_METHODS.has(endpoint.method)) codes.add('INVALID_ORIGIN');
  if (endpoint.body) {
    codes.add('PAYLOAD_TOO_LARGE');
    codes.add('UNSUPPORTED_MEDIA_TYPE');
  }
  if (endpoint.rateLimit) codes.add('RATE_LIMITED');
  if (endpoint.quota) codes.add('QUOTA_EXCEEDED');
  if (endpoint.idempotent) {
    codes.add('IDEMPOTENCY_KEY_INVALID');
    codes.add('IDEMPOTENCY_KEY_REUSED');
    codes.add('IDEMPOTENCY_IN_PROGRESS');
  }
  for (const code of endpoint.errors ?? []) codes.add(code);
  codes.add('UNAVAILABLE');
  return [...codes];
}

/** The error answers by status, each listing its codes and their French messages. */
function errorResponses(endpoint: EndpointDefinition): Record<number, z.ZodType> {
  const byStatus = new Map<ApiErrorStatus, ApiErrorCode[]>();
  for (const code of errorCodesOf(endpoint)) {
    const { status } = apiErrors[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<number, z.ZodType> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const lines = codes.map((code) => `\`${code}\` : ${apiErrors[code].message}`).join(' ; ');
    responses[status] = apiErrorSchema.describe(lines);
  }
  return responses;
}

/** The route options of a declaration (its path relative to the /api prefix). */
export function routeOptionsOf(
  endpoint: EndpointDefinition,
  options: ServeOptions = {},
): Omit<RouteOptions, 'handler'> {
  const response: Record<number, z.ZodType> = {};
  for (const [status, spec] of Object.entries(endpoint.responses) as [string, ResponseSpec][]) {
    // Files and redirects are sent by the handler as they are: no serializer, documented only.
    if (isFile(spec) || isRedirect(spec)) continue;
    response[Number(status)] = status === '204' ? z.null() : spec;
  }
  Object.assign(response, errorResponses(endpoint));
  const multipart = isMultipart(endpoint.body);
  const schema: Record<string, unknown> = {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    tags: [...endpoint.tags],
    response,
  };
  if (endpoint.description) schema.description = endpoint.description;
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (isZod(endpoint.body)) schema.body = endpoint.body;
  if (multipart) schema.consumes = ['multipart/form-data'];
  if (endpoint.hidden) schema.hide = true;
  const rateLimit = endpoint.rateLimit
    ? {
        max: options.rateLimitMax ?? endpoint.rateLimit.max,
        timeWindow: endpoint.rateLimit.timeWindow,
      }
    : undefined;
  return {
    method: endpoint.method,
    url: endpoint.path,
    schema,
    config: { access: endpoint.access, endpoint, ...(rateLimit ? { rateLimit } : {}) },
  };
}

/** Registers a declared endpoint with its handler. */
export function serve<const E extends EndpointDefinition>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options?: ServeOptions,
): void {
  app.route({ ...routeOptionsOf(endpoint, options), handler: handler as unknown as RouteOptions['handler'] });
}

/**
 * For @fastify/swagger's `transform`: what a declaration says that the route's schema does not
 * carry (files' media types, redirects, multipart bodies).
 */
export function documentEndpoint(schema: Record<string, unknown>, endpoint: EndpointDefinition | undefined) {
  if (!endpoint) return schema;
  const responses = { ...((schema.response as Record<string, unknown> | undefined) ?? {}) };
  for (const [status, spec] of Object.entries(endpoint.responses) as [string, ResponseSpec][]) {
    if (isFile(spec)) {
      responses[status] = {
        description: spec.description,
        content: { [spec.contentType.split(';')[0] as string]: { schema: { type: 'string', format: 'binary' } } },
      };
    } else if (isRedirect(spec)) {
      responses[status] = { description: spec.description, headers: { location: { schema: { type: 'string' } } } };
    }
  }
  const result: Record<string, unknown> = { ...schema, response: responses };
  if (endpoint.idempotent) {
    // Read by plugins/idempotency.ts (not validated by the route's schema: its refusal has its own words).
    result.headers = {
      type: 'object',
      properties: {
        [IDEMPOTENCY_HEADER.toLowerCase()]: {
          type: 'string',
          minLength: 8,
          maxLength: 100,
          pattern: '^[A-Za-z0-9-]+$',
          description:
            'Facultatif. Un identifiant choisi par le client (un UUID) : la même demande renvoyée avec la même clé reçoit la première réponse, sans être refaite ; la même clé avec un autre corps est refusée (422). Clés gardées 7 jours.',
        },
      },
    };
  }
  if (isMultipart(endpoint.body)) {
    result.body = {
      type: 'object',
      required: [endpoint.body.field],
      properties: {
        [endpoint.body.field]: { type: 'string', format: 'binary', description: endpoint.body.description },
      },
    };
  }
  return result;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The declaration a route was registered from (lib/endpoints.ts). */
    endpoint?: EndpointDefinition;
  }
}
