import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APP_SHELL_PATH, BUILD_SITE_URL, SERVICE_WORKER_PATH, WEB_APP_MANIFEST_PATH } from '@synergie/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/app';

// A stand-in web build with the installed app's files (apps/web/scripts/service-worker.ts).
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'synergie-web-installable-'));
const shell = `<!doctype html><html lang="fr" data-site-url="${BUILD_SITE_URL}"><head><title>Shell</title></head><body><script>window.x = 1;</script></body></html>`;
const files: Record<string, string> = {
  '__spa-fallback.html': shell,
  '__not-found/index.html': '<!doctype html><html><head><title>404</title></head><body></body></html>',
  'sw.js': 'self.addEventListener("fetch", () => {});',
  'manifest.webmanifest': '{"name":"Synergie Pro"}',
};
for (const [name, content] of Object.entries(files)) {
  fs.mkdirSync(path.dirname(path.join(webDir, name)), { recursive: true });
  fs.writeFileSync(path.join(webDir, name), content);
}
afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));

const t = await createTestApp({ webDir, env: { SITE_URL: 'https://www.synergie-pro.fr' } });

describe('the installed app’s files', () => {
  it('serves the service worker at the root, checked at every visit', async () => {
    const res = await t.app.inject(SERVICE_WORKER_PATH);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the manifest with its own type', async () => {
    const res = await t.app.inject(WEB_APP_MANIFEST_PATH);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
  });

  it('serves the SPA shell at its own address for the precache, as member pages get it', async () => {
    const res = await t.app.inject(APP_SHELL_PATH);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toMatch(/script-src[^;]*'sha256-/);
    expect(res.body).toContain('data-site-url="https://www.synergie-pro.fr"');
    const memberPage = await t.app.inject('/plus');
    expect(memberPage.body).toBe(res.body);
    expect(memberPage.headers['content-security-policy']).toBe(res.headers['content-security-policy']);
    // The precache asks with its revision in the query: the same shell.
    expect((await t.app.inject(`${APP_SHELL_PATH}?__WB_REVISION__=abc`)).body).toBe(res.body);
  });
});
