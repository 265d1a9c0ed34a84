// One declaration per API endpoint (docs/decisions/0015-endpoint-declarations.md): its method, its
// path under /api with its parameters, its schemas, who may call it, the error codes it may answer
// and a stable operationId. The server registers its routes from these declarations (the route
// file adds the handler) and the web calls them through one typed client; neither writes a path.
// Type-only imports: the browser reads the declarations' method and path, never their schemas
// (the web build gives it a copy without them, apps/web/vite-endpoints.ts).
import type { z } from 'zod';
import type { ApiErrorCode } from './errors';
import type { MemberQuotaName } from './quotas';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

// ---------------------------------------------------------------------------------------------
// Who may call an endpoint (enforced by the server's access hook, apps/server/src/plugins/access.ts)

/**
 * - 'public': anyone; a handler that shows more to a signed-in viewer reads `viewerOf(request)`.
 * - 'member': signed in, else 401 UNAUTHENTICATED.
 * - 'subscriber': signed in (401), with an active subscription, trial included, else 403
 *   SUBSCRIPTION_REQUIRED.
 * - 'admin': signed in (401), an admin, else 403 FORBIDDEN.
 */
export type AccessLevel = 'public' | 'member' | 'subscriber' | 'admin';
/** 'member' lets the group's leaders in too. */
export type GroupRole = 'leader' | 'member';

/** A route's own French refusal messages, where its page words them (spec section 8). */
export interface AccessMessages {
  /** The 401 message instead of 'Vous devez être connecté pour accéder à cette page'. */
  readonly unauthenticated?: string;
  /** The 403 SUBSCRIPTION_REQUIRED message instead of the generic one. */
  readonly subscriptionRequired?: string;
}

export interface GroupAccess {
  readonly groupRole: GroupRole;
  /** The path parameter holding the group's id (the path must have `:groupParam`). */
  readonly groupParam: string;
  /** Checked before the group role; default 'member'. */
  readonly level?: 'member' | 'subscriber';
  readonly messages?: AccessMessages;
}

export type RouteAccess =
  | AccessLevel
  | { readonly level: AccessLevel; readonly messages?: AccessMessages }
  | GroupAccess;

/** A declaration in one shape: what the access hook, the OpenAPI document and the tests read. */
export interface AccessRule {
  level: AccessLevel;
  group?: { role: GroupRole; param: string };
  messages: AccessMessages;
}

export function accessRule(access: RouteAccess): AccessRule {
  if (typeof access === 'string') return { level: access, messages: {} };
  if ('groupRole' in access) {
    return {
      level: access.level ?? 'member',
      group: { role: access.groupRole, param: access.groupParam },
      messages: access.messages ?? {},
    };
  }
  return { level: access.level, messages: access.messages ?? {} };
}

// ---------------------------------------------------------------------------------------------
// Responses

/** An answer that is not JSON: a file (PDF, CSV, calendar, XML, image) or a page. */
export interface FileResponse {
  readonly kind: 'file';
  /** The media type, e.g. 'application/pdf', 'text/csv; charset=utf-8'. */
  readonly contentType: string;
  readonly description: string;
}
/** A redirection (302/303) to another address. */
export interface RedirectResponse {
  readonly kind: 'redirect';
  readonly description: string;
}
export const fileResponse = (contentType: string, description: string): FileResponse => ({
  kind: 'file',
  contentType,
  description,
});
export const redirectResponse = (description: string): RedirectResponse => ({ kind: 'redirect', description });

/** The success statuses an endpoint may declare. */
export type SuccessStatus = 200 | 201 | 202 | 204 | 302 | 303;
export type ResponseSpec = z.ZodType | FileResponse | RedirectResponse;

/** An upload: a multipart/form-data body with one file field, read by the handler. */
export interface MultipartBody {
  readonly kind: 'multipart';
  /** The file field's name. */
  readonly field: string;
  readonly description: string;
}
export const multipartBody = (field: string, description: string): MultipartBody => ({
  kind: 'multipart',
  field,
  description,
});

// ---------------------------------------------------------------------------------------------
// The declaration

export interface EndpointDefinition {
  readonly method: HttpMethod;
  /** Under /api, Fastify's syntax for parameters: '/testimonials/:testimonialId/answer'. */
  readonly path: `/${string}`;
  /** Stable, unique, camelCase: what clients generated from the OpenAPI document call it. */
  readonly operationId: string;
  /** One French line for the API documentation. */
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly access: RouteAccess;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType | MultipartBody;
  readonly responses: { readonly [S in SuccessStatus]?: ResponseSpec };
  /**
   * The catalogue's codes this endpoint may answer besides those every route may (BAD_REQUEST,
   * UNAVAILABLE), those its access implies (UNAUTHENTICATED, SUBSCRIPTION_REQUIRED, FORBIDDEN),
   * VALIDATION where it reads input, INVALID_ORIGIN on writes and RATE_LIMITED with a rate limit.
   */
  readonly errors?: readonly ApiErrorCode[];
  /**
   * Per-address limit, counted in memory or Redis; the server may read `max` from its settings. A
   * limit per member on an action that tells someone else is a `quota` (below), counted in the
   * database.
   */
  readonly rateLimit?: { readonly max: number; readonly timeWindow: string };
  /**
   * The member quota this action counts against (issue 33, packages/shared/src/quotas.ts): an
   * action that mails or notifies someone else. Counted in the database per member, per hour and
   * per day, after the input is validated; a refusal or failure of the action gives it back. Over
   * the quota: 429 QUOTA_EXCEEDED saying when it frees (apps/server/src/plugins/quotas.ts).
   */
  readonly quota?: MemberQuotaName;
  /** Left out of the OpenAPI document (Stripe's webhook, development pages). */
  readonly hidden?: boolean;
  /**
   * Accepts an optional `Idempotency-Key` header (issue 28, writes kept offline and sent again):
   * a copy of the request with the same key and body gets the first answer again, with another
   * body a 422 (apps/server/src/plugins/idempotency.ts). Writes of a signed-in member only.
   */
  readonly idempotent?: boolean;
}

