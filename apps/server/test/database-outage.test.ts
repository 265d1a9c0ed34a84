import net from 'node:net';
import { apiErrors } from '@synergie/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/client';
import { createTestApp } from './helpers/app';
import { signUp } from './helpers/auth';

/**
 * The database away (a PostgreSQL that refuses connections): every route answers 503 with the
 * French "try again" message, never 500, our routes and Better Auth's alike. The drill with a real
 * PostgreSQL restart under load is `npm run bench:faults -- postgres-restart` (docs/reliability.md).
 */
const port = await new Promise<number>((resolve) => {
  const server = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address() as net.AddressInfo;
    server.close(() => resolve(port));
  });
});
const away = await openPostgres(`postgres://postgres@127.0.0.1:${port}/absent`, 2);
afterAll(() => away.close());

// A member signed in while the database was there; the same secret signs cookies on both apps.
const t = await createTestApp();
const member = await signUp(t);
const down = await createTestApp({ database: away });

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  down.app.inject({
    method,
    url,
    headers: { origin: down.env.SITE_URL, cookie: member.jar.header() },
    ...(payload ? { payload } : {}),
  });

describe('database unavailable', () => {
  it.each([
    ['GET', '/api/events'],
    ['GET', '/api/jobs'],
    ['GET', '/api/me'],
    ['GET', '/api/auth/get-session'],
    [
      'POST',
      '/api/contact',
      { name: 'Claire Martin', email: 'claire@exemple.fr', message: 'Bonjour, la base est absente.' },
    ],
    ['POST', '/api/auth/sign-in/email', { email: 'absent@exemple.fr', password: 'Motdepasse1' }],
  ] as const)('%s %s answers 503 "try again", not 500', async (method, url, payload?: object) => {
    const res = await call(method, url, payload);
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toEqual({ code: 'UNAVAILABLE', message: apiErrors.UNAVAILABLE.message });
    expect(res.headers['retry-after']).toBe('5');
  });

  it('reports itself degraded on /api/health, and the same session works where the database is', async () => {
    const health = await down.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'degraded', database: 'unavailable' });
    expect((await member.get('/api/me')).statusCode).toBe(200);
  });
});
