// A member page is the SPA shell; for a request with a session cookie the server writes the
// page's first reads into it (packages/shared/src/served-reads.ts, decision 0033): the same
// answers the routes give the browser, never for a visitor, never kept by a cache.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { SERVED_READS_ID } from '@synergie/shared/served-reads';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/app';
import { client, signUp } from './helpers/auth';
import { signUpSubscriber } from './helpers/members';

const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'synergie-web-'));
const shell = [
  '<!doctype html><html lang="fr"><head><meta charset="utf-8"/><title>Chargement</title></head>',
  '<body><div data-app-shell="">Chargement…</div>',
  '<script type="module" src="/assets/entry.js"></script></body></html>',
].join('');
for (const [name, content] of Object.entries({
  '__spa-fallback.html': shell,
  '__not-found/index.html': '<!doctype html><html lang="fr"><head></head><body>Page introuvable</body></html>',
  'assets/entry.js': 'console.log(1)',
})) {
  fs.mkdirSync(path.dirname(path.join(webDir, name)), { recursive: true });
  fs.writeFileSync(path.join(webDir, name), content);
}
afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));

const t = await createTestApp({ webDir });

/** The `{ url: answer }` the page carries, or null when it carries none. */
function servedReads(html: string): Record<string, unknown> | null {
  const match = new RegExp(`<script type="application/json" id="${SERVED_READS_ID}">([^<]*)</script>`).exec(html);
  return match?.[1] ? (JSON.parse(match[1]) as Record<string, unknown>) : null;
}

describe('a member page carries its first reads', () => {
  it("writes the session, the profile and Aujourd'hui as the routes answer them, once in the page", async () => {
    const member = await signUpSubscriber(t);
    const page = await member.get('/aujourdhui');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(String(page.headers.vary)).toMatch(/cookie/);
    const reads = servedReads(page.body);
    expect(reads).not.toBeNull();
    expect(Object.keys(reads ?? {}).sort()).toEqual(['/api/auth/get-session', '/api/me', '/api/me/today']);
    // The same answers as the browser's own calls (ids and dates, not a copy of their shape).
    const [session, me, today] = await Promise.all([
      member.get('/api/auth/get-session'),
      member.get('/api/me'),
      member.get('/api/me/today'),
    ]);
    expect(reads?.['/api/auth/get-session']).toMatchObject({ user: { id: member.userId } });
    expect(reads?.['/api/auth/get-session']).toEqual({ ...session.json(), session: expect.any(Object) });
    expect(reads?.['/api/me']).toEqual(me.json());
    expect(reads?.['/api/me/today']).toEqual(today.json());
    expect(page.body.match(new RegExp(`id="${SERVED_READS_ID}"`, 'g'))).toHaveLength(1);
  });

  it('writes each place its own first read: Mon groupe its group, Recommander the subscription', async () => {
    const member = await signUpSubscriber(t);
    const group = servedReads((await member.get('/mon-groupe')).body);
    const myGroup = await member.get('/api/me/group');
    expect(myGroup.statusCode).toBe(200);
    expect(Object.keys(group ?? {}).sort()).toEqual(['/api/auth/get-session', '/api/me', '/api/me/group']);
    expect(group?.['/api/me/group']).toEqual(myGroup.json());
    const recommend = servedReads((await member.get('/recommandations/nouvelle')).body);
    expect(recommend?.['/api/billing/subscription']).toEqual((await member.get('/api/billing/subscription')).json());
    // Another member page: the session and the profile only.
    const other = servedReads((await member.get('/tete-a-tete')).body);
    expect(Object.keys(other ?? {}).sort()).toEqual(['/api/auth/get-session', '/api/me']);
  });

  it('writes a member without a subscription their Aujourd’hui as the route answers it (the first steps)', async () => {
    const member = await signUp(t);
    const today = await member.get('/api/me/today');
    expect(today.statusCode).toBe(200);
    const reads = servedReads((await member.get('/aujourdhui')).body);
    expect(reads?.['/api/auth/get-session']).toMatchObject({ user: { id: member.userId } });
    expect(reads?.['/api/me/today']).toEqual(today.json());
  });

  it('sends a visitor the shell as it is, cacheable, without reads', async () => {
    const visitor = client(t, '10.9.0.1');
    const page = await visitor.get('/aujourdhui');
    expect(page.statusCode).toBe(200);
    expect(servedReads(page.body)).toBeNull();
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('writes only a null session for a cookie that is no longer valid, and no other read', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/aujourdhui',
      headers: { cookie: 'synergie.session_token=forged.value' },
      remoteAddress: '10.9.0.2',
    });
    expect(res.statusCode).toBe(200);
    expect(servedReads(res.body)).toEqual({ '/api/auth/get-session': null });
  });

  it('compresses the page it writes for the browser that accepts it, and never puts the reads in a public page', async () => {
    const member = await signUpSubscriber(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/aujourdhui',
      headers: { cookie: member.jar.header(), 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(servedReads(brotliDecompressSync(res.rawPayload).toString('utf8'))).not.toBeNull();
    const publicPage = await member.get('/pricing');
    expect(publicPage.body).not.toContain(SERVED_READS_ID);
  });

  it('escapes what a member wrote so that it cannot close the script element', async () => {
    const member = await signUpSubscriber(t, { name: 'Anne </script><script>alert(1)</script>' });
    const page = await member.get('/aujourdhui');
    const data = new RegExp(`id="${SERVED_READS_ID}">([\\s\\S]*?)</script>`).exec(page.body)?.[1] ?? '';
    expect(data).not.toContain('<');
    expect(JSON.stringify(servedReads(page.body))).toContain('Anne </script>');
  });
});
