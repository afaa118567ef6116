import type { Redis } from 'ioredis';
import type { Clock } from '../clock';
import { isDomainError, serviceUnavailable } from '../http/errors';

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
  /** Whether the store answers (readiness); throws when it does not. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The count a full memory store answers for a key it cannot track: above every limit, so the
 * caller refuses the request as limited.
 */
export const UNTRACKED_COUNT = Number.MAX_SAFE_INTEGER;

/**
 * Counters in this process's memory, at most `maxKeys` of them. Keys leave only when their
 * window ends (an expiry-ordered heap finds them), never while they still count: evicting a
 * live key would let anyone who can mint keys (spoofed addresses, fresh phones) wipe a lock.
 * When every tracked key is live, a hit on a new key is not tracked and answers
 * `UNTRACKED_COUNT`, so the request is refused as limited; the requesters already counted keep
 * their counts, and new keys are taken again as soon as old windows end.
 */
export function createMemoryRateLimitStore(clock: Clock, maxKeys = 200_000): RateLimitStore {
  const windows = new Map<string, { count: number; endsAt: number }>();
  // A binary min-heap of window ends; an entry whose key has since started a new window is stale.
  const heap: { endsAt: number; key: string }[] = [];

  function push(item: { endsAt: number; key: string }) {
    heap.push(item);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent].endsAt <= heap[i].endsAt) break;
      [heap[parent], heap[i]] = [heap[i], heap[parent]];
      i = parent;
    }
  }

  function pop() {
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0 && last) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let least = i;
        if (left < heap.length && heap[left].endsAt < heap[least].endsAt) least = left;
        if (right < heap.length && heap[right].endsAt < heap[least].endsAt) least = right;
        if (least === i) break;
        [heap[least], heap[i]] = [heap[i], heap[least]];
        i = least;
      }
    }
    return top;
  }

  /** Drops every window that has ended. */
  function expire(now: number) {
    while (heap.length > 0 && heap[0].endsAt <= now) {
      const { key, endsAt } = pop();
      if (windows.get(key)?.endsAt === endsAt) windows.delete(key);
    }
  }

  function live(key: string, now: number) {
    const entry = windows.get(key);
    return entry && entry.endsAt > now ? entry : null;
  }

  return {
    async hit(key, windowMs, by = 1) {
      const now = clock.now().getTime();
      expire(now);
      let entry = live(key, now);
      if (!entry) {
        if (windows.size >= maxKeys) return { count: UNTRACKED_COUNT, resetMs: windowMs };
        entry = { count: 0, endsAt: now + windowMs };
        windows.set(key, entry);
        push({ endsAt: entry.endsAt, key });
      }
      entry.count += by;
      return { count: entry.count, resetMs: entry.endsAt - now };
    },
    async peek(key) {
      const now = clock.now().getTime();
      const entry = live(key, now);
      return entry ? { count: entry.count, resetMs: entry.endsAt - now } : { count: 0, resetMs: 0 };
    },
    async ping() {},
    async close() {
      windows.clear();
      heap.length = 0;
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

/**
 * Counters in Redis. A Redis that does not answer (server/cache/redis.ts makes the client fail
 * fast instead of queueing) refuses the call with 503: without its counters sign-in cannot be
 * limited, so it stops rather than answering unlimited.
 */
export function createRedisRateLimitStore(redis: Redis, prefix = 'rl:'): RateLimitStore {
  async function answered<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch {
      throw serviceUnavailable();
    }
  }

  return {
    hit: (key, windowMs, by = 1) =>
      answered(async () => {
        const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, windowMs, by)) as [
          number,
          number,
        ];
        return { count, resetMs: ttl };
      }),
    peek: (key) =>
      answered(async () => {
        const replies = await redis
          .multi()
          .get(prefix + key)
          .pttl(prefix + key)
          .exec();
        const value = replies?.[0]?.[1] as string | null;
        const ttl = Number(replies?.[1]?.[1] ?? 0);
        return { count: value ? Number(value) : 0, resetMs: Math.max(ttl, 0) };
      }),
    async ping() {
      await redis.ping();
    },
    async close() {
      await redis.quit();
    },
  };
}

/**
 * Shared counters that fall back to this process's own while the shared store does not answer
 * (Redis down: its calls fail at once with 503, server/cache/redis.ts), for limits that guard a
 * cost rather than a secret: the map's provider calls per address, the MIS API's calls per key.
 * During an outage each process counts on its own, so a client may get up to the limit once per
 * process; the calls keep working. Sign-in does not use this: it stops instead (its limits are
 * what keeps codes from being guessed).
 */
export function withLocalFallback(shared: RateLimitStore, local: RateLimitStore): RateLimitStore {
  const unavailable = (err: unknown) => isDomainError(err) && err.status === 503;
  return {
    hit: (key, windowMs, by) =>
      shared.hit(key, windowMs, by).catch((err: unknown) => {
        if (unavailable(err)) return local.hit(key, windowMs, by);
        throw err;
      }),
    peek: (key) =>
      shared.peek(key).catch((err: unknown) => {
        if (unavailable(err)) return local.peek(key);
        throw err;
      }),
    ping: () => shared.ping(),
    async close() {
      await local.close();
    },
  };
}
