import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** One event of a text/event-stream, as EventSource hands it over. */
export interface SseEvent {
  id: string | null;
  event: string;
  data: string;
}

/**
 * A real HTTP client of an event stream (fetch, as a browser's EventSource reads it): the events
 * as they come, parsed by the text/event-stream rules (blank line ends an event, `:` comments).
 */
export async function openEventStream(
  app: FastifyInstance,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; next(timeoutMs?: number): Promise<SseEvent>; close(): void; headers: Headers }> {
  const address = app.server.address() as AddressInfo | null;
  if (!address) throw new Error('the app does not listen: call app.listen({ port: 0 }) first');
  const controller = new AbortController();
  const res = await fetch(`http://127.0.0.1:${address.port}${path}`, { headers, signal: controller.signal });
  const queue: SseEvent[] = [];
  const waiting: ((event: SseEvent) => void)[] = [];
  let buffer = '';
  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  const pump = async () => {
    if (!reader) return;
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
        const event: SseEvent = { id: null, event: 'message', data: '' };
        const data: string[] = [];
        let hasData = false;
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) continue;
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const text = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'id') event.id = text;
          else if (field === 'event') event.event = text;
          else if (field === 'data') {
            data.push(text);
            hasData = true;
          }
        }
        if (!hasData) continue;
        event.data = data.join('\n');
        const taker = waiting.shift();
        if (taker) taker(event);
        else queue.push(event);
      }
    }
  };
  void pump();
  return {
    status: res.status,
    headers: res.headers,
    next(timeoutMs = 5000) {
      const ready = queue.shift();
      if (ready) return Promise.resolve(ready);
      return new Promise<SseEvent>((resolve, reject) => {
        const taker = (event: SseEvent) => {
          clearTimeout(timer);
          resolve(event);
        };
        const timer = setTimeout(() => {
          // A later event goes to the next caller, not to this one that gave up.
          waiting.splice(waiting.indexOf(taker), 1);
          reject(new Error(`no event on ${path} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.push(taker);
      });
    },
    close() {
      controller.abort();
    },
  };
}

/** Starts the app on a free local port (once). */
export async function listen(app: FastifyInstance): Promise<void> {
  if (app.server.listening) return;
  await app.listen({ port: 0, host: '127.0.0.1' });
}
