/**
 * A member page's first reads, written into the page by the server (issue 28, Lighthouse on the
 * member app; docs/decisions/0033-member-page-first-reads.md). A member page is the SPA shell:
 * without this, the browser asks for the session, then for the page's data, one round trip after
 * the other once the scripts have run. The server, which has the request's cookie, makes the
 * same GETs itself (the same routes, the same checks, through Fastify's inject) and writes their
 * answers into the page, in a `<script type="application/json">`: the page's first calls take
 * them from there instead of the network, once each.
 *
 * Only for a request with a session cookie, only answers of status 200, only on the member
 * pages (never on a public page, which the service worker may keep), never kept by a cache
 * (`Cache-Control: private, no-store`).
 */

/** The id of the `<script type="application/json">` holding `{ [url]: answer }`. */
export const SERVED_READS_ID = 'lectures-servies';

/** How long after the page started its served answers may stand for a call (ms). */
export const SERVED_READS_MAX_AGE_MS = 15_000;

/** The session, read by every member page first (the web app's getSession). */
export const SESSION_READ = '/api/auth/get-session';

/**
 * The member's own profile (`GET /api/me`), read by the member app's bars on every page. Its
 * address must be the exact one the web app calls (apps/web/app/features/profile/api/get-me.ts).
 */
export const ME_READ = '/api/me';

/**
 * The reads of a page's first view beyond the session and the profile, by page address: exactly
 * the addresses the page's first calls use (a served answer stands only for the same address).
 */
export const servedPageReads: Readonly<Record<string, readonly string[]>> = {
  '/aujourdhui': ['/api/me/today'],
  '/mon-groupe': ['/api/me/group'],
  // `Recommander` checks the subscription first (a seat's action, decision 0004).
  '/recommandations/nouvelle': ['/api/billing/subscription'],
};

/** Every address the server reads for a member's page at `pathname`, in order. */
export function servedReadsFor(pathname: string): string[] {
  return [SESSION_READ, ME_READ, ...(servedPageReads[pathname] ?? [])];
}
