import type { MetaDescriptor } from 'react-router';

/** Title, description, canonical URL and JSON-LD: every page has all four. */
export function pageMeta(p: {
  title: string;
  description: string;
  canonical: string;
  jsonLd?: Record<string, unknown>;
}): MetaDescriptor[] {
  const meta: MetaDescriptor[] = [
    { title: p.title },
    { name: 'description', content: p.description },
    { tagName: 'link', rel: 'canonical', href: p.canonical },
    { property: 'og:title', content: p.title },
    { property: 'og:description', content: p.description },
    { property: 'og:url', content: p.canonical },
    { property: 'og:locale', content: 'ru_RU' },
  ];
  if (p.jsonLd) meta.push({ 'script:ld+json': p.jsonLd });
  return meta;
}

export function notFound(): Response {
  return new Response('Not Found', { status: 404 });
}
