import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { syncOutbox } from '../sw/sync-handlers';
import {
  clearOutbox,
  dismissWrite,
  flushOutbox,
  listWrites,
  QUEUED_LABEL,
  queueWrite,
  subscribeOutbox,
} from './outbox';

/**
 * The writes kept offline (lib/outbox.ts) on a real IndexedDB implementation (fake-indexeddb),
 * sent to a small server of the test's own that settles Idempotency-Key as the API does: each
 * key applied once, its answer replayed.
 */

interface Received {
  url: string;
  key: string | null;
  body: unknown;
}

/** A server that applies each key once and answers `answer(body)`; `down` throws like no network. */
function server(
  answer: (body: unknown) => { status: number; body: unknown } = () => ({ status: 201, body: { id: 'r1' } }),
) {
  const received: Received[] = [];
  const applied = new Map<string, { status: number; body: unknown }>();
  const state = { down: false, sessionUser: 'u1' as string | null };
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (state.down) throw new TypeError('Failed to fetch');
    const url = String(input);
    if (url === '/api/auth/get-session') {
      return Response.json(state.sessionUser ? { user: { id: state.sessionUser } } : null);
    }
    const key = new Headers(init?.headers).get('idempotency-key');
    const body = JSON.parse(String(init?.body));
    received.push({ url, key, body });
    const stored = key ? applied.get(key) : undefined;
    const result = stored ?? answer(body);
    if (key && !stored) applied.set(key, result);
    return Response.json(result.body, { status: result.status });
  }) as typeof fetch;
  return { fetcher, received, applied, state };
}

const write = (id: string, extra: Partial<Parameters<typeof queueWrite>[0]> = {}) =>
  queueWrite({
    id,
    userId: 'u1',
    kind: 'recommendation',
    method: 'POST',
    url: '/api/recommendations',
    body: { receiverId: 'u2', need: `Besoin ${id}` },
    label: 'Recommandation pour Paul Martin',
    ...extra,
  });

beforeEach(async () => {
  await clearOutbox();
});

describe('the outbox', () => {
  it('keeps a write pending on the device, oldest first, and says so in the issue’s words', async () => {
    await write('k2', { queuedAt: '2026-12-02T08:01:00.000Z' });
    await write('k1', { queuedAt: '2026-12-02T08:00:00.000Z' });
    const list = await listWrites('u1');
    expect(list.map((w) => [w.id, w.state])).toEqual([
      ['k1', 'pending'],
      ['k2', 'pending'],
    ]);
    expect(QUEUED_LABEL).toBe('En attente d\u2019envoi');
  });

  it('sends each write once with its Idempotency-Key, keeps the answer and drops the body', async () => {
    const { fetcher, received } = server();
    await write('k1');
    const result = await flushOutbox('u1', fetcher);
    expect(result).toEqual({ sent: 1, refused: 0, pending: 0 });
    expect(received).toEqual([
      { url: '/api/recommendations', key: 'k1', body: { receiverId: 'u2', need: 'Besoin k1' } },
    ]);
    const [sent] = await listWrites('u1');
    expect(sent).toMatchObject({ id: 'k1', state: 'sent', answer: { status: 201, body: { id: 'r1' } } });
    expect(sent?.body).toBeUndefined();
    // A second round sends nothing more.
    await flushOutbox('u1', fetcher);
    expect(received).toHaveLength(1);
  });

  it('without a network keeps everything pending, and sends when it is back', async () => {
    const net = server();
    net.state.down = true;
    await write('k1');
    await write('k2');
    expect(await flushOutbox('u1', net.fetcher)).toEqual({ sent: 0, refused: 0, pending: 2 });
    expect((await listWrites('u1')).every((w) => w.state === 'pending')).toBe(true);
    net.state.down = false;
    expect(await flushOutbox('u1', net.fetcher)).toEqual({ sent: 2, refused: 0, pending: 0 });
  });

  it('two senders at once (the page and the service worker): the server applies the write once', async () => {
    const net = server();
    await write('k1');
    await Promise.all([flushOutbox('u1', net.fetcher), flushOutbox('u1', net.fetcher), syncOutbox(net.fetcher)]);
    expect(net.applied.size).toBe(1);
    expect((await listWrites('u1'))[0]?.state).toBe('sent');
  });

  it('keeps the server’s refusal with its French reason; a 5xx, 429 or 401 stays pending', async () => {
    const reason = 'Ce membre n’a pas d’abonnement actif\u00a0: il ne peut pas recevoir de recommandation.';
    let status = 503;
    const net = server(() => ({ status, body: { error: { code: 'X', message: reason } } }));
    await write('k1');
    for (const waiting of [503, 429, 401]) {
      status = waiting;
      net.applied.clear();
      expect((await flushOutbox('u1', net.fetcher)).pending).toBe(1);
    }
    status = 409;
    net.applied.clear();
    expect((await flushOutbox('u1', net.fetcher)).refused).toBe(1);
    const [refused] = await listWrites('u1');
    expect(refused).toMatchObject({ state: 'refused', answer: { status: 409, message: reason } });
    await dismissWrite('k1');
    expect(await listWrites('u1')).toEqual([]);
  });

  it('never sends another member’s writes, and the service worker sends only the session’s member', async () => {
    const net = server();
    await write('theirs', { userId: 'u9' });
    await write('mine');
    await flushOutbox('u1', net.fetcher);
    expect(net.received.map((r) => r.key)).toEqual(['mine']);
    net.state.sessionUser = null;
    await syncOutbox(net.fetcher);
    expect(net.received).toHaveLength(1);
    net.state.sessionUser = 'u9';
    await syncOutbox(net.fetcher);
    expect(net.received.map((r) => r.key)).toEqual(['mine', 'theirs']);
  });

  it('the sync round fails while the network is away, so the browser tries it again', async () => {
    const net = server();
    await write('k1');
    const get = net.fetcher;
    let sessionChecked = false;
    const flaky = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/auth/get-session') {
        sessionChecked = true;
        return get(input, init);
      }
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(syncOutbox(flaky)).rejects.toThrow(/still waiting/);
    expect(sessionChecked).toBe(true);
    await syncOutbox(net.fetcher);
    expect((await listWrites('u1'))[0]?.state).toBe('sent');
  });

  it('tells its listeners of each change, and is wiped whole', async () => {
    let changes = 0;
    const stop = subscribeOutbox(() => {
      changes += 1;
    });
    await write('k1');
    await write('k2', { userId: 'u9' });
    await clearOutbox();
    stop();
    expect(changes).toBeGreaterThanOrEqual(3);
    expect(await listWrites()).toEqual([]);
  });
});
