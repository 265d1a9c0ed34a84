import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { eventCategories, partnerSites } from '../src/db/schema';
import { createTestApp } from './helpers/app';
import { createTestDatabase } from './helpers/db';

const here = path.dirname(fileURLToPath(import.meta.url));

// A small stand-in for the web build: the layout React Router's prerender writes.
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'synergie-web-'));
const inlineScript = 'window.__reactRouterContext = {"ssr":false};';
const page = (title: string) =>
  `<!doctype html><html lang="fr"><head><title>${title}</title><script type="application/ld+json">{"@type":"Thing"}</script></head><body><h1>${title}</h1><script>${inlineScript}</script><script type="module" src="/assets/entry.js"></script></body></html>`;
const files: Record<string, string> = {
  'index.html': page('Accueil'),
  'a-propos/index.html': page('À propos'),
  '__spa-fallback.html': page('Chargement'),
  '__not-found/index.html': page('Page introuvable'),
  'assets/entry.js': 'console.log(1)',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
};
for (const [name, content] of Object.entries(files)) {
  fs.mkdirSync(path.dirname(path.join(webDir, name)), { recursive: true });
  fs.writeFileSync(path.join(webDir, name), content);
}
afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));

const t = await createTestApp({ webDir, env: { SITE_URL: 'https://www.synergie-pro.fr' } });

describe('pages', () => {
  it('serves prerendered pages with a CSP that lists exactly their inline scripts', async () => {
    const res = await t.app.inject('/a-propos');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<h1>À propos</h1>');
    const csp = String(res.headers['content-security-policy']);
    const hash = createHash('sha256').update(inlineScript).digest('base64');
    expect(csp).toContain(`'sha256-${hash}'`);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc.match(/sha256-/g)).toHaveLength(1);
    expect(csp).toContain("frame-ancestors 'none'");
    expect((await t.app.inject('/a-propos/')).statusCode).toBe(200);
    expect((await t.app.inject('/')).body).toContain('<h1>Accueil</h1>');
  });

  it('answers unknown paths with the 404 page and status 404', async () => {
    for (const url of ['/nimporte-quoi', '/a-propos/inconnu', '/__not-found', '/a-propos/index.html']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('Page introuvable');
    }
  });

  it('serves the application shell for member and admin pages', async () => {
    for (const url of [
      '/profile',
      '/profile/facturation',
      '/profile/securite',
      '/profile/notifications',
      '/members',
      '/admin/members',
      '/update-password',
      '/membres/abc-123',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('Chargement');
    }
  });

  it('redirects /home, /about and /category/* permanently', async () => {
    const cases: [string, string][] = [
      ['/home', '/'],
      ['/about', '/a-propos'],
      ['/about?x=1', '/a-propos?x=1'],
      ['/category/immobilier', '/'],
      ['/category/a/b', '/'],
    ];
    for (const [from, to] of cases) {
      const res = await t.app.inject(from);
      expect(res.statusCode, from).toBe(301);
      expect(res.headers.location).toBe(to);
    }
  });

  it('serves built assets, hashed ones cached for a year', async () => {
    const res = await t.app.inject('/assets/entry.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject('/favicon.svg')).statusCode).toBe(200);
  });
});

describe('API basics', () => {
  it('answers unknown API routes with a JSON 404 in French', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope'],
      ['GET', '/api'],
      ['DELETE', '/a-propos'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toEqual({ code: 'NOT_FOUND', message: 'Cette adresse d’API n’existe pas.' });
    }
  });

  it('sets security headers on every answer and hides the framework', async () => {
    for (const url of ['/api/health', '/a-propos', '/api/nope']) {
      const res = await t.app.inject(url);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(String(res.headers['content-security-policy'])).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('reports health', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('publishes the OpenAPI document and its readable docs', async () => {
    const doc = await t.app.inject('/api/openapi.json');
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/contact', '/api/partners', '/api/health']));
    expect(spec.paths['/api/contact'].post.requestBody).toBeDefined();
    const docs = await t.app.inject('/api/docs/');
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });

  it('serves robots.txt and a sitemap of the public pages on SITE_URL', async () => {
    const robots = await t.app.inject('/robots.txt');
    expect(robots.body).toContain('Sitemap: https://www.synergie-pro.fr/sitemap.xml');
    const sitemap = await t.app.inject('/sitemap.xml');
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain('<loc>https://www.synergie-pro.fr/</loc>');
    expect(sitemap.body).toContain('<loc>https://www.synergie-pro.fr/contact</loc>');
    expect(sitemap.body).not.toContain('/500');
  });
});

describe('data', () => {
  it('has the six event categories after the first start, each with a shipped image', async () => {
    const rows = await t.database.db.select().from(eventCategories).orderBy(asc(eventCategories.name));
    expect(rows.map((r) => r.name).sort()).toEqual(
      ['Afterwork', 'Atelier', 'Conférence', 'Forum', 'Lancement', 'Réunion'].sort(),
    );
    for (const row of rows) {
      expect(fs.existsSync(path.join(here, '../../web/public', row.imageUrl)), row.imageUrl).toBe(true);
    }
  });

  it('lists partners featured first, then by display order, then by name', async () => {
    await t.database.db.insert(partnerSites).values([
      { name: 'Zeta Conseil', websiteUrl: 'https://zeta.example', displayOrder: 1 },
      { name: 'Alpha Immo', websiteUrl: 'https://alpha.example', displayOrder: 1 },
      { name: 'Omega Avocats', websiteUrl: 'https://omega.example', displayOrder: 0 },
      { name: 'Beta Rénovation', websiteUrl: 'https://beta.example', displayOrder: 5, isFeatured: true },
    ]);
    const res = await t.app.inject('/api/partners');
    expect(res.statusCode).toBe(200);
    expect(res.json().partners.map((p: { name: string }) => p.name)).toEqual([
      'Beta Rénovation',
      'Omega Avocats',
      'Alpha Immo',
      'Zeta Conseil',
    ]);
  });

  it('enforces the constraints in the database itself', async () => {
    const db = t.database.db;
    await expect(db.insert(eventCategories).values({ name: 'Atelier', imageUrl: '/x.svg' })).rejects.toThrow();
  });
});

describe('development mailbox', () => {
  it('exists outside production', async () => {
    expect((await t.app.inject('/api/dev/mailbox')).statusCode).toBe(200);
    const page = await t.app.inject('/dev/mailbox');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Boîte de réception de développement');
  });

  it('never exists in production', async () => {
    const database = await createTestDatabase();
    const prod = await createTestApp({ database, env: { NODE_ENV: 'production' } });
    expect((await prod.app.inject('/api/dev/mailbox')).statusCode).toBe(404);
    expect((await prod.app.inject('/dev/mailbox')).statusCode).toBe(404);
    expect(prod.app.printRoutes()).not.toContain('mailbox');
    afterAll(() => database.close());
  });
});
