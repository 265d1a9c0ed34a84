import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The Redis client the per-IP rate limits are counted in when REDIS_URL is set, so every app
 * instance shares one count. Redis being away must not take the site down: commands fail at once
 * instead of queueing (`enableOfflineQueue: false`, a 1 s command timeout), the rate limiter then
 * lets the request through (`skipOnError`), and the outage is logged once when it starts and once
 * when Redis answers again. The client keeps reconnecting by itself.
 */
export async function connectRateLimitRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
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
