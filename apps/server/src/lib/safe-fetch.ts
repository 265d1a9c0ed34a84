import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { apiErrors } from '@synergie/shared';
import { AppError } from './errors';
import { isPublicAddress } from './ip-address';

/**
 * What a refused fetch says: URL_REFUSED's two reasons and SITE_ERROR's status are this module's
 * words; the others are the catalogue's messages (packages/shared/src/errors.ts), named here for
 * the tests that prove each refusal.
 */
export const safeFetchMessages = {
  invalidUrl: 'Adresse invalide : seules les adresses http:// et https:// sont acceptées.',
  forbiddenAddress: "Cette adresse n'est pas autorisée : elle ne mène pas à un site public.",
  unreachable: apiErrors.SITE_UNREACHABLE.message,
  timeout: apiErrors.SITE_TIMEOUT.message,
  tooManyRedirects: apiErrors.TOO_MANY_REDIRECTS.message,
  tooLarge: apiErrors.RESPONSE_TOO_LARGE.message,
  httpError: (status: number) => `Le site a répondu par une erreur (${status}).`,
  wrongType: apiErrors.UNEXPECTED_CONTENT_TYPE.message,
} as const;

export const SAFE_FETCH_DEFAULTS = { maxRedirects: 5, timeoutMs: 5000, maxBytes: 1024 * 1024 } as const;

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface SafeFetchOptions {
  /** Accepted content types (media type prefixes, e.g. 'text/html' or 'image/'). */
  accept: readonly string[];
  acceptHeader?: string;
  maxRedirects?: number;
  timeoutMs?: number;
  maxBytes?: number;
  /**
   * Host names (as written in the URL) exempt from the public-address rule. For tests only:
   * nothing in the app passes it unless NODE_ENV is 'test' (see testAllowHosts).
   */
  allowHosts?: readonly string[];
  /** DNS resolution; tests pass their own to play a name resolving to a private address. */
  resolve?: Resolver;
}

export interface SafeFetchResult {
  /** The URL the body came from, after redirects. */
  url: URL;
  /** The media type, lower case, without parameters. */
  contentType: string;
  /** The Content-Type header as sent (its charset decodes a page). */
  contentTypeHeader: string;
  body: Buffer;
}

const refuse = (message: string) => new AppError('URL_REFUSED', message);
type FetchFailure =
  | 'SITE_UNREACHABLE'
  | 'SITE_TIMEOUT'
  | 'TOO_MANY_REDIRECTS'
  | 'RESPONSE_TOO_LARGE'
  | 'SITE_ERROR'
  | 'UNEXPECTED_CONTENT_TYPE';
const failed = (code: FetchFailure, message?: string) => new AppError(code, message);

const defaultResolve: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * The test-only allow-list from SAFE_FETCH_TEST_ALLOW_HOSTS (comma-separated host names),
 * honoured only when the app runs with NODE_ENV=test: never in development or production.
 */
export function testAllowHosts(nodeEnv: string): string[] {
  if (nodeEnv !== 'test') return [];
  return (process.env.SAFE_FETCH_TEST_ALLOW_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

/** Parses and checks the scheme; `[::1]` style hosts lose their brackets in `hostname`. */
export function parseHttpUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw refuse(safeFetchMessages.invalidUrl);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse(safeFetchMessages.invalidUrl);
  if (url.username || url.password) throw refuse(safeFetchMessages.invalidUrl);
  return url;
}

const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();

/** The address to connect to: every address the name resolves to must be public. */
async function vetHost(url: URL, options: SafeFetchOptions): Promise<Pinned> {
  const host = bareHost(url);
  const allowed = options.allowHosts?.includes(host) ?? false;
  let addresses: { address: string; family: number }[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await (options.resolve ?? defaultResolve)(host);
    } catch {
      throw failed('SITE_UNREACHABLE');
    }
  }
  const [first] = addresses;
  if (!first) throw failed('SITE_UNREACHABLE');
  if (!allowed && !addresses.every((a) => isPublicAddress(a.address))) {
    throw refuse(safeFetchMessages.forbiddenAddress);
  }
  return { address: first.address, family: first.family === 6 ? 6 : 4, allowed };
}

/** The address vetted for one request, and whether its host is on the tests' allow-list. */
interface Pinned {
  address: string;
  family: 4 | 6;
  allowed: boolean;
}

/** The peer's address in the vetted form: `::ffff:1.2.3.4` as `1.2.3.4`. */
const peerAddress = (address: string | undefined) => (address ?? '').replace(/^::ffff:(?=\d+\.)/i, '');

/** A lookup that always answers the vetted address: no second DNS answer can slip in. */
export function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return (_hostname, options, callback) => {
    const cb = callback as (...args: unknown[]) => void;
    if (typeof options === 'object' && options?.all) cb(null, [{ address, family }]);
    else cb(null, address, family);
  };
}

