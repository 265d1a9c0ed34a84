// The clients of bench/national-scale.mjs: a worker thread (so that sending and reading the requests
// is not counted in the event loop of the server it measures, which runs in the main thread) where
// `connections` clients each send GET requests one after the other, each on its own kept-alive
// connection, taking the (url, cookie) pairs in turn, for `seconds`. Message in: { targets:
// [{ url, cookie }], connections, seconds }; out: { ms: Float64Array of every answer's time,
// statuses: { code: count }, errors }.
import http from 'node:http';
import { parentPort } from 'node:worker_threads';

parentPort.on('message', async ({ targets, connections, seconds }) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const times = [];
  const statuses = {};
  let errors = 0;
  let next = 0;
  const until = performance.now() + seconds * 1000;
  const once = (target) =>
    new Promise((resolve) => {
      const started = performance.now();
      const req = http.get(target.url, { agent, headers: { cookie: target.cookie } }, (res) => {
        res.on('data', () => {});
        res.on('end', () => {
          times.push(performance.now() - started);
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          resolve();
        });
      });
      req.on('error', () => {
        errors += 1;
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) await once(targets[next++ % targets.length]);
    }),
  );
  agent.destroy();
  parentPort.postMessage({ ms: Float64Array.from(times), statuses, errors });
});
