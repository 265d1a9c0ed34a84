// A free TCP port on 127.0.0.1. Plain JavaScript with no TypeScript imports, so that
// bench/lighthouse.mjs (run with plain `node`, no tsx) can share it; bench/lib/harness.mjs
// re-exports it for the other benches.
import net from 'node:net';

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
