// The phones of bench/live-meeting.mjs: a worker thread that holds the live meeting's event
// streams open (fetch reading text/event-stream, as EventSource does) and notes when each
// `state` event arrives, so the client's own work stays out of the server's event loop.
// Messages in: { open: { url, cookies } } (one stream per cookie; answers 'ready' once each has
// its first event), { collect: version } (answers the arrival times of that version, one per
// stream, in the wall clock shared by both threads: performance.timeOrigin + performance.now()),
// { close: true }.
import { parentPort } from 'node:worker_threads';

const arrivals = new Map();
const controllers = [];
const now = () => performance.timeOrigin + performance.now();

async function open(url, cookie, onFirst) {
  const controller = new AbortController();
  controllers.push(controller);
  const res = await fetch(url, { headers: { cookie }, signal: controller.signal });
  if (res.status !== 200) throw new Error(`stream: ${res.status} ${await res.text()}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let first = true;
  for (;;) {
    const { value, done } = await reader.read().catch(() => ({ done: true }));
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      const data = block.split('\n').find((line) => line.startsWith('data: '));
      if (!data) continue;
      const at = now();
      // The version without parsing the whole state: it is the client's cost, not the server's.
      const version = Number(/"version":(\d+)/.exec(data)?.[1] ?? -1);
      if (!arrivals.has(version)) arrivals.set(version, []);
      arrivals.get(version).push(at);
      if (first) {
        first = false;
        onFirst();
      }
    }
  }
}

parentPort.on('message', (message) => {
  if (message.open) {
    const { url, cookies } = message.open;
    let waiting = cookies.length;
    for (const cookie of cookies) {
      open(url, cookie, () => {
        waiting -= 1;
        if (waiting === 0) parentPort.postMessage('ready');
      }).catch((error) => parentPort.postMessage({ error: String(error) }));
    }
  } else if (message.collect !== undefined) {
    parentPort.postMessage(arrivals.get(message.collect) ?? []);
  } else if (message.close) {
    for (const c of controllers) c.abort();
    controllers.length = 0;
    arrivals.clear();
    parentPort.postMessage('closed');
  }
});
