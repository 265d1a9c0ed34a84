import { matchRoutes, type RouteObject } from 'react-router';

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
}

declare global {
  interface Window {
    __reactRouterManifest?: { routes: Record<string, ManifestRoute> };
  }
}

/**
 * Names every script file of the page at `pathname` at once (`<link rel="modulepreload">`), from
 * React Router's route manifest, as soon as the root runs (issue 28; decision 0033). A member
 * page is the SPA shell: without this the browser finds the page's files one import after the
 * other (eight waves on /aujourdhui), each a round trip on a phone's network. Files already
 * named by the page are left alone. Returns the files it named.
 */
export function preloadRouteFiles(pathname: string, doc: Document = document): string[] {
  const routes = window.__reactRouterManifest?.routes;
  if (!routes) return [];
  const children = new Map<string | undefined, ManifestRoute[]>();
  for (const route of Object.values(routes)) {
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(route);
    children.set(route.parentId, siblings);
  }
  const tree = (parentId: string | undefined): RouteObject[] =>
    (children.get(parentId) ?? []).map((route) =>
      route.index ? { id: route.id, index: true } : { id: route.id, path: route.path, children: tree(route.id) },
    );
  const matches = matchRoutes(tree(undefined), pathname) ?? [];
  const named = new Set(
    [...doc.querySelectorAll('link[rel="modulepreload"], script[src]')].map(
      (el) => el.getAttribute('href') ?? el.getAttribute('src'),
    ),
  );
  const files: string[] = [];
  for (const match of matches) {
    const route = match.route.id ? routes[match.route.id] : undefined;
    if (!route || route.id === 'root') continue;
    for (const file of [route.module, ...(route.imports ?? [])]) {
      if (named.has(file)) continue;
      named.add(file);
      files.push(file);
    }
  }
  for (const file of files) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = file;
    doc.head.appendChild(link);
  }
  return files;
}
