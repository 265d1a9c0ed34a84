import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiErrors, partnerMessages } from '@synergie/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerSites } from '../src/db/schema';
import { safeFetchMessages } from '../src/lib/safe-fetch';
import { createTestApp } from './helpers/app';
import { client, signUp } from './helpers/auth';

// The test-only allow-list: the local site below is reachable, only because NODE_ENV is 'test'.
const previousAllowList = process.env.SAFE_FETCH_TEST_ALLOW_HOSTS;
process.env.SAFE_FETCH_TEST_ALLOW_HOSTS = '127.0.0.1';

const ADMIN_EMAIL = 'admin.partners@synergie.test';
const t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
const admin = await signUp(t, { email: ADMIN_EMAIL });

const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#1d4ed8' } })
  .png()
  .toBuffer();

let site: http.Server;
let origin = '';
beforeAll(async () => {
  site = http.createServer((req, res) => {
    if (req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html><head><title>Immo Horizon &ndash; Agence</title>
        <meta name="description" content="Agence immobilière à Champigny">
        <meta property="og:image" content="/og.png">
        <link rel="apple-touch-icon" href="/touch.png"></head><body>…</body></html>`);
    } else if (req.url === '/touch.png' || req.url === '/og.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(png);
    } else if (req.url === '/fake.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end('<svg onload="alert(1)"></svg>');
    } else if (req.url === '/to-metadata') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
    } else if (req.url === '/huge') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('x'.repeat(1024 * 1024 + 1));
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  if (previousAllowList === undefined) delete process.env.SAFE_FETCH_TEST_ALLOW_HOSTS;
  else process.env.SAFE_FETCH_TEST_ALLOW_HOSTS = previousAllowList;
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
});

const partnerCount = async () => (await t.database.db.select().from(partnerSites)).length;

describe('admin partners API: permissions', () => {
  it('answers 401 to a visitor and 403 to a member on every admin route, changing nothing', async () => {
    const created = await admin.post('/api/admin/partners', { name: 'Intact', websiteUrl: 'intact.example' });
    const id = created.json().id as string;
    const member = await signUp(t);
    const visitor = client(t);
    const calls = [
      (c: typeof visitor) => c.post('/api/admin/partners', { name: 'Pirate', websiteUrl: 'pirate.example' }),
      (c: typeof visitor) => c.put(`/api/admin/partners/${id}`, { isFeatured: true, name: 'Piraté' }),
      (c: typeof visitor) => c.delete(`/api/admin/partners/${id}`),
      (c: typeof visitor) => c.post('/api/admin/site-info', { url: `${origin}/` }),
    ];
    const before = await partnerCount();
    for (const call of calls) {
      const anonymous = await call(visitor);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().error.message).toBe(apiErrors.UNAUTHENTICATED.message);
      const refused = await call(member);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(apiErrors.FORBIDDEN.message);
    }
    expect(await partnerCount()).toBe(before);
    const [row] = await t.database.db.select().from(partnerSites).where(eq(partnerSites.id, id));
    expect(row).toMatchObject({ name: 'Intact', isFeatured: false });
    await admin.delete(`/api/admin/partners/${id}`);
  });
});

describe('partners: add, feature, order, delete', () => {
  it('requires name and URL in French, adds https:// and lists featured first, then order, then name', async () => {
    const noName = await admin.post('/api/admin/partners', { name: ' ', websiteUrl: 'a.example' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.message).toBe(partnerMessages.nameRequired);
    const noUrl = await admin.post('/api/admin/partners', { name: 'Sans site', websiteUrl: '' });
    expect(noUrl.statusCode).toBe(400);
    expect(noUrl.json().error.message).toBe(partnerMessages.urlRequired);
    const badUrl = await admin.post('/api/admin/partners', { name: 'Script', websiteUrl: 'javascript:alert(1)' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().error.message).toBe(partnerMessages.urlInvalid);

    const add = async (name: string, extra: Record<string, unknown> = {}) => {
      const res = await admin.post('/api/admin/partners', {
        name,
        websiteUrl: `${name.toLowerCase()}.example`,
        ...extra,
      });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const zeta = await add('Zeta');
    expect(zeta).toMatchObject({
      websiteUrl: 'https://zeta.example',
      isFeatured: false,
      displayOrder: 0,
      logoUrl: null,
    });
    const alpha = await add('Alpha', { description: '  Conseil  ', category: 'Finance' });
    expect(alpha).toMatchObject({ description: 'Conseil', category: 'Finance' });
    const beta = await add('Beta', { displayOrder: -1 });
    const http = await admin.post('/api/admin/partners', { name: 'Http', websiteUrl: 'http://http.example' });
    expect(http.json().websiteUrl).toBe('http://http.example');

    const names = async () =>
      ((await client(t).get('/api/partners')).json().partners as { name: string }[]).map((p) => p.name);
    expect(await names()).toEqual(['Beta', 'Alpha', 'Http', 'Zeta']);

    const featured = await admin.put(`/api/admin/partners/${zeta.id}`, { isFeatured: true });
    expect(featured.statusCode).toBe(200);
    expect(featured.json()).toMatchObject({ name: 'Zeta', isFeatured: true, websiteUrl: 'https://zeta.example' });
    expect(await names()).toEqual(['Zeta', 'Beta', 'Alpha', 'Http']);

    await admin.put(`/api/admin/partners/${alpha.id}`, { displayOrder: -5 });
    expect(await names()).toEqual(['Zeta', 'Alpha', 'Beta', 'Http']);

    const edited = await admin.put(`/api/admin/partners/${beta.id}`, {
      name: 'Beta Conseil',
      description: '',
      websiteUrl: 'beta-conseil.example',
      category: 'Conseil',
    });
    expect(edited.json()).toMatchObject({
      name: 'Beta Conseil',
      description: null,
      websiteUrl: 'https://beta-conseil.example',
      category: 'Conseil',
    });

    const bad = await admin.put(`/api/admin/partners/${beta.id}`, { name: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(partnerMessages.nameRequired);

    for (const p of [zeta, alpha, beta, http.json()]) {
      expect((await admin.delete(`/api/admin/partners/${p.id}`)).statusCode).toBe(200);
    }
    expect(await names()).toEqual([]);
    const gone = await admin.delete(`/api/admin/partners/${zeta.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(partnerMessages.notFound);
    expect((await admin.put(`/api/admin/partners/${zeta.id}`, { isFeatured: true })).statusCode).toBe(404);
    expect((await admin.delete('/api/admin/partners/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('fetch-site-info and logo import', () => {
  it("needs a URL: 'Veuillez entrer une URL.'", async () => {
    for (const body of [{ url: '' }, { url: '   ' }, {}]) {
      const res = await admin.post('/api/admin/site-info', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(partnerMessages.importUrlRequired);
    }
  });

  it('reads title, description, og:image and icon of a page (local site on the test allow-list)', async () => {
    const res = await admin.post('/api/admin/site-info', { url: `${origin}/` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      title: 'Immo Horizon – Agence',
      description: 'Agence immobilière à Champigny',
      ogImage: `${origin}/og.png`,
      favicon: `${origin}/touch.png`,
    });
  });

  it.each([
    ['http://169.254.169.254/latest/meta-data/', safeFetchMessages.forbiddenAddress],
    ['http://10.0.0.1/', safeFetchMessages.forbiddenAddress],
    ['http://[::1]/', safeFetchMessages.forbiddenAddress],
    ['http://localhost/', safeFetchMessages.forbiddenAddress],
    ['file:///etc/passwd', safeFetchMessages.invalidUrl],
    ['ftp://exemple.fr/', safeFetchMessages.invalidUrl],
  ])('refuses %s with a French message, never a 500', async (url, message) => {
    const res = await admin.post('/api/admin/site-info', { url });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('refuses a redirect to a private address and an oversized page', async () => {
    const redirected = await admin.post('/api/admin/site-info', { url: `${origin}/to-metadata` });
    expect(redirected.statusCode).toBe(400);
    expect(redirected.json().error.message).toBe(safeFetchMessages.forbiddenAddress);
    const huge = await admin.post('/api/admin/site-info', { url: `${origin}/huge` });
    expect(huge.statusCode).toBe(422);
    expect(huge.json().error.message).toBe(safeFetchMessages.tooLarge);
  });

  it('downloads, re-encodes and stores an imported logo, shown from our own site; removes it with the partner', async () => {
    const res = await admin.post('/api/admin/partners', {
      name: 'Immo Horizon',
      websiteUrl: origin,
      logoUrl: `${origin}/touch.png`,
    });
    expect(res.statusCode).toBe(200);
    const partner = res.json();
    expect(partner.logoUrl).toMatch(new RegExp(`/storage/partner-logos/${partner.id}/[\\w-]+\\.webp$`));
    const logoPath = new URL(partner.logoUrl, t.env.SITE_URL).pathname;
    const logo = await t.app.inject({ method: 'GET', url: logoPath });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/webp');

    // Saving again with the stored URL keeps it; a new external logo replaces the file.
    const same = await admin.put(`/api/admin/partners/${partner.id}`, { logoUrl: partner.logoUrl });
    expect(same.json().logoUrl).toBe(partner.logoUrl);
    const replaced = await admin.put(`/api/admin/partners/${partner.id}`, { logoUrl: `${origin}/og.png` });
    expect(replaced.json().logoUrl).not.toBe(partner.logoUrl);
    expect((await t.app.inject({ method: 'GET', url: logoPath })).statusCode).toBe(404);

    const newPath = new URL(replaced.json().logoUrl, t.env.SITE_URL).pathname;
    expect((await admin.delete(`/api/admin/partners/${partner.id}`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: newPath })).statusCode).toBe(404);
  });

  it('refuses a logo that is not an image, or on a private address, and then creates nothing', async () => {
    const before = await partnerCount();
    const fake = await admin.post('/api/admin/partners', {
      name: 'Faux logo',
      websiteUrl: origin,
      logoUrl: `${origin}/fake.png`,
    });
    expect(fake.statusCode).toBe(422);
    expect(fake.json().error.message).toBe(partnerMessages.logoFailed);
    const metadata = await admin.post('/api/admin/partners', {
      name: 'Métadonnées',
      websiteUrl: 'exemple.fr',
      logoUrl: 'http://169.254.169.254/logo.png',
    });
    expect(metadata.statusCode).toBe(400);
    expect(metadata.json().error.message).toBe(safeFetchMessages.forbiddenAddress);
    expect(await partnerCount()).toBe(before);
  });
});
