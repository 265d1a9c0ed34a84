import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APP_SHELL_PATH } from '@synergie/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { places } from '../app/shell/member-places';
import { OFFLINE_PAGES, precacheEntries } from './service-worker';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A build of four routes: two offline pages, a public page and an admin page. */
function fakeBuild(shell = '<html>shell</html>') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-precache-'));
  dirs.push(dir);
  const assets = path.join(dir, 'assets');
  fs.mkdirSync(assets);
  const files: Record<string, string> = {
    'entry.client-aaaa1111.js': 'import "./framework-bbbb2222.js";',
    'framework-bbbb2222.js': 'export const react = 1;',
    'root-cccc3333.js': 'import("./member-shell-dddd4444.js");',
    'root-cccc3333.css': 'body{}',
    'member-shell-dddd4444.js': 'import{x}from"./places-eeee5555.js";',
    'places-eeee5555.js': 'export const x = 1;',
    'my-group-ffff6666.js': '__vite__mapDeps(["assets/scanner-gggg7777.js"])',
    'scanner-gggg7777.js': 'export const scan = 1;',
    'admin-hhhh8888.js': 'import "./admin-only-iiii9999.js";',
    'admin-only-iiii9999.js': '',
    'home-jjjj0000.js': '',
  };
  const route = (module: string, routePath?: string) => ({ path: routePath, module: `/assets/${module}`, imports: [] });
  const manifest = {
    entry: { module: '/assets/entry.client-aaaa1111.js', imports: ['/assets/framework-bbbb2222.js'], css: [] },
    routes: {
      root: { ...route('root-cccc3333.js', ''), css: ['/assets/root-cccc3333.css'] },
      'routes/home': route('home-jjjj0000.js'),
      'routes/my-group': route('my-group-ffff6666.js', 'mon-groupe'),
      'routes/admin': route('admin-hhhh8888.js', 'admin/members'),
    },
  };
  files['manifest-12345678.js'] = `window.__reactRouterManifest=${JSON.stringify(manifest)};`;
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(assets, name), text);
  fs.writeFileSync(path.join(dir, '__spa-fallback.html'), shell);
  fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), '{}');
  return dir;
}

describe('the service worker’s precache', () => {
  it('holds the shell by revision and the offline pages’ files, followed through their imports', () => {
    const entries = precacheEntries(fakeBuild(), ['/mon-groupe']);
    expect(entries[0]).toEqual({ url: APP_SHELL_PATH, revision: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(entries.map((e) => e.url).slice(1)).toEqual([
      '/manifest.webmanifest',
      '/assets/entry.client-aaaa1111.js',
      '/assets/framework-bbbb2222.js',
      '/assets/manifest-12345678.js',
      '/assets/member-shell-dddd4444.js',
      '/assets/my-group-ffff6666.js',
      '/assets/places-eeee5555.js',
      '/assets/root-cccc3333.css',
      '/assets/root-cccc3333.js',
      '/assets/scanner-gggg7777.js',
    ]);
    // Hashed names carry their version; other pages' chunks (the manifest names them) are left out.
    expect(entries.filter((e) => e.url.startsWith('/assets/')).every((e) => e.revision === undefined)).toBe(true);
  });

  it('opens offline the member app’s five places and the check-in page', () => {
    expect(OFFLINE_PAGES).toEqual([...places.map((place) => place.to), '/pointage']);
  });

  it('gives the shell a new revision when its bytes change, and only then', () => {
    const [a] = precacheEntries(fakeBuild('<html>one</html>'));
    const [b] = precacheEntries(fakeBuild('<html>one</html>'));
    const [c] = precacheEntries(fakeBuild('<html>two</html>'));
    expect(a?.revision).toBe(b?.revision);
    expect(c?.revision).not.toBe(a?.revision);
  });
});
