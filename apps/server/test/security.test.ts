import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { CSRF_EXEMPT_PATHS } from '../src/plugins/security';
import { STORAGE_CSP } from '../src/storage/serve';
import { createTestApp, type TestApp } from './helpers/app';
import { signUp } from './helpers/auth';
import { type UploadedFile, uploadFile } from './helpers/upload';

// A small stand-in for the web build (the layout React Router's prerender writes): `npm test`
// runs before `npm run build` in CI.
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'synergie-security-web-'));
const inlineScript = 'window.__reactRouterContext = {"ssr":false};';
const page = (title: string) =>
  `<!doctype html><html lang="fr"><head><title>${title}</title></head><body><h1>${title}</h1><script>${inlineScript}</script><script type="module" src="/assets/entry.js"></script></body></html>`;
for (const [name, content] of Object.entries({
  'index.html': page('Accueil'),
  'pricing/index.html': page('Tarifs'),
  '__spa-fallback.html': page('Chargement'),
  '__not-found/index.html': page('Page introuvable'),
  'assets/entry.js': 'console.log(1)',
})) {
  fs.mkdirSync(path.dirname(path.join(webDir, name)), { recursive: true });
  fs.writeFileSync(path.join(webDir, name), content);
}
afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));

const ADMIN_EMAIL = 'admin.securite@synergie.test';
const EVIL = 'https://evil.example';

// One database, three apps on it: the test settings, development and production.
const t = await createTestApp({ webDir, env: { ADMIN_EMAILS: ADMIN_EMAIL } });
const dev = await createTestApp({ webDir, database: t.database, env: { NODE_ENV: 'development' } });
const prod = await createTestApp({
  webDir,
  database: t.database,
  env: { NODE_ENV: 'production', SITE_URL: 'https://www.synergie-pro.fr', AUTH_RATE_LIMIT: 'false' },
});

const admin = await signUp(t, { email: ADMIN_EMAIL });

const pageKinds = {
  'public prerendered page': '/pricing',
  home: '/',
  'application shell': '/members',
  '404 page': '/nimporte-quoi',
};

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

