import type { Clock } from '../clock';
import { encodePage, type PageEncoding } from './page-encodings';

export interface CachedPage {
  status: number;
  /**
   * The headers every hit is sent with, as name, value, name, value… (the form Node's
   * `writeHead` takes): the same for every visitor, so no cookie, and no Content-Length or
   * Content-Encoding, which depend on the encoding sent.
   */
  headers: readonly string[];
  /** The document as rendered, with no script nonce in it (server/security/headers.ts). */
  body: Buffer;
}

/** A page served from the cache, in any of its stored encodings. */
export interface StoredPage extends CachedPage {
  /**
   * The body in this encoding: compressed once per entry, on its first request, then kept.
   * A copy already made comes back as it is; the first request for it waits for a promise.
   */
  bytes(encoding: PageEncoding): Buffer | Promise<Buffer>;
}

interface Entry {
  /** The page with its `bytes`: one object per entry, handed to every hit. */
  stored: StoredPage;
  tags: string[];
  expires: number;
  /** Copies being made or made (their promises), and those made (at hand without a promise). */
  encoded: Map<PageEncoding, Promise<Buffer>>;
  ready: Map<PageEncoding, Buffer>;
  /** What the entry holds in memory: the body and the encoded copies made so far. */
  size: number;
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
  const pages = new Map<string, Entry>();
  const byTag = new Map<string, Set<string>>();
  let bytes = 0;
  const stats = { hits: 0, misses: 0, invalidated: 0 };

  function remove(key: string) {
    const entry = pages.get(key);
    if (!entry) return;
    pages.delete(key);
    bytes -= entry.size;
    for (const tag of entry.tags) {
      const keys = byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) byTag.delete(tag);
    }
  }

  function evictOverflow() {
    for (const oldest of pages.keys()) {
      if (bytes <= maxBytes) break;
      remove(oldest);
    }
  }

  function bytesOf(key: string, entry: Entry, encoding: PageEncoding): Buffer | Promise<Buffer> {
    if (encoding === 'identity') return entry.stored.body;
    const ready = entry.ready.get(encoding);
    if (ready) return ready;
    let made = entry.encoded.get(encoding);
    if (!made) {
      made = encodePage(entry.stored.body, encoding);
      entry.encoded.set(encoding, made);
      made.then(
        (encoded) => {
          entry.ready.set(encoding, encoded);
          // Counted only while this very entry is still cached (not replaced or dropped meanwhile).
          if (pages.get(key) !== entry) return;
          entry.size += encoded.length;
          bytes += encoded.length;
          evictOverflow();
        },
        () => entry.encoded.delete(encoding),
      );
    }
    return made;
  }

  return {
    get(key: string): StoredPage | null {
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
      return entry.stored;
    },

    set(key: string, page: CachedPage, tags: string[]) {
      if (page.body.length > maxBytes) return;
      remove(key);
      const size = page.body.length;
      const entry: Entry = {
        stored: { ...page, bytes: (encoding) => bytesOf(key, entry, encoding) },
        tags,
        expires: clock.now().getTime() + ttlMs,
        encoded: new Map(),
        ready: new Map(),
        size,
      };
      pages.set(key, entry);
      bytes += size;
      for (const tag of tags) {
        const keys = byTag.get(tag) ?? new Set<string>();
        keys.add(key);
        byTag.set(tag, keys);
      }
      evictOverflow();
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
