import type { FastifyRequest } from 'fastify';
import type { Auth } from './auth';

/**
 * The Set-Cookie lines that clear this browser's session cookies, from Better Auth's own
 * sign-out (it knows the cookie names, prefixes and attributes). Also ends the session when it
 * still exists.
 */
export async function endSessionCookies(auth: Auth, request: FastifyRequest): Promise<string[]> {
  const headers = new Headers();
  if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
  const { headers: answer } = await auth.api.signOut({ headers, returnHeaders: true });
  return answer.getSetCookie();
}