function expectHardenedHeaders(res: LightMyRequestResponse, label: string) {
  const csp = String(res.headers['content-security-policy'] ?? '');
  const policy = directives(csp);
  expect(csp, label).not.toBe('');
  const scriptSrc = policy.get('script-src') ?? policy.get('default-src') ?? [];
  expect(scriptSrc.length, label).toBeGreaterThan(0);
  expect(scriptSrc, label).not.toContain("'unsafe-inline'");
  expect(scriptSrc, label).not.toContain("'unsafe-eval'");
  expect(scriptSrc, label).not.toContain('*');
  expect(policy.get('object-src') ?? policy.get('default-src'), label).toEqual(["'none'"]);
  expect(policy.get('frame-ancestors'), label).toEqual(["'none'"]);
  expect(res.headers['x-frame-options'], label).toBe('DENY');
  expect(res.headers['x-content-type-options'], label).toBe('nosniff');
  expect(res.headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  const permissions = String(res.headers['permissions-policy'] ?? '');
  for (const feature of ['camera=(self)', 'microphone=()', 'geolocation=()'])
    expect(permissions, label).toContain(feature);
  expect(permissions, label).not.toMatch(/camera=\*|camera=\(\*\)/);
  expect(res.headers['x-powered-by'], label).toBeUndefined();
}

describe('security headers', () => {
  it('every page type has a CSP without inline scripts, no framing, nosniff, referrer and permissions policies', async () => {
    for (const app of [t, dev, prod]) {
      for (const [kind, url] of Object.entries(pageKinds)) {
        const res = await app.app.inject(url);
        const label = `${app.env.NODE_ENV} ${kind} ${url}`;
        expect(res.headers['content-type'], label).toContain('text/html');
        expect(res.statusCode, label).toBe(kind === '404 page' ? 404 : 200);
        expectHardenedHeaders(res, label);
        // The page's own inline script runs by its hash, and only it.
        const hash = createHash('sha256').update(inlineScript).digest('base64');
        expect(directives(String(res.headers['content-security-policy'])).get('script-src'), label).toEqual([
          "'self'",
          `'sha256-${hash}'`,
        ]);
      }
      // The API answers carry them too.
      expectHardenedHeaders(await app.app.inject('/api/health'), `${app.env.NODE_ENV} /api/health`);
      expectHardenedHeaders(await app.app.inject('/api/nimporte-quoi'), `${app.env.NODE_ENV} API 404`);
    }
  });

  it('sends HSTS in production only, and upgrades insecure requests there', async () => {
    for (const url of [...Object.values(pageKinds), '/api/health']) {
      const res = await prod.app.inject(url);
      const hsts = String(res.headers['strict-transport-security'] ?? '');
      expect(hsts, url).toMatch(/max-age=(\d+)/);
      expect(Number(hsts.match(/max-age=(\d+)/)?.[1])).toBeGreaterThanOrEqual(31536000);
      expect(hsts).toContain('includeSubDomains');
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      for (const other of [dev, t]) {
        const answer = await other.app.inject(url);
        expect(answer.headers['strict-transport-security'], `${other.env.NODE_ENV} ${url}`).toBeUndefined();
        expect(String(answer.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
      }
    }
  });
});

describe('compressed pages', () => {
  it('sends pages Brotli- or gzip-compressed to browsers that accept it, with the same CSP', async () => {
    const plain = await t.app.inject('/pricing');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0', undefined],
      ['identity', undefined],
    ] as const) {
      const res = await t.app.inject({ url: '/pricing', headers: { 'accept-encoding': accept } });
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
      const body =
        encoding === 'br'
          ? brotliDecompressSync(res.rawPayload)
          : encoding === 'gzip'
            ? gunzipSync(res.rawPayload)
            : res.rawPayload;
      expect(body.toString('utf8')).toBe(plain.body);
    }
  });
});

describe('session cookie', () => {
  async function signInCookies(app: TestApp, email: string) {
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json', origin: app.env.SITE_URL },
      payload: JSON.stringify({ email, password: 'Motdepasse1' }),
      remoteAddress: '10.40.0.1',
    });
    expect(res.statusCode).toBe(200);
    const cookies = [res.headers['set-cookie'] ?? []].flat().map(String);
    const session = cookies.find((c) => /^(__Secure-)?synergie\.session_token=/.test(c));
    expect(session, cookies.join('\n')).toBeDefined();
    return { session: session as string, all: cookies };
  }

  const attributes = (cookie: string) =>
    new Map(
      cookie
        .split(';')
        .slice(1)
        .map((part) => {
          const [name, ...value] = part.trim().split('=');
          return [String(name).toLowerCase(), value.join('=')] as const;
        }),
    );

  it('is HttpOnly, SameSite=Lax, Path=/ and Secure (with the __Secure- prefix) in production', async () => {
    const member = await signUp(prod);
    const { session, all } = await signInCookies(prod, member.member.email);
    expect(session.startsWith('__Secure-synergie.session_token=')).toBe(true);
    const attrs = attributes(session);
    expect(attrs.has('httponly')).toBe(true);
    expect(attrs.get('samesite')?.toLowerCase()).toBe('lax');
    expect(attrs.get('path')).toBe('/');
    expect(attrs.has('secure')).toBe(true);
    expect(attrs.has('domain')).toBe(false);
    // Every cookie Better Auth sets in production is Secure and HttpOnly.
    for (const cookie of all) {
      expect(attributes(cookie).has('secure'), cookie).toBe(true);
      expect(attributes(cookie).has('httponly'), cookie).toBe(true);
    }
  });

  it('is HttpOnly, SameSite=Lax and Path=/ without Secure over plain HTTP in development', async () => {
    const member = await signUp(dev);
    const { session } = await signInCookies(dev, member.member.email);
    expect(session.startsWith('synergie.session_token=')).toBe(true);
    const attrs = attributes(session);
    expect(attrs.has('httponly')).toBe(true);
    expect(attrs.get('samesite')?.toLowerCase()).toBe('lax');
    expect(attrs.get('path')).toBe('/');
    expect(attrs.has('secure')).toBe(false);
  });
});

/** Every state-changing route of the app: its own (from its OpenAPI document) and Better Auth's. */
function stateChangingRoutes(app: FastifyInstance): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const doc = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  for (const [route, operations] of Object.entries(doc.paths)) {
    for (const method of Object.keys(operations)) {
      if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
      routes.push({
        method: method.toUpperCase(),
        url: route.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'),
      });
    }
  }
  // Hidden from the document: Stripe's webhook (exempt, checked below) and Better Auth's endpoints.
  for (const endpoint of Object.values(app.ctx.auth.api) as {
    path?: string;
    options?: { method?: string | string[] };
  }[]) {
    if (!endpoint?.path || !endpoint.options?.method) continue;
    for (const method of [endpoint.options.method].flat()) {
      if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) {
        routes.push({ method, url: `/api/auth${endpoint.path.replace(/:[^/]+/g, 'x')}` });
      }
    }
  }
  return routes;
}

