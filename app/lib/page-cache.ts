import { data } from 'react-router';
import { CACHE_TAGS_HEADER, cacheTagsHeader } from '../../core/cache/page-tags';

/**
 * Loader answer that lets anonymous visitors' copies of the page be cached, listing the data
 * the page shows (ADR 003). The server drops those copies when a write invalidates a tag.
 */
export function cacheable<T>(value: T, tags: Iterable<string>) {
  return data(value, { headers: cacheTagsHeader(tags) });
}

/** A route's `headers` export: hands its loader's cache tags to the server. */
export function cacheTagHeaders({ loaderHeaders }: { loaderHeaders: Headers }): Headers {
  const headers = new Headers();
  const tags = loaderHeaders.get(CACHE_TAGS_HEADER);
  if (tags) headers.set(CACHE_TAGS_HEADER, tags);
  return headers;
}