/** The request header an `idempotent` endpoint reads. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** The parameter names of a path: '/a/:b/c/:d.csv' → 'b' | 'd'. */
export type PathParams<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Name}/${infer Tail}`
    ? StripSuffix<Name> | PathParams<`/${Tail}`>
    : StripSuffix<Rest>
  : never;
type StripSuffix<S extends string> = S extends `${infer Name}.${string}` ? Name : S;

type ParamsMatchPath<E extends EndpointDefinition> = [PathParams<E['path']>] extends [never]
  ? E['params'] extends z.ZodType
    ? { readonly params: 'this path has no parameter' }
    : unknown
  : E['params'] extends z.ZodType
    ? [keyof z.input<E['params']>] extends [PathParams<E['path']>]
      ? [PathParams<E['path']>] extends [keyof z.input<E['params']>]
        ? unknown
        : {
            readonly params: `the params schema lacks: ${Exclude<PathParams<E['path']>, keyof z.input<E['params']>> & string}`;
          }
      : { readonly params: 'the params schema has keys that are not in the path' }
    : { readonly params: `the path has parameters (${PathParams<E['path']> & string}): give their schema` };

/**
 * Declares an endpoint. Its literal types are kept (method, path, schemas), and the path's
 * parameters must be exactly the params schema's keys (a compile error otherwise).
 */
export function endpoint<const E extends EndpointDefinition>(definition: E & ParamsMatchPath<E>): E {
  return definition;
}

export type AnyEndpoint = Pick<EndpointDefinition, 'method' | 'path' | 'operationId'> & Partial<EndpointDefinition>;

// ---------------------------------------------------------------------------------------------
// Types the web client reads

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : never;
type OptionalIfUndefined<K extends string, T> = undefined extends T
  ? { readonly [P in K]?: T }
  : { readonly [P in K]: T };
type AllOptional<T> = Record<never, never> extends T ? true : false;

/** What a call sends: `params` for the path, `query`, `body`, each required when the schema is. */
export type EndpointInput<E extends AnyEndpoint> = (E['params'] extends z.ZodType
  ? { readonly params: InputOf<E['params']> }
  : { readonly params?: never }) &
  (E['query'] extends z.ZodType
    ? AllOptional<InputOf<E['query']>> extends true
      ? { readonly query?: InputOf<E['query']> }
      : { readonly query: InputOf<E['query']> }
    : { readonly query?: never }) &
  (E['body'] extends z.ZodType ? OptionalIfUndefined<'body', InputOf<E['body']>> : { readonly body?: never });

/** Whether a call needs an input object at all. */
export type InputRequired<E extends AnyEndpoint> = Record<never, never> extends EndpointInput<E> ? false : true;

/** What a successful JSON call answers (204 answers null). */
export type EndpointOutput<E extends AnyEndpoint> = E['responses'] extends infer R
  ? R extends { readonly [S in SuccessStatus]?: ResponseSpec }
    ? {
        [S in keyof R]: S extends 204 ? null : R[S] extends z.ZodType ? OutputOf<R[S]> : never;
      }[keyof R]
    : never
  : never;

// ---------------------------------------------------------------------------------------------
// Paths

/**
 * The address of a call, '/api' included: each `:name` replaced by its encoded parameter, the
 * query's defined values appended in order (arrays as repeated keys). Throws when a parameter is
 * missing: a page must never call '/api/groups/undefined'.
 */
export function endpointPath(
  endpoint: Pick<EndpointDefinition, 'path' | 'operationId'>,
  params?: Readonly<Record<string, unknown>>,
  query?: Readonly<Record<string, unknown>>,
): string {
  const path = endpoint.path.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`${endpoint.operationId}: the path parameter '${name}' is missing`);
    }
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, String(value));
  }
  const qs = search.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

/** True for anything `endpoint()` made (the list of declarations is read from the modules). */
export function isEndpoint(value: unknown): value is EndpointDefinition {
  const e = value as Partial<EndpointDefinition> | null;
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof e.method === 'string' &&
    typeof e.path === 'string' &&
    typeof e.operationId === 'string'
  );
}
