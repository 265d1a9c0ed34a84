import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * The Redis client the per-IP rate limits are counted in when REDIS_URL is set, so every app
 * instance shares one count. Redis being away must not take the site down: commands fail at once
 * instead of queueing (`enableOfflineQueue: false`, a 1 s command timeout), the rate limiter then
 * lets the request through (`skipOnError`), and the outage is logged once when it starts and once
 * when Redis answers again. The client keeps reconnecting by itself.
 */
export async function connectRateLimitRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  // Loaded only when REDIS_URL is set (docs/performance.md, "Memory and start").
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 1000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.error(
      { err: error },
      'Redis is unreachable: per-IP rate limits are not enforced until it answers again (requests are not refused)',
    );
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.warn('Redis answers again: per-IP rate limits are enforced again');
  });
  // Start-up does not wait for a Redis that is away: the client keeps trying in the background.
  await redis.connect().catch(() => {});
  return redis;
}

/** The channels instances tell each other on that a cache of theirs must be emptied. */
export const CACHE_CHANNELS = {
  /** auth/session-cache.ts */
  session: 'synergie:session-cache:clear',
  /** lib/visitor-cache.ts */
  visitors: 'synergie:visitor-cache:clear',
} as const;

/** A cache each instance keeps, emptied on all of them when one empties its own. */
export interface SharedCache {
  clearLocal(): void;
  broadcast: (() => Promise<unknown>) | undefined;
}

/**
 * Every instance's caches (the session cache, auth/session-cache.ts; the visitors' lists,
 * lib/visitor-cache.ts) are emptied when one of them empties its own: `clear` publishes on the
 * cache's channel, which all instances listen to (a connection of their own, as Redis requires
 * for subscribers), each ignoring its own word. While Redis is away, the caches' time limits
 * (SESSION_CACHE_MS, VISITOR_CACHE_MS) bound what another instance may still answer.
 */
export async function shareCacheClears(
  caches: Record<(typeof CACHE_CHANNELS)[keyof typeof CACHE_CHANNELS], SharedCache>,
  redis: Redis,
  app: FastifyInstance,
) {
  const instance = randomUUID();
  const channels = Object.keys(caches) as (keyof typeof caches)[];
  const listener = redis.duplicate();
  listener.on('error', () => {}); // the rate-limit client already logs Redis outages
  listener.on('message', (channel: string, from: string) => {
    if (from !== instance) caches[channel as keyof typeof caches]?.clearLocal();
  });
  // On every (re)connection: a subscription made while Redis was away would be lost.
  listener.on('ready', () => void listener.subscribe(...channels).catch(() => {}));
  for (const channel of channels) caches[channel].broadcast = () => redis.publish(channel, instance);
  app.addHook('onClose', async () => void listener.disconnect());
  await listener.connect().catch(() => {});
  // Subscribed before the app answers (the `ready` handler's own call may still be on its way).
  if (listener.status === 'ready') await listener.subscribe(...channels).catch(() => {});
}
