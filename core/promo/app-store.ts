/**
 * The mobile-app promo's install button (docs/product/promotions.md): Apple's store on an
 * iPhone, iPad or iPod, Google Play on everything else.
 */

export interface AppStoreLinks {
  appStore: string;
  googlePlay: string;
}

/**
 * Whether the browser runs on an Apple phone or tablet. iPadOS 13+ Safari asks for desktop
 * pages by default and says 'Macintosh'; a Mac has no touch screen, so touch points tell them
 * apart (`maxTouchPoints` is 0 on a Mac, 5 on an iPad).
 */
export function isAppleMobile(userAgent: string, maxTouchPoints = 0): boolean {
  if (/iPhone|iPad|iPod/.test(userAgent)) return true;
  return /Macintosh/.test(userAgent) && maxTouchPoints > 1;
}

export function storeUrlFor(links: AppStoreLinks, userAgent: string, maxTouchPoints = 0): string {
  return isAppleMobile(userAgent, maxTouchPoints) ? links.appStore : links.googlePlay;
}

/** Closing the app banner: remembered for two weeks, so a phone visitor is not asked on every page. */
export const APP_PROMO_COOKIE = 'app_promo';
export const APP_PROMO_COOKIE_CLOSED = 'closed';
export const APP_PROMO_CLOSE_SECONDS = 14 * 24 * 60 * 60;

export function appPromoCloseCookie(): string {
  return `${APP_PROMO_COOKIE}=${APP_PROMO_COOKIE_CLOSED}; Max-Age=${APP_PROMO_CLOSE_SECONDS}; Path=/; SameSite=Lax`;
}

export const APP_PROMO_SLIDES = [
  'Добавляйте в медкарту заключения и анализы',
  'На приёме врач посмотрит всё на компьютере',
] as const;