describe('cross-site request forgery', () => {
  it('refuses every state-changing route from another site, or with cookies and no Origin', async () => {
    const cookie = admin.jar.header();
    const routes = stateChangingRoutes(t.app);
    // The route table really was read: our routes, Better Auth's, every method.
    expect(routes.length).toBeGreaterThan(60);
    for (const needle of [
      'POST /api/contact',
      'PUT /api/me/profile',
      'DELETE /api/me/avatar',
      'POST /api/auth/sign-out',
    ]) {
      expect(routes.map((r) => `${r.method} ${r.url}`)).toContain(needle);
    }
    expect(routes.some((r) => r.url.startsWith('/api/admin/'))).toBe(true);

    const attacks: { name: string; headers: Record<string, string> }[] = [
      { name: 'another site with cookies', headers: { origin: EVIL, cookie } },
      { name: 'another site without cookies', headers: { origin: EVIL } },
      { name: 'a sibling subdomain', headers: { origin: 'http://evil.localhost:3000', cookie } },
      { name: 'an opaque origin', headers: { origin: 'null', cookie } },
      { name: 'cookies without Origin', headers: { cookie } },
    ];
    let refused = 0;
    for (const route of routes) {
      if (CSRF_EXEMPT_PATHS.has(route.url)) continue;
      for (const attack of attacks) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: route.url,
          headers: { 'content-type': 'application/json', ...attack.headers },
          payload: '{}',
          remoteAddress: '10.41.0.1',
        });
        expect(res.statusCode, `${route.method} ${route.url} from ${attack.name}`).toBe(403);
        expect(res.json().error).toEqual({ code: 'INVALID_ORIGIN', message: 'Origine de la requête non autorisée' });
        refused += 1;
      }
    }
    expect(refused).toBe(routes.filter((r) => !CSRF_EXEMPT_PATHS.has(r.url)).length * attacks.length);
    // Nothing reached a handler: the admin is still signed in and nothing was written.
    expect((await admin.get('/api/me')).statusCode).toBe(200);
  });

  it('refuses the same requests written with percent-escapes, which the router decodes', async () => {
    const cookie = admin.jar.header();
    for (const url of ['/%61pi/contact', '/api/%63ontact', '/%61pi/auth/sign-out', '/%63ontact']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', origin: EVIL, cookie },
        payload: '{}',
        remoteAddress: '10.41.0.2',
      });
      expect(res.statusCode, url).toBe(403);
      // The API answers JSON; the contact page's form, a page.
      if (url !== '/%63ontact') expect(res.json().error.code).toBe('INVALID_ORIGIN');
    }
    expect((await admin.get('/api/me')).statusCode).toBe(200);
  });

  it('lets the site itself through, and API clients that carry no cookie', async () => {
    const member = await signUp(t);
    const form = {
      fullName: 'Claire Martin',
      companyName: 'Martin Conseil',
      phone: '',
      bio: '',
      profession: 'Consultante',
      industry: 'Conseil',
      city: 'Lyon',
      sponsorName: '',
      websiteUrl: '',
      linkedinUrl: '',
      twitterUrl: '',
      githubUrl: '',
      facebookUrl: '',
      skills: [],
      lookingFor: [],
    };
    const res = await member.put('/api/me/profile', form);
    expect(res.statusCode).toBe(200);
    expect(res.json().fullName).toBe('Claire Martin');
    // The same change, forged from another site with the member's cookie: refused, nothing written.
    const forged = await t.app.inject({
      method: 'PUT',
      url: '/api/me/profile',
      headers: { origin: EVIL, cookie: member.jar.header(), 'content-type': 'application/json' },
      payload: JSON.stringify({ ...form, fullName: 'Pirate' }),
    });
    expect(forged.statusCode).toBe(403);
    expectHardenedHeaders(forged, 'a refused request');
    expect((await member.get('/api/me')).json().profile.fullName).toBe('Claire Martin');
    // No cookie, no Origin (curl, a server): no session is used, so nothing to forge.
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Alice', email: 'alice@exemple.fr', subject: 'Bonjour', message: 'Un message.' }),
      remoteAddress: '10.41.0.2',
    });
    expect(contact.statusCode).not.toBe(403);
    // Reading is never refused for its Origin.
    expect((await t.app.inject({ url: '/api/health', headers: { origin: EVIL } })).statusCode).toBe(200);
  });

  it("exempts Stripe's webhook and the one-click unsubscribe, which are authenticated by a signature instead", async () => {
    expect([...CSRF_EXEMPT_PATHS]).toEqual(['/api/billing/webhooks/stripe', '/api/notifications/unsubscribe']);
    for (const url of CSRF_EXEMPT_PATHS) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { origin: EVIL, 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode).not.toBe(403);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
    }
  });
});

