import { late } from '../lib/late';

/**
 * The site's footer (./site-footer.tsx) as pages place it: rendered by the server with the page,
 * its code (text and links, nothing a first tap needs) loads beside the page's own and hydrates
 * after it, so it is no part of the first-load JavaScript (ADR 021). Until then its links are
 * plain links to the same pages.
 */
export const SiteFooter = late(() => import('./site-footer').then((m) => m.SiteFooter), { boundary: true });
