import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/app';

/** REDIS_URL names a Redis that does not answer: the API keeps serving (see docs/settings.md). */
describe('REDIS_URL set but Redis unreachable', async () => {
  // A port nothing listens on: taken, then released.
  const port = await new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
  const t = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${port}`, CONTACT_RATE_LIMIT: '1' } });

  it('does not refuse requests for that reason (the limits are not enforced meanwhile)', async () => {
    const message = { name: 'Claire Martin', email: 'claire@exemple.fr', message: 'Bonjour, Redis est absent.' };
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: message,
        remoteAddress: '10.9.9.9',
      });
      expect(res.statusCode).toBe(201);
    }
  });
});