describe('uploads', () => {
  const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
  const SVG = Buffer.from(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
      '<script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
  );
  // Starts like a GIF, reads as HTML: the classic image/script polyglot, named and typed as a PNG.
  const POLYGLOT = Buffer.from('GIF89a/*<html><script>alert(document.cookie)</script></html>*/=1;');
  const PAYLOAD = '<script>alert(document.cookie)</script>';

  const hostileFiles = [
    { name: 'an HTML page', body: HTML, filename: 'page.html', type: 'text/html' },
    { name: 'an HTML page named .png', body: HTML, filename: 'photo.png', type: 'image/png' },
    { name: 'an SVG with a script', body: SVG, filename: 'image.svg', type: 'image/svg+xml' },
    { name: 'an SVG with a script named .png', body: SVG, filename: 'image.png', type: 'image/png' },
    { name: 'a GIF/HTML polyglot named .png', body: POLYGLOT, filename: 'polyglot.png', type: 'image/png' },
  ];

  const upload = (who: { jar: { header(): string } }, url: string, file: UploadedFile) => uploadFile(t, url, who, file);

  const uploadRoutes = ['/api/me/avatar', '/api/uploads/service-images', '/api/admin/uploads/event-category-image'];
  const storedFiles = () =>
    fs.existsSync(path.join(t.env.DATA_DIR, 'uploads'))
      ? fs
          .readdirSync(path.join(t.env.DATA_DIR, 'uploads'), { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
      : [];

  it('refuses HTML, SVG with a script and a polyglot on every upload route, and stores nothing', async () => {
    const member = await signUp(t);
    const before = storedFiles().length;
    for (const url of uploadRoutes) {
      // The category image route is the admins'; the others any member's.
      const who = url.includes('/admin/') ? admin : member;
      for (const file of hostileFiles) {
        const res = await upload(who, url, file);
        expect(res.statusCode, `${file.name} to ${url}`).toBe(415);
        expect(res.json().error.code).toBe('NOT_AN_IMAGE');
      }
    }
    expect(storedFiles().length).toBe(before);
  });

  it('re-encodes a real image carrying HTML, and serves stored files as inert WebP only', async () => {
    const member = await signUp(t);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 10, g: 120, b: 200 } } })
      .png()
      .toBuffer();
    // A valid PNG with an HTML page after its end: decoders read the image, sniffers may see HTML.
    const carrier = {
      body: Buffer.concat([png, Buffer.from(`<html>${PAYLOAD}</html>`)]),
      filename: 'x.png',
      type: 'image/png',
    };
    for (const url of uploadRoutes) {
      const res = await upload(url.includes('/admin/') ? admin : member, url, carrier);
      expect(res.statusCode, url).toBe(200);
      const stored = String(res.json().url);
      expect(stored).toMatch(/^\/storage\/.+\.webp$/);
      const served = await t.app.inject(stored);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-disposition']).toBe('inline');
      expect(served.headers['content-security-policy']).toBe(STORAGE_CSP);
      const policy = directives(STORAGE_CSP);
      expect(policy.get('default-src')).toEqual(["'none'"]);
      expect(policy.has('sandbox')).toBe(true);
      expect(policy.has('script-src')).toBe(false);
      // Re-encoded: a WebP, without a byte of the payload.
      expect(served.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(served.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect(served.rawPayload.includes(Buffer.from('<script'))).toBe(false);
      expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    }
  });

  it('serves nothing but .webp from /storage, whatever sits on the disk', async () => {
    const dir = path.join(t.env.DATA_DIR, 'uploads', 'service-images', 'planted');
    fs.mkdirSync(dir, { recursive: true });
    for (const name of ['page.html', 'image.svg', 'photo.png', 'script.js']) {
      fs.writeFileSync(path.join(dir, name), HTML);
      const res = await t.app.inject(`/storage/service-images/planted/${name}`);
      expect(res.statusCode, name).toBe(404);
      expect(res.body).not.toContain('<script>');
    }
    // Even a .webp that is not one (planted on the disk by other means) cannot run as a page.
    fs.writeFileSync(path.join(dir, 'fake.webp'), HTML);
    const fake = await t.app.inject('/storage/service-images/planted/fake.webp');
    expect(fake.headers['content-type']).toBe('image/webp');
    expect(fake.headers['x-content-type-options']).toBe('nosniff');
    expect(fake.headers['content-security-policy']).toBe(STORAGE_CSP);
  });
});
