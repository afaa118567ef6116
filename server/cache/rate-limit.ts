import type { Redis } from 'ioredis';
import type { Clock } from '../clock';

/** A fixed-window counter: how many hits a key had in the current window, and when it resets. */
export interface WindowCount {
  count: number;
  /** Milliseconds until the window ends. */
  resetMs: number;
}

/**
 * Counters behind the sign-in limits (per phone, per IP, per country prefix). In memory for one
 * process; Redis when REDIS_URL is set, so every app process sees the same counts (DESIGN §7).
 */
export interface RateLimitStore {
  /** Adds `by` (default 1) to the key's counter in its window and returns the new count. */
  hit(key: string, windowMs: number, by?: number): Promise<WindowCount>;
  /** The current count without adding to it. */
  peek(key: string): Promise<WindowCount>;
  close(): Promise<void>;
}

export function createMemoryRateLimitStore(clock: Clock, maxKeys = 200_000): RateLimitStore {
  const windows = new Map<string, { count: number; endsAt: number }>();

  function live(key: string, now: number) {
    const entry = windows.get(key);
    if (entry && entry.endsAt > now) return entry;
    if (entry) windows.delete(key);
    return null;
  }

  function sweep(now: number) {
    if (windows.size < maxKeys) return;
    for (const [key, entry] of windows) if (entry.endsAt <= now) windows.delete(key);
    // Still full of live keys: drop the oldest inserted rather than grow without bound.
    for (const key of windows.keys()) {
      if (windows.size < maxKeys) break;
      windows.delete(key);
    }
  }

  return {
    async hit(key, windowMs, by = 1) {
      const now = clock.now().getTime();
      let entry = live(key, now);
      if (!entry) {
        sweep(now);
        entry = { count: 0, endsAt: now + windowMs };
        windows.set(key, entry);
      }
      entry.count += by;
      return { count: entry.count, resetMs: entry.endsAt - now };
    },
    async peek(key) {
      const now = clock.now().getTime();
      const entry = live(key, now);
      return entry ? { count: entry.count, resetMs: entry.endsAt - now } : { count: 0, resetMs: 0 };
    },
    async close() {
      windows.clear();
    },
  };
}

// INCRBY, then set the expiry only when the key is new: one round trip, atomic.
const HIT_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

export function createRedisRateLimitStore(redis: Redis, prefix = 'rl:'): RateLimitStore {
  return {
    async hit(key, windowMs, by = 1) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, windowMs, by)) as [number, number];
      return { count, resetMs: ttl };
    },
    async peek(key) {
      const replies = await redis
        .multi()
        .get(prefix + key)
        .pttl(prefix + key)
        .exec();
      const value = replies?.[0]?.[1] as string | null;
      const ttl = Number(replies?.[1]?.[1] ?? 0);
      return { count: value ? Number(value) : 0, resetMs: Math.max(ttl, 0) };
    },
    async close() {
      await redis.quit();
    },
  };
}
