import type { Clock } from '../clock';

/**
 * A small per-process cache of computed values with a time to live. Concurrent misses for
 * one key share a single computation; a failed computation is not cached.
 */
export function createTtlCache<T>(clock: Clock, ttlMs: number, maxEntries = 10_000) {
  const entries = new Map<string, { value: Promise<T>; expires: number }>();
  return {
    get(key: string, compute: () => Promise<T>): Promise<T> {
      const now = clock.now().getTime();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value;
      if (entries.size >= maxEntries) entries.clear();
      const value = compute();
      entries.set(key, { value, expires: now + ttlMs });
      value.catch(() => entries.delete(key));
      return value;
    },
    clear: () => entries.clear(),
  };
}
