import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { SessionCache } from '../auth/session-cache';

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

const SESSION_CACHE_CHANNEL = 'synergie:session-cache:clear';

/**
 * Every instance's session cache (auth/session-cache.ts) is emptied when one of them ends a
 * session: `clear` publishes on a channel all instances listen to (a connection of its own, as
 * Redis requires for subscribers), each ignoring its own word. While Redis is away, the caches'
 * time limit (SESSION_CACHE_MS) is what bounds a revoked session's life elsewhere.
 */
export async function shareSessionCacheClears(cache: SessionCache, redis: Redis, app: FastifyInstance) {
  const instance = randomUUID();
  const listener = redis.duplicate();
  listener.on('error', () => {}); // the rate-limit client already logs Redis outages
  listener.on('message', (_channel: string, from: string) => {
    if (from !== instance) cache.clearLocal();
  });
  // On every (re)connection: a subscription made while Redis was away would be lost.
  listener.on('ready', () => void listener.subscribe(SESSION_CACHE_CHANNEL).catch(() => {}));
  cache.broadcast = () => redis.publish(SESSION_CACHE_CHANNEL, instance);
  app.addHook('onClose', async () => void listener.disconnect());
  await listener.connect().catch(() => {});
  // Subscribed before the app answers (the `ready` handler's own call may still be on its way).
  if (listener.status === 'ready') await listener.subscribe(SESSION_CACHE_CHANNEL).catch(() => {});
}
