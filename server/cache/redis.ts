import { Redis } from 'ioredis';

export interface RedisLog {
  warn(message: string): void;
  info(message: string): void;
}

/** How long a command or a connection attempt may take before it fails. */
export const REDIS_TIMEOUTS = { connectMs: 1000, commandMs: 500 } as const;

/**
 * The Redis client of the rate limits. It fails fast rather than waiting for Redis: no offline
 * queue (a command while disconnected fails at once), short connect and command timeouts, no
 * retry of a failed command; callers answer 503 (server/cache/rate-limit.ts). It keeps
 * reconnecting in the background, at most every 2 s. Connection errors are handled here and
 * logged once per outage, and the recovery once, instead of an unhandled 'error' per retry.
 */
export function createRedisClient(url: string, log: RedisLog): Redis {
  const redis = new Redis(url, {
    connectTimeout: REDIS_TIMEOUTS.connectMs,
    commandTimeout: REDIS_TIMEOUTS.commandMs,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn(`Redis unavailable (${error.message}); sign-in answers 503 until it is back`);
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('Redis available again');
  });
  return redis;
}
