import type { ApiError } from '@synergie/shared/api';
import { API_TIMEOUT_MS, AUTH_BASE_PATH } from '@synergie/shared/constants';
import {
  type AnyEndpoint,
  type EndpointInput,
  type EndpointOutput,
  endpointPath,
  type InputRequired,
} from '@synergie/shared/endpoint';
import type { ApiErrorCode } from '@synergie/shared/errors';
import { type ClientErrorCode, clientErrors, genericApiErrors } from '@synergie/shared/generic-errors';
import { SERVED_READS_ID, SERVED_READS_MAX_AGE_MS } from '@synergie/shared/served-reads';

/**
 * A failed API call, carrying the server's French message (or ours for network faults). Its code
 * is one of the catalogue's (packages/shared/src/errors.ts), or one the client gives a failure
 * that brought no answer of our API: branch on these, never on a bare string.
 */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: ApiErrorCode | ClientErrorCode,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** More request headers: an `Idempotency-Key` on the writes that may be sent again. */
  headers?: Record<string, string>;
}

type Args<E extends AnyEndpoint> =
  InputRequired<E> extends true
    ? [input: EndpointInput<E>, options?: CallOptions]
    : [input?: EndpointInput<E>, options?: CallOptions];

/**
 * Every call to our API goes through here, named by its declaration
 * (packages/shared/src/endpoints/): the path is built from the declaration and `params`, the
 * answer typed by its schema. JSON in and out, cookies sent, and a call that takes longer than
 * 10 s (spec section 9) is abandoned with a French message.
 */
export function callApi<E extends AnyEndpoint>(
  endpoint: E,
  ...[input, options = {}]: Args<E>
): Promise<EndpointOutput<E>> {
  const { params, query, body } = (input ?? {}) as { params?: object; query?: object; body?: unknown };
  return send<EndpointOutput<E>>(
    endpointPath(endpoint, params as Record<string, unknown>, query as Record<string, unknown>),
    {
      method: endpoint.method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    options,
  );
}

/**
 * The address of an endpoint that a link opens or downloads (a PDF, a calendar, a CSV), or that
 * an image or a QR code reads: built from its declaration like a call's.
 */
export function apiHref<E extends AnyEndpoint>(endpoint: E, ...[input]: Args<E>): string {
  const { params, query } = (input ?? {}) as { params?: object; query?: object };
  return endpointPath(endpoint, params as Record<string, unknown>, query as Record<string, unknown>);
}

/**
 * A file upload (multipart/form-data, POST) to a declared endpoint, with the same timeout and
 * French errors as callApi. No content-type header: the browser writes it with the boundary.
 */
export function uploadApi<E extends AnyEndpoint>(
  endpoint: E,
  formData: FormData,
  options: CallOptions & { params?: EndpointInput<E>['params'] } = {},
): Promise<EndpointOutput<E>> {
  return send<EndpointOutput<E>>(
    endpointPath(endpoint, options.params as Record<string, unknown> | undefined),
    { method: endpoint.method, headers: { accept: 'application/json' }, body: formData },
    options,
  );
}

/**
 * A GET of one of Better Auth's own endpoints (under AUTH_BASE_PATH, not declared in
 * packages/shared/src/endpoints/), with the same timeout and French errors as callApi, for the
 * pages that must not load Better Auth's client: `authGet('/get-session')`.
 */
export function authGet<T>(path: `/${string}`, options: CallOptions = {}): Promise<T> {
  return send<T>(`${AUTH_BASE_PATH}${path}`, { method: 'GET', headers: { accept: 'application/json' } }, options);
}

/**
 * The message to show for a failed call: the server's own French message (or ours for a
 * network fault or a timeout), else the caller's message from the spec's catalogue.
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiRequestError) || error.code === 'HTTP_ERROR' || error.status >= 500) return fallback;
  return error.message;
}

/**
 * A call that brought no answer: no network, or abandoned at the limit (the request may have
 * reached the server: a write sent again must carry the same Idempotency-Key).
 */
export function isNetworkError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError && (error.code === 'NETWORK' || error.code === 'TIMEOUT');
}

/** A 404 answer of our API: the item asked for does not exist (or is not shown to this viewer). */
export function isNotFoundError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError && error.status === 404;
}

/**
 * The app's one retry policy for queries, set as the QueryClient's default (root.tsx): a refusal
 * of our API (a 4xx: signed out, not allowed, not found, bad input) will not change on a second
 * try; a network fault, a timeout or a server failure (5xx) is tried once more. A hook passes its
 * own `retry` only when it needs another policy, with a comment saying why.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

async function send<T>(
  url: string,
  init: Pick<RequestInit, 'method' | 'headers' | 'body'>,
  options: CallOptions,
): Promise<T> {
  // A timer of our own (not AbortSignal.timeout) so the request is abandoned exactly at the limit.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? API_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const signal = controller.signal;
  // A member page's first reads, written into the page by the server (packages/shared/src/served-reads.ts).
  if ((init.method ?? 'GET') === 'GET') {
    const served = takeServedRead(url);
    if (served.found) {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      return served.answer as T;
    }
  }
  let response: Response;
  try {
    response = await fetch(url, { ...init, credentials: 'same-origin', signal });
  } catch (error) {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
    if (timedOut) throw new ApiRequestError(clientErrors.TIMEOUT.message, 0, 'TIMEOUT');
    if (options.signal?.aborted) throw error;
    throw new ApiRequestError(clientErrors.NETWORK.message, 0, 'NETWORK');
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (timedOut) throw new ApiRequestError(clientErrors.TIMEOUT.message, 0, 'TIMEOUT');
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
  const data: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    if (isApiError(data)) {
      throw new ApiRequestError(data.error.message, response.status, data.error.code, data.error.fields);
    }
    throw new ApiRequestError(
      response.status >= 500 ? genericApiErrors.INTERNAL.message : genericApiErrors.BAD_REQUEST.message,
      response.status,
      'HTTP_ERROR',
    );
  }
  return data as T;
}

let servedReads: Map<string, unknown> | undefined;

/**
 * The answer the server wrote into the page for a GET of `url`, once: taken out when used, and
 * only in the page's first seconds (a later call asks the network).
 */
export function takeServedRead(url: string): { found: true; answer: unknown } | { found: false } {
  if (typeof document === 'undefined') return { found: false };
  if (!servedReads) {
    servedReads = new Map();
    const element = document.getElementById(SERVED_READS_ID);
    if (element) {
      const parsed = safeJson(element.textContent ?? '');
      if (parsed && typeof parsed === 'object')
        for (const [key, value] of Object.entries(parsed)) servedReads.set(key, value);
      element.remove();
    }
  }
  if (!servedReads.has(url) || performance.now() > SERVED_READS_MAX_AGE_MS) return { found: false };
  const answer = servedReads.get(url);
  servedReads.delete(url);
  return { found: true, answer };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Checked by hand rather than with the zod schema: pages without forms load no zod. The server
 * answers only codes of the catalogue (its AppError and errorBody take nothing else), so the code
 * is not checked again: a page older than the server still shows a new refusal's French words.
 */
function isApiError(data: unknown): data is ApiError {
  const error = (data as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}
