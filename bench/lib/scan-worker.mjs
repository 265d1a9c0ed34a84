// The phones of bench/checkin.mjs: a worker thread that sends a burst of POST /api/checkin at
// once and times each answer, so that the client's own work (building, sending, reading 50
// requests) is not counted in the server's event loop it measures. Messages: { address, cookies,
// token } in, [{ ms, status, body }] out.
import { parentPort } from 'node:worker_threads';

parentPort.on('message', async ({ address, cookies, token }) => {
  const answers = await Promise.all(
    cookies.map(async (cookie) => {
      const started = performance.now();
      const res = await fetch(`${address}/api/checkin`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', origin: address },
        body: JSON.stringify({ token }),
      });
      const body = await res.text();
      return { ms: performance.now() - started, status: res.status, body };
    }),
  );
  parentPort.postMessage(answers);
});
