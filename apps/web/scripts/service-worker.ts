import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APP_SHELL_PATH } from '@synergie/shared';
import { build } from 'vite';

/** What the service worker puts in its cache when it installs (workbox-precaching's entries). */
export interface PrecacheEntry {
  url: string;
  /** None for a hashed file name: the name changes with the content. */
  revision?: string;
}

/** The pages the app opens offline with their scripts: the five places and the check-in page. */
export const OFFLINE_PAGES = [
  '/aujourdhui',
  '/mon-groupe',
  '/recommandations/nouvelle',
  '/reunions',
  '/plus',
  '/pointage',
];

interface RouteManifest {
  entry: { module: string; imports: string[]; css: string[] };
  routes: Record<string, { path?: string; parentId?: string; module: string; imports?: string[]; css?: string[] }>;
}

const md5 = (data: Buffer | string) => createHash('md5').update(data).digest('hex');

/** React Router's route manifest (`assets/manifest-<hash>.js`, `window.__reactRouterManifest=`). */
function readRouteManifest(assetsDir: string): { file: string; manifest: RouteManifest } {
  const file = fs.readdirSync(assetsDir).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error('service worker: no route manifest (assets/manifest-*.js) in the build');
  const text = fs.readFileSync(path.join(assetsDir, file), 'utf8');
  const json = text.slice(text.indexOf('=') + 1).replace(/;\s*$/, '');
  return { file, manifest: JSON.parse(json) as RouteManifest };
}

/**
 * The precache of the app shell: the SPA shell the server answers member pages with (by its own
 * address, APP_SHELL_PATH, revision = its bytes' hash), the route manifest, the entry, the root
 * route and the offline pages' route modules, and every file these load, statically or on demand
 * (the member shell, the QR scanner of /pointage), followed through the chunks' own references to
 * other files of `assets/`. Everything else (the other pages' chunks, images) is cached when used.
 */
export function precacheEntries(clientDir: string, offlinePages: readonly string[] = OFFLINE_PAGES): PrecacheEntry[] {
  const assetsDir = path.join(clientDir, 'assets');
  const names = new Set(fs.readdirSync(assetsDir).filter((name) => /\.(js|css)$/.test(name)));
  const { file, manifest } = readRouteManifest(assetsDir);
  // The route manifest names every route's module: kept, not followed.
  const seeds = new Set<string>([manifest.entry.module, ...manifest.entry.imports, ...manifest.entry.css]);
  const offline = new Set(offlinePages.map((p) => p.replace(/^\//, '')));
  for (const [id, route] of Object.entries(manifest.routes)) {
    if (id !== 'root' && !(route.path !== undefined && offline.has(route.path))) continue;
    for (const url of [route.module, ...(route.imports ?? []), ...(route.css ?? [])]) seeds.add(url);
  }
  const found = new Set<string>([file]);
  const queue = [...seeds].map((url) => url.replace(/^\/assets\//, ''));
  while (queue.length > 0) {
    const name = queue.pop() as string;
    if (found.has(name) || !names.has(name)) continue;
    found.add(name);
    if (!name.endsWith('.js')) continue;
    // A chunk names the files it imports, statically or not, by their hashed names.
    const text = fs.readFileSync(path.join(assetsDir, name), 'utf8');
    for (const match of text.matchAll(/[\w.-]+\.(?:js|css)\b/g)) if (names.has(match[0])) queue.push(match[0]);
  }
  const shell = fs.readFileSync(path.join(clientDir, '__spa-fallback.html'));
  return [
    { url: APP_SHELL_PATH, revision: md5(shell) },
    { url: '/manifest.webmanifest', revision: md5(fs.readFileSync(path.join(clientDir, 'manifest.webmanifest'))) },
    ...[...found].sort().map((name) => ({ url: `/assets/${name}` })),
  ];
}

/**
 * Builds app/sw/sw.ts into `<client>/sw.js` (docs/decisions/0018-service-worker.md): run by
 * `buildEnd` after the pages are final (styles inlined, start after paint) so the shell's
 * revision is the served file's, and before precompress so sw.js gets its .br and .gz. Workbox's
 * modules are bundled in; the precache list and the build's id are written in as constants.
 */
export async function buildServiceWorker(clientDir: string): Promise<{ entries: number; bytes: number }> {
  const entries = precacheEntries(clientDir);
  const buildId = md5(JSON.stringify(entries)).slice(0, 12);
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'synergie-sw-'));
  const webDir = path.resolve(import.meta.dirname, '..');
  try {
    await build({
      configFile: false,
      logLevel: 'warn',
      root: webDir,
      publicDir: false,
      resolve: { alias: { '~': path.join(webDir, 'app') } },
      define: {
        'process.env.NODE_ENV': JSON.stringify('production'),
        __PRECACHE_MANIFEST__: JSON.stringify(entries),
        __BUILD_ID__: JSON.stringify(buildId),
      },
      build: {
        outDir,
        emptyOutDir: true,
        sourcemap: false,
        minify: true,
        copyPublicDir: false,
        modulePreload: false,
        // A classic script: every browser with service workers runs it (module workers are newer).
        rolldownOptions: {
          input: path.join(webDir, 'app/sw/sw.ts'),
          output: { format: 'iife', entryFileNames: 'sw.js', codeSplitting: false },
        },
      },
    });
    const bundle = fs.readFileSync(path.join(outDir, 'sw.js'));
    fs.writeFileSync(path.join(clientDir, 'sw.js'), bundle);
    return { entries: entries.length, bytes: bundle.length };
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}
