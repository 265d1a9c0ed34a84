/// <reference lib="webworker" />

/**
 * The service worker (issue 28, the installable app; docs/decisions/0018-service-worker.md),
 * built to /sw.js by apps/web/scripts/service-worker.ts once the pages are final.
 *
 * - Precache: the app shell (APP_SHELL_PATH) and the scripts of the member app's places, by
 *   revision; installed whole or not at all.
 * - Navigations: the network first (3 s), then offline the public page's last copy, then the shell.
 * - Other scripts, styles and images: cache first by their hashed name, when used.
 * - /api is never touched here: the page keeps its own data (the persisted query cache).
 * - Updates: a new worker waits until the page asks it to take over (SKIP_WAITING); the old
 *   precache is emptied at activation, once the new one holds every file. A page of one build
 *   never gets scripts of another: every script is asked for by its hashed name, never mapped to
 *   another file, and the server keeps older builds' files for 7 days (lib/kept-assets.ts).
 */
import { APP_SHELL_PATH, publicPages } from '@synergie/shared/site';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { installPushHandlers } from './push-handlers';
import { installSyncHandlers } from './sync-handlers';

declare const self: ServiceWorkerGlobalScope;
declare const __PRECACHE_MANIFEST__: { url: string; revision?: string }[];
declare const __BUILD_ID__: string;

/** How long a navigation waits for the network before the offline copy is shown. */
const NETWORK_TIMEOUT_SECONDS = 3;
const PAGES_CACHE = `pages-${__BUILD_ID__}`;
const FILES_CACHE = 'files';
/** Addresses the page handles itself or that are no pages: never answered from a cache. */
const NOT_PAGES = [/^\/api(\/|$)/, /^\/\.well-known\//, /^\/storage\//, /^\/dev\//, /^\/r\//];
const PUBLIC_PATHS: ReadonlySet<string> = new Set(publicPages.map((p) => p.path));

/** Keeps only answers meant to be kept: a 200 its server did not mark `no-store`. */
const keepable = {
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    response.status === 200 && !/no-store/i.test(response.headers.get('cache-control') ?? '') ? response : null,
};
/** A public page is kept once, whatever its query (a notice, a filter). */
const byPath = {
  cacheKeyWillBeUsed: async ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    return `${url.origin}${url.pathname}`;
  },
};

precacheAndRoute(__PRECACHE_MANIFEST__);
cleanupOutdatedCaches();

const publicPageStrategy = new NetworkFirst({
  cacheName: PAGES_CACHE,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [keepable, byPath, new ExpirationPlugin({ maxEntries: 40 })],
});

/** The network, or nothing after the timeout (the shell is shown: the same file the server sends). */
async function network(request: Request, preload: Promise<Response | undefined> | undefined): Promise<Response> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), NETWORK_TIMEOUT_SECONDS * 1000);
  });
  try {
    const preloaded = preload ? await Promise.race([preload, timeout]) : undefined;
    return preloaded ?? (await Promise.race([fetch(request), timeout]));
  } finally {
    clearTimeout(timer);
  }
}

async function offlineShell(): Promise<Response> {
  return (await matchPrecache(APP_SHELL_PATH)) ?? Response.error();
}

registerRoute(
  new NavigationRoute(
    async ({ request, url, event }) => {
      const preload = (event as FetchEvent).preloadResponse as Promise<Response | undefined> | undefined;
      try {
        if (PUBLIC_PATHS.has(url.pathname.replace(/(.)\/+$/, '$1'))) {
          return await publicPageStrategy.handle({ request, event: event as FetchEvent });
        }
        return await network(request, preload);
      } catch {
        return offlineShell();
      }
    },
    { denylist: NOT_PAGES },
  ),
);

// Scripts, styles and images by their hashed or fixed names: once fetched, read from here.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    (url.pathname.startsWith('/assets/') ||
      url.pathname.startsWith('/images/') ||
      url.pathname.startsWith('/icons/') ||
      request.destination === 'font'),
  new CacheFirst({
    cacheName: FILES_CACHE,
    plugins: [keepable, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 })],
  }),
);

self.addEventListener('install', () => {
  // No skipWaiting here: a new worker waits for the page's `Recharger` (SKIP_WAITING).
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // The public pages kept by an earlier build: their scripts may be gone from the caches.
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith('pages-') && n !== PAGES_CACHE).map((n) => caches.delete(n)));
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      // The first worker takes the open pages at once (an update only after SKIP_WAITING).
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

installPushHandlers(self);
installSyncHandlers(self);
