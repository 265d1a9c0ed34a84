// The route table (routes.ts) and the page lists of packages/shared/src/site.ts must agree. The
// lists are the source for everything outside the browser: the build prerenders `publicPages`,
// /sitemap.xml lists them, the server answers `appPages` with the SPA shell (any other path gets
// the 404 page), `redirects` with a 301, and the subscription redirect reads `subscriberPages`.
// A route added here without its list entry would fail silently (a 404 on a direct visit): this
// test fails instead.
import fs from 'node:fs';
import path from 'node:path';
import { profileSections } from '@synergie/shared/profile-sections';
import { appPages, publicPages, redirects, subscriberPages } from '@synergie/shared/site';
import { describe, expect, it } from 'vitest';
import routes from './routes';

interface RouteEntry {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}

const appDir = import.meta.dirname;
const routeSource = (file: string) => fs.readFileSync(path.join(appDir, file), 'utf8');

function flatten(entries: readonly RouteEntry[], parent = ''): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const full = entry.index ? parent || '/' : `${parent}/${entry.path ?? ''}`.replace(/\/+/g, '/');
    // A layout with children (`profile`) is not a page itself: its index child is.
    const self = entry.children?.length ? [] : [{ path: full, file: entry.file }];
    return [...self, ...flatten(entry.children ?? [], full)];
  });
}

const table = flatten(routes as RouteEntry[]);
/** Route modules that only send the browser elsewhere (routes/redirect-*.tsx): the server answers 301 first. */
const isRedirectRoute = (file: string) => file.startsWith('routes/redirect-');
const pages = table.filter((r) => r.path !== '/*' && !isRedirectRoute(r.file));
const guarded = (pattern: RegExp) => pages.filter((r) => pattern.test(routeSource(r.file))).map((r) => r.path);

describe('the route table and the page lists agree', () => {
  it("the sections of Mon profil are the children of /profile, in the list's order", () => {
    const profile = (routes as RouteEntry[]).find((entry) => entry.path === 'profile');
    const children = flatten(profile?.children ?? [], '/profile').map((r) => r.path);
    expect(children).toEqual(profileSections.map((section) => section.path));
    // Each section's component is a file of its own.
    expect(new Set(flatten(profile?.children ?? []).map((r) => r.file)).size).toBe(profileSections.length);
    expect(routeSource(profile?.file ?? '')).toMatch(/<RequireAuth\b/);
  });

  it('every page of routes.ts is either prerendered (publicPages) or served as the SPA shell (appPages)', () => {
    const listed = [...publicPages.map((p) => p.path), ...appPages];
    expect(new Set(listed).size).toBe(listed.length);
    expect(pages.map((r) => r.path).sort()).toEqual([...listed].sort());
  });

  it('every redirect route is a permanent redirect of the server, and back', () => {
    const redirectPaths = table.filter((r) => r.path !== '/*' && isRedirectRoute(r.file)).map((r) => r.path);
    const listed = redirects.map((r) => (r.prefix ? `${r.from}/*` : r.from));
    expect(redirectPaths.sort()).toEqual(listed.sort());
  });

  it('ends with a catch-all, prerendered as the 404 page', () => {
    expect(table.at(-1)?.path).toBe('/*');
  });

  it('a page that needs a signed-in member is never prerendered', () => {
    const signedIn = guarded(/<Require(Auth|Subscriber|Admin)\b/);
    expect(signedIn.length).toBeGreaterThan(5);
    for (const page of signedIn) expect(appPages as readonly string[], page).toContain(page);
  });

  it('the pages behind RequireSubscriber are exactly subscriberPages', () => {
    expect(guarded(/<RequireSubscriber\b/).sort()).toEqual([...subscriberPages].sort());
  });
});
