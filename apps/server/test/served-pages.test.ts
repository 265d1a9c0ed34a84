import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUILD_SITE_URL, PREVIEW_BANNER_TEXT } from '@synergie/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/app';

// A stand-in web build written as the real build writes it (vite.config.ts): every absolute
// address on BUILD_SITE_URL, the parts the server shows built hidden.
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'synergie-web-served-'));
const escaped = BUILD_SITE_URL.replaceAll('/', '\\/');
const banner = `<div data-served="preview-banner" hidden="" role="status">${PREVIEW_BANNER_TEXT}</div>`;
const page = (pagePath: string, body = '') =>
  `<!doctype html><html lang="fr" data-site-url="${BUILD_SITE_URL}"><head><title>Page</title>` +
  `<link rel="canonical" href="${BUILD_SITE_URL}${pagePath}"/><meta property="og:url" content="${BUILD_SITE_URL}${pagePath}"/>` +
  `<script type="application/ld+json">{"@type":"Organization","url":"${BUILD_SITE_URL}","logo":"${BUILD_SITE_URL}/images/logo.png"}</script>` +
  `</head><body>${banner}<h1>Page</h1>${body}<script>window.__ctx = {"url":"${escaped}/x"};</script></body></html>`;
const notice = '<div data-served="subscription-required" hidden=""><div role="alert">Abonnement requis</div></div>';
const files: Record<string, string> = {
  'index.html': page('/'),
  'pricing/index.html': page('/pricing', notice),
  '__spa-fallback.html': page('/'),
  '__not-found/index.html': page('/__not-found'),
};
for (const [name, content] of Object.entries(files)) {
  fs.mkdirSync(path.dirname(path.join(webDir, name)), { recursive: true });
  fs.writeFileSync(path.join(webDir, name), content);
}
afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));

const here = await createTestApp({ webDir, env: { SITE_URL: 'https://www.synergie-pro.fr' } });
const there = await createTestApp({ webDir, env: { SITE_URL: 'http://localhost:4104' } });

describe('one build, served anywhere', () => {
  it('writes SITE_URL as the server has it into canonical, og:url, JSON-LD and the page data', async () => {
    for (const [t, origin] of [
      [here, 'https://www.synergie-pro.fr'],
      [there, 'http://localhost:4104'],
    ] as const) {
      for (const url of ['/', '/pricing', '/profile']) {
        const html = (await t.app.inject(url)).body;
        expect(html, url).not.toContain('adresse-du-site.invalid');
        expect(html).toContain(`data-site-url="${origin}"`);
        expect(html).toMatch(new RegExp(`<link rel="canonical" href="${origin}/`));
        expect(html).toContain(`<meta property="og:url" content="${origin}`);
        expect(html).toContain(`"url":"${origin}"`);
        expect(html).toContain(`"url":"${origin.replaceAll('/', '\\/')}/x"`);
      }
      const sitemap = (await t.app.inject('/sitemap.xml')).body;
      expect(sitemap).toContain(`<loc>${origin}/</loc>`);
    }
  });

  it('shows the preview banner in the served HTML of a preview host only', async () => {
    const preview = await here.app.inject({ url: '/', headers: { host: 'preview.synergie-pro.fr' } });
    expect(preview.body).toContain(`<div data-served="preview-banner" role="status">${PREVIEW_BANNER_TEXT}</div>`);
    const shell = await here.app.inject({ url: '/profile', headers: { host: 'recette.synergie-pro.fr' } });
    expect(shell.body).toContain('<div data-served="preview-banner" role="status">');
    const real = await here.app.inject({ url: '/', headers: { host: 'www.synergie-pro.fr' } });
    expect(real.body).toContain('<div data-served="preview-banner" hidden="" role="status">');
    // Compressed answers carry the same variant.
    const brotli = await here.app.inject({
      url: '/',
      headers: { host: 'staging.synergie-pro.fr', 'accept-encoding': 'br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    const { brotliDecompressSync } = await import('node:zlib');
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toContain(
      '<div data-served="preview-banner" role="status">',
    );
  });

  it("shows the pricing page's subscription notice when the query asks for it, before any script", async () => {
    const asked = await here.app.inject('/pricing?message=subscription_required');
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('<div data-served="subscription-required"><div role="alert">Abonnement requis');
    for (const url of ['/pricing', '/pricing?message=autre', '/?message=subscription_required']) {
      const body = (await here.app.inject(url)).body;
      expect(body, url).not.toContain('<div data-served="subscription-required">');
    }
  });
});
