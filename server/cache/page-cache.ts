import type { Clock } from '../clock';

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

export interface PageCacheOptions {
  clock: Clock;
  /** How long a page may be served from memory when nothing invalidated it. */
  ttlMs: number;
  /** Memory bound: least recently used pages go first. */
  maxBytes: number;
}

export type PageCache = ReturnType<typeof createPageCache>;

export { CACHE_TAGS_HEADER } from '../../core/cache/page-tags';

/**
 * Rendered pages for anonymous visitors, kept for a short time (ADR 003). Each page is stored
 * with the tags of the data it shows; a write that changes a doctor, a clinic or a town's
 * lists invalidates those tags and every page showing them is rendered afresh on its next view.
 * The time to live only bounds changes made behind the application's back (seeds, SQL).
 */
export function createPageCache({ clock, ttlMs, maxBytes }: PageCacheOptions) {
  const pages = new Map<string, { page: CachedPage; tags: string[]; expires: number }>();
  const byTag = new Map<string, Set<string>>();
  let bytes = 0;
  const stats = { hits: 0, misses: 0, invalidated: 0 };

  function remove(key: string) {
    const entry = pages.get(key);
    if (!entry) return;
    pages.delete(key);
    bytes -= entry.page.body.length;
    for (const tag of entry.tags) {
      const keys = byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) byTag.delete(tag);
    }
  }

  return {
    get(key: string): CachedPage | null {
      const entry = pages.get(key);
      if (!entry || entry.expires <= clock.now().getTime()) {
        if (entry) remove(key);
        stats.misses++;
        return null;
      }
      // Map order is the LRU order: a hit moves the page to the end.
      pages.delete(key);
      pages.set(key, entry);
      stats.hits++;
      return entry.page;
    },

    set(key: string, page: CachedPage, tags: string[]) {
      if (page.body.length > maxBytes) return;
      remove(key);
      pages.set(key, { page, tags, expires: clock.now().getTime() + ttlMs });
      bytes += page.body.length;
      for (const tag of tags) {
        const keys = byTag.get(tag) ?? new Set<string>();
        keys.add(key);
        byTag.set(tag, keys);
      }
      for (const oldest of pages.keys()) {
        if (bytes <= maxBytes) break;
        remove(oldest);
      }
    },

    /** Drops every page that shows any of these tags. */
    invalidate(tags: readonly string[]) {
      for (const tag of tags) {
        for (const key of [...(byTag.get(tag) ?? [])]) {
          remove(key);
          stats.invalidated++;
        }
      }
    },

    clear() {
      pages.clear();
      byTag.clear();
      bytes = 0;
    },

    stats: () => ({ ...stats, pages: pages.size, bytes }),
  };
}

/** Tags of a page, from the header its route set. */
export function parseCacheTags(header: string | null): string[] | null {
  if (!header) return null;
  const tags = header.split(/\s+/).filter(Boolean);
  return tags.length ? tags : null;
}