interface OutgoingRequest {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

function request(url: URL, pinned: Pinned, outgoing: OutgoingRequest, signal: AbortSignal) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: outgoing.method,
        // A fresh connection each time: a pooled socket could lead to another address.
        agent: false,
        lookup: pinnedLookup(pinned.address, pinned.family),
        signal,
        headers: outgoing.headers,
      },
      resolve,
    );
    // The address actually connected to is checked again (DNS rebinding, issue 33): it must be
    // the vetted one, and public, before a byte of the request is sent.
    req.on('socket', (socket) => {
      socket.prependOnceListener('connect', () => {
        const peer = peerAddress(socket.remoteAddress);
        if (peer !== pinned.address || (!pinned.allowed && !isPublicAddress(peer))) {
          req.destroy(refuse(safeFetchMessages.forbiddenAddress));
        }
      });
    });
    req.on('error', reject);
    req.end(outgoing.body);
  });
}

async function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw failed('RESPONSE_TOO_LARGE');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBytes) {
      // Stop reading at once: the rest is never downloaded.
      response.destroy();
      throw failed('RESPONSE_TOO_LARGE');
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * GET of a URL given by a user, safe against SSRF: http(s) only; the host resolved and every
 * address checked to be public; the connection pinned to the checked address (a DNS answer that
 * changes between check and connect is never used), with the host name kept for SNI and the Host
 * header; redirects followed by hand (at most 5), each one checked the same way; 5 s in all; the
 * body capped at 1 MB; only the expected content types. Every refusal is an AppError with a
 * French message (400 for a refused address, 422 when the site fails), never a 500.
 */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const maxRedirects = options.maxRedirects ?? SAFE_FETCH_DEFAULTS.maxRedirects;
  const maxBytes = options.maxBytes ?? SAFE_FETCH_DEFAULTS.maxBytes;
  const signal = AbortSignal.timeout(options.timeoutMs ?? SAFE_FETCH_DEFAULTS.timeoutMs);
  let url = parseHttpUrl(rawUrl);
  try {
    for (let redirects = 0; ; redirects += 1) {
      const pinned = await vetHost(url, options);
      if (signal.aborted) throw signal.reason;
      const response = await request(
        url,
        pinned,
        {
          method: 'GET',
          headers: {
            accept: options.acceptHeader ?? '*/*',
            'accept-language': 'fr,en;q=0.8',
            'user-agent': 'SynergieProBot/1.0 (+aperçu de site partenaire)',
          },
        },
        signal,
      );
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        if (redirects >= maxRedirects) throw failed('TOO_MANY_REDIRECTS');
        url = parseHttpUrl(response.headers.location, url);
        continue;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        throw failed('SITE_ERROR', safeFetchMessages.httpError(status));
      }
      const contentTypeHeader = response.headers['content-type'] ?? '';
      const contentType = contentTypeHeader.split(';')[0]?.trim().toLowerCase() ?? '';
      if (!options.accept.some((type) => contentType.startsWith(type))) {
        response.destroy();
        throw failed('UNEXPECTED_CONTENT_TYPE');
      }
      return { url, contentType, contentTypeHeader, body: await readCapped(response, maxBytes) };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (signal.aborted) throw failed('SITE_TIMEOUT');
    throw failed('SITE_UNREACHABLE');
  }
}

export interface SafePostOptions {
  body: string;
  headers: Record<string, string>;
  timeoutMs?: number;
  /** As safeFetch's: host names exempt from the public-address rule, in tests only. */
  allowHosts?: readonly string[];
  resolve?: Resolver;
}

/**
 * POST to an address an admin gave (outgoing webhooks): the same guard as `safeFetch` (public
 * addresses only, checked after DNS, the connection pinned and its peer checked again), never a
 * redirect followed (its status is the answer), the receiver's answer read up to 4 KB for the
 * delivery log. A network failure or the timeout is thrown as an AppError, in French.
 */
export async function safePost(rawUrl: string, options: SafePostOptions): Promise<{ status: number; body: string }> {
  const signal = AbortSignal.timeout(options.timeoutMs ?? SAFE_FETCH_DEFAULTS.timeoutMs);
  const url = parseHttpUrl(rawUrl);
  try {
    const pinned = await vetHost(url, { accept: [], allowHosts: options.allowHosts, resolve: options.resolve });
    const response = await request(
      url,
      pinned,
      { method: 'POST', headers: options.headers, body: options.body },
      signal,
    );
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response) {
      const buffer = chunk as Buffer;
      chunks.push(buffer);
      size += buffer.length;
      if (size >= 4096) {
        response.destroy();
        break;
      }
    }
    return { status: response.statusCode ?? 0, body: Buffer.concat(chunks).subarray(0, 4096).toString('utf8') };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (signal.aborted) throw failed('SITE_TIMEOUT');
    throw failed('SITE_UNREACHABLE');
  }
}
