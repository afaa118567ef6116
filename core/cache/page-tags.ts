/**
 * Tags of the data a cached page shows (ADR 003). Pages list them; a write that changes a
 * doctor, a clinic or the make-up of a town's lists invalidates the same tags.
 */
export const pageTags = {
  doctor: (id: number) => `doctor:${id}`,
  clinic: (id: number) => `clinic:${id}`,
  /** Lists of a town whose order or totals change with ratings, counts or new entries. */
  townLists: (townId: number) => `lists:${townId}`,
  /** Specialities, services and other catalogues shared by every town. */
  catalogue: 'catalogue',
  /** The promo banners' content (the annual award's phases and texts). */
  promo: 'promo',
} as const;

/** Header by which a route hands its tags to the page cache; the server strips it. */
export const CACHE_TAGS_HEADER = 'x-cache-tags';

export function cacheTagsHeader(tags: Iterable<string>): Record<string, string> {
  return { [CACHE_TAGS_HEADER]: [...new Set(tags)].join(' ') };
}
