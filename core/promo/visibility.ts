import { adsHidden, isCrawlerAgent } from './ads';
import { APP_PROMO_COOKIE, APP_PROMO_COOKIE_CLOSED } from './app-store';
import { AWARD_COOKIE, AWARD_COOKIE_HIDDEN } from './award-phase';

/** Which promos the visitor has put away, read from the request's cookies. */
export function promoDismissals(cookies: Record<string, string | undefined>): {
  award: boolean;
  app: boolean;
} {
  return {
    award: cookies[AWARD_COOKIE] === AWARD_COOKIE_HIDDEN,
    app: cookies[APP_PROMO_COOKIE] === APP_PROMO_COOKIE_CLOSED,
  };
}

/**
 * The part of the anonymous page cache's key that these cookies (and a crawler's browser) add.
 * The server renders the banners already hidden (no flash on reload) and no ad slots for a
 * visitor who hid ads or for a crawler (docs/product/ads.md), so one URL has up to sixteen
 * cached copies. Only the exact known values count: any other cookie value renders the visible
 * page, so a visitor cannot grow the cache with made-up values.
 */
export function promoPageVariant(cookies: Record<string, string | undefined>, userAgent?: string): string {
  const { award, app } = promoDismissals(cookies);
  const ads = adsHidden(cookies) ? '|ads-hidden' : '';
  const crawler = userAgent !== undefined && isCrawlerAgent(userAgent) ? '|crawler' : '';
  return `${award ? '|award-hidden' : ''}${app ? '|app-closed' : ''}${ads}${crawler}`;
}
