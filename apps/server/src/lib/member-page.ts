import { servedReadsFor } from '@synergie/shared/served-reads';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonForScript } from './events-page';

/**
 * A member page as the server sends it (issue 28, Lighthouse signed in; docs/decisions/
 * 0033-member-page-first-reads.md): for a request with a session cookie, the SPA shell with the
 * page's first reads (packages/shared/src/served-reads.ts), made here through the app's own
 * routes and written in.
 */

/** Whether the request carries Better Auth's session cookie (its value is checked by the reads). */
export const hasSessionCookie = (request: FastifyRequest) =>
  /(^|;\s*)(__Secure-)?synergie\.session_token=/.test(request.headers.cookie ?? '');

/** The longest the page waits for its reads before it is sent without them. */
const READS_TIMEOUT_MS = 2_000;

export interface ServedReads {
  /** `<script type="application/json" id=…>` with the answers of status 200, or '' when none. */
  json: string;
  /** The cookies the reads set (a session refreshed): sent with the page. */
  setCookies: string[];
}

/**
 * Makes the page's first reads as the member's browser would (same cookie, same address as
 * seen by the rate limits), through the app's own routes: the same checks and answers. The
 * session first; when there is none, only its `null` is written.
 */
export async function servedReads(
  app: FastifyInstance,
  request: FastifyRequest,
  pathname: string,
): Promise<ServedReads> {
  const answers: [string, string][] = [];
  const setCookies: string[] = [];
  const read = async (url: string) => {
    const response = await app.inject({
      method: 'GET',
      url,
      remoteAddress: request.ip,
      headers: {
        cookie: request.headers.cookie ?? '',
        accept: 'application/json',
        host: request.headers.host ?? 'localhost',
        'user-agent': request.headers['user-agent'] ?? '',
        ...(request.headers['accept-language'] ? { 'accept-language': request.headers['accept-language'] } : {}),
      },
    });
    const cookies = response.headers['set-cookie'];
    if (cookies) setCookies.push(...(Array.isArray(cookies) ? cookies : [String(cookies)]));
    const json = /^application\/json\b/.test(String(response.headers['content-type'] ?? ''));
    if (response.statusCode !== 200 || !json || response.body === '') return undefined;
    answers.push([url, response.body]);
    return response.body;
  };
  const [sessionUrl, ...rest] = servedReadsFor(pathname);
  const all = (async () => {
    const session = await read(sessionUrl as string);
    if (session && session !== 'null') await Promise.all(rest.map(read));
  })();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = await Promise.race([
    all.then(() => false),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), READS_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  if (timedOut || answers.length === 0) return { json: '', setCookies: timedOut ? [] : setCookies };
  const body = `{${answers.map(([url, answer]) => `${JSON.stringify(url)}:${answer}`).join(',')}}`;
  return { json: jsonForScript(body), setCookies };
}
