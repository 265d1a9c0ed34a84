import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { hasSessionCookie, servedReads } from './member-page';

/** A stand-in app with the three reads of /aujourdhui, each answering as `answers` says. */
async function appWith(answers: Record<string, { status: number; type?: string; body: string; delayMs?: number }>) {
  const app = Fastify();
  const seen: { url: string; cookie?: string; ip: string }[] = [];
  for (const [url, answer] of Object.entries(answers)) {
    app.get(url, async (request, reply) => {
      seen.push({ url, cookie: request.headers.cookie, ip: request.ip });
      if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      if (url === '/api/auth/get-session') reply.header('set-cookie', 'synergie.session_data=refreshed; Path=/');
      return reply
        .status(answer.status)
        .type(answer.type ?? 'application/json')
        .send(answer.body);
    });
  }
  app.get('/aujourdhui', async (request, reply) => reply.send(await servedReads(app, request, '/aujourdhui')));
  await app.ready();
  return { app, seen };
}

const page = (app: Awaited<ReturnType<typeof appWith>>['app']) =>
  app.inject({
    method: 'GET',
    url: '/aujourdhui',
    headers: { cookie: 'synergie.session_token=abc' },
    remoteAddress: '10.3.0.7',
  });

describe('servedReads', () => {
  it('keeps only the answers of status 200 in JSON, with the cookie and address of the page’s request', async () => {
    const { app, seen } = await appWith({
      '/api/auth/get-session': { status: 200, body: '{"user":{"id":"u1"}}' },
      '/api/me': { status: 403, body: '{"error":{"code":"FORBIDDEN","message":"Accès refusé"}}' },
      '/api/me/today': { status: 200, type: 'text/plain', body: 'pas du JSON' },
    });
    const result = (await page(app)).json();
    expect(JSON.parse(result.json)).toEqual({ '/api/auth/get-session': { user: { id: 'u1' } } });
    expect(result.setCookies).toEqual(['synergie.session_data=refreshed; Path=/']);
    expect(seen.map((s) => s.url).sort()).toEqual(['/api/auth/get-session', '/api/me', '/api/me/today']);
    expect(seen.every((s) => s.cookie === 'synergie.session_token=abc' && s.ip === '10.3.0.7')).toBe(true);
  });

  it('reads nothing more once the session is null', async () => {
    const { app, seen } = await appWith({
      '/api/auth/get-session': { status: 200, body: 'null' },
      '/api/me': { status: 200, body: '{}' },
      '/api/me/today': { status: 200, body: '{}' },
    });
    expect(JSON.parse((await page(app)).json().json)).toEqual({ '/api/auth/get-session': null });
    expect(seen.map((s) => s.url)).toEqual(['/api/auth/get-session']);
  });

  it('sends the page without reads when they take longer than 2 s', async () => {
    const { app } = await appWith({
      '/api/auth/get-session': { status: 200, body: '{"user":{"id":"u1"}}' },
      '/api/me': { status: 200, body: '{}', delayMs: 2_500 },
      '/api/me/today': { status: 200, body: '{}' },
    });
    const started = Date.now();
    expect((await page(app)).json()).toEqual({ json: '', setCookies: [] });
    expect(Date.now() - started).toBeLessThan(2_400);
  });
});

describe('hasSessionCookie', () => {
  it('knows Better Auth’s session cookie, secure or not, and nothing else', () => {
    const req = (cookie?: string) => ({ headers: { cookie } }) as Parameters<typeof hasSessionCookie>[0];
    expect(hasSessionCookie(req('synergie.session_token=a'))).toBe(true);
    expect(hasSessionCookie(req('x=1; __Secure-synergie.session_token=a'))).toBe(true);
    expect(hasSessionCookie(req('other.synergie.session_token=a'))).toBe(false);
    expect(hasSessionCookie(req('synergie.session_data=a'))).toBe(false);
    expect(hasSessionCookie(req())).toBe(false);
  });
});
