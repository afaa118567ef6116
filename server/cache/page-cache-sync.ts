import { type EventBus, TOPICS } from '../realtime/bus';
import type { PageCache } from './page-cache';

/**
 * The page cache of one process, with its invalidations broadcast to every process (ADR 010):
 * a writer drops the pages here at once and publishes the tags; the other processes drop
 * theirs when the message arrives. A message lost in a Redis outage leaves a page stale for at
 * most PAGE_CACHE_TTL_MS, the bound the time to live already gives changes made behind the app.
 */
export function shareInvalidations(cache: PageCache, bus: EventBus): PageCache {
  void bus.subscribe(TOPICS.pageCache, (message, { own }) => {
    if (own) return;
    const tags = (message as { tags?: unknown } | null)?.tags;
    if (Array.isArray(tags)) cache.invalidate(tags.filter((t): t is string => typeof t === 'string'));
  });
  return {
    ...cache,
    invalidate(tags: readonly string[]) {
      cache.invalidate(tags);
      if (tags.length > 0) void bus.publish(TOPICS.pageCache, { tags });
    },
  };
}
