import type { MetaDescriptor } from 'react-router';
import type { Kept } from './kept';

export type LdObject = Record<string, unknown>;

/** Title, description, canonical URL and JSON-LD: every page has all four. */
export function pageMeta(p: {
  title: string;
  description: string;
  canonical: string;
  /** One JSON-LD object or several (a page's entity plus its BreadcrumbList). */
  jsonLd?: Record<string, unknown> | Record<string, unknown>[];
  /** A private or per-visitor page (forms, cabinets, moderation): kept out of search engines. */
  noindex?: boolean;
}): MetaDescriptor[] {
  const meta: MetaDescriptor[] = [
    { title: p.title },
    { name: 'description', content: p.description },
    { tagName: 'link', rel: 'canonical', href: p.canonical },
    { property: 'og:title', content: p.title },
    { property: 'og:description', content: p.description },
    { property: 'og:url', content: p.canonical },
    { property: 'og:locale', content: 'ru_RU' },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: 'ПроДокторов' },
  ];
  for (const ld of [p.jsonLd ?? []].flat()) meta.push({ 'script:ld+json': ld });
  if (p.noindex) meta.push({ name: 'robots', content: 'noindex' });
  return meta;
}

/**
 * A JSON-LD object a loader built and kept back from a document's data (app/lib/kept.ts), so its
 * code stays on the server: the server's render and a client navigation (whose data carries it)
 * have the value; the browser hydrating a document reads the same object back from the
 * document's head, found by its '@type', so the head hydrates as the server wrote it.
 */
export function keptLd(kept: Kept<LdObject>, type: string): LdObject {
  if (kept.value !== undefined) return kept.value;
  if (typeof document === 'undefined') return {};
  for (const script of document.head.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      const ld = JSON.parse(script.textContent ?? '') as LdObject;
      if (ld['@type'] === type) return ld;
    } catch {
      // Not ours to read: look on.
    }
  }
  return {};
}

export function notFound(): Response {
  return new Response('Not Found', { status: 404 });
}

/**
 * schema.org ItemList of one list page; `offset` is the position before the page's first item.
 * A summary page's items are their position and URL (as search engines read a list of links to
 * detail pages): the names are on the pages they lead to, and the list's own markup.
 */
export function itemListLd(
  origin: string,
  name: string,
  total: number,
  offset: number,
  items: { url: string }[],
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    numberOfItems: total,
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: offset + i + 1,
      url: `${origin}${item.url}`,
    })),
  };
}

/** schema.org BreadcrumbList from the site root down to the current page. */
export function breadcrumbLd(origin: string, items: { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [{ name: 'Главная', path: '/' }, ...items].map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: `${origin}${item.path}`,
    })),
  };
}
