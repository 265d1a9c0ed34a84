import { clear as clearStore, createStore, del, entries, get, set, type UseStore } from 'idb-keyval';

/**
 * The writes kept on the device while there is no network (issue 28, offline): a check-in or a
 * recommendation made offline is put here (IndexedDB, through idb-keyval) with the
 * `Idempotency-Key` it will be sent with (a UUID made when it is queued), then sent when the
 * network is back: by the service worker on Background Sync (sw/sync-handlers.ts), or by the
 * page on `online` and at its next start. Sent twice (the page and the worker, two tabs), the
 * server applies it once and answers the copies the same (apps/server/src/plugins/idempotency.ts).
 *
 * Runs in a page and in the service worker: no DOM, no React, relative imports only.
 */

/** The Background Sync tag the page registers and sw/sync-handlers.ts answers. */
export const OUTBOX_SYNC_TAG = 'synergie-outbox';
/** Tells the other contexts (tabs, the service worker) that the outbox changed. */
const CHANNEL = 'synergie-outbox';
const LOCK = 'synergie-outbox';
/** What the member sees on a queued item (issue 28, word for word with the typographic ’). */
export const QUEUED_LABEL = 'En attente d’envoi';

export type QueuedKind = 'checkin' | 'recommendation';

export interface QueuedAnswer {
  status: number;
  /** The answer's JSON (a success's body; for a refusal, the API's error body). */
  body: unknown;
  /** For a refusal: the server's French reason. */
  message?: string;
}

export interface QueuedWrite {
  /** The Idempotency-Key, made when the write was queued. */
  id: string;
  /** The member who made it: sent only on their session, wiped when another signs in. */
  userId: string;
  kind: QueuedKind;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Its address under /api, built from the endpoint's declaration (endpointPath). */
  url: string;
  /** Dropped once answered: nothing personal is kept longer than needed. */
  body?: unknown;
  /** What the member reads about it ('Recommandation pour Paul Martin'). */
  label: string;
  queuedAt: string;
  state: 'pending' | 'sent' | 'refused';
  answer?: QueuedAnswer;
  sentAt?: string;
}

let store: UseStore | undefined;
/** One IndexedDB database of its own: idb-keyval holds one store per database. */
function outboxStore(): UseStore {
  store ??= createStore('synergie-outbox', 'writes');
  return store;
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** Called on every change of the outbox, in this context or another (tab, service worker). */
export function subscribeOutbox(listener: Listener): () => void {
  listeners.add(listener);
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  if (channel) channel.onmessage = () => listener();
  return () => {
    listeners.delete(listener);
    channel?.close();
  };
}

function changed() {
  for (const listener of listeners) listener();
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ type: 'outbox-changed' });
  channel.close();
}

/** Keeps a write on the device until it is sent. */
export async function queueWrite(
  write: Omit<QueuedWrite, 'queuedAt' | 'state' | 'answer' | 'sentAt'> & { queuedAt?: string },
): Promise<QueuedWrite> {
  const queued: QueuedWrite = { ...write, queuedAt: write.queuedAt ?? new Date().toISOString(), state: 'pending' };
  await set(queued.id, queued, outboxStore());
  changed();
  return queued;
}

/** The writes of one member, oldest first (all of them without a member). */
export async function listWrites(userId?: string): Promise<QueuedWrite[]> {
  const all = (await entries<string, QueuedWrite>(outboxStore())).map(([, write]) => write);
  return all
    .filter((write) => userId === undefined || write.userId === userId)
    .sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
}

export async function getWrite(id: string): Promise<QueuedWrite | undefined> {
  return get<QueuedWrite>(id, outboxStore());
}

/** The member has read the answer: the item leaves the device. */
export async function dismissWrite(id: string): Promise<void> {
  await del(id, outboxStore());
  changed();
}

/** Sign-out, or another member signing in: nothing of theirs stays. */
export async function clearOutbox(): Promise<void> {
  await clearStore(outboxStore());
  changed();
}

export interface FlushResult {
  sent: number;
  refused: number;
  /** Still waiting: no network, the server away (5xx, 429) or no session. */
  pending: number;
}

/**
 * Sends the member's pending writes, oldest first, each with its Idempotency-Key. A network
 * failure stops the round (the next `online`, sync or start tries again); a 5xx, a 429 or a 401
 * (signed out: the same member signs in again) leaves the write pending; any other 4xx is the
 * server's refusal, kept with its French reason for the member to read. Writes of another
 * member are never sent. Web Locks (in pages and workers alike) keep two contexts of this
 * browser from sending at once; without them a copy may leave twice, which the key makes harmless.
 */
export async function flushOutbox(userId: string, fetcher: typeof fetch = fetch): Promise<FlushResult> {
  const run = () => sendPending(userId, fetcher);
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (locks?.request) return locks.request(LOCK, run);
  return run();
}

async function sendPending(userId: string, fetcher: typeof fetch): Promise<FlushResult> {
  const result: FlushResult = { sent: 0, refused: 0, pending: 0 };
  const pending = (await listWrites(userId)).filter((write) => write.state === 'pending');
  for (const [index, write] of pending.entries()) {
    let response: Response;
    try {
      response = await fetcher(write.url, {
        method: write.method,
        credentials: 'same-origin',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          'idempotency-key': write.id,
        },
        body: JSON.stringify(write.body ?? {}),
      });
    } catch {
      result.pending += pending.length - index;
      break;
    }
    const body = await readJson(response);
    if (response.ok || (response.status >= 400 && response.status < 500 && !KEEP_PENDING.has(response.status))) {
      const current = await getWrite(write.id);
      // Dismissed or wiped (sign-out) while it was on its way: nothing to record.
      if (!current) continue;
      const refused = !response.ok;
      const answer: QueuedAnswer = { status: response.status, body };
      if (refused) answer.message = errorMessage(body) ?? REFUSED_FALLBACK;
      await set(
        write.id,
        {
          ...current,
          body: undefined,
          state: refused ? 'refused' : 'sent',
          answer,
          sentAt: new Date().toISOString(),
        } satisfies QueuedWrite,
        outboxStore(),
      );
      changed();
      if (refused) result.refused += 1;
      else result.sent += 1;
    } else {
      result.pending += 1;
    }
  }
  return result;
}

/** Statuses after which the same write will be tried again: signed out, timed out, limited. */
const KEEP_PENDING = new Set([401, 408, 429]);
const REFUSED_FALLBACK = 'La demande a été refusée par le serveur.';

async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function errorMessage(body: unknown): string | undefined {
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof message === 'string' ? message : undefined;
}
