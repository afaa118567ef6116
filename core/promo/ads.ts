/**
 * Advertising on the directory pages (docs/product/ads.md): where banners stand, when a view
 * counts, the label Russian law asks for, the click link and who sees no ads.
 */

/** The places a banner can stand: above a list, inside it after a few cards, beside a page. */
export const AD_PLACES = ['list_top', 'list_inline', 'page_side'] as const;
export type AdPlace = (typeof AD_PLACES)[number];

export function isAdPlace(value: unknown): value is AdPlace {
  return (AD_PLACES as readonly unknown[]).includes(value);
}

/** A list's inline banner follows this many cards (a shorter page has none). */
export const INLINE_AD_AFTER = 5;

/** A view counts after the banner stayed this long visible without a break. */
export const AD_VIEW_DELAY_MS = 2000;

/** The share of the banner that must be visible: all of it, half for the seed's demo campaigns. */
export function adViewPercent(demo: boolean): number {
  return demo ? 50 : 100;
}

/**
 * The seen share the browser reports (`p`, 0–100) is enough for the campaign: a lower report
 * counts nothing. The browser measures it; the server only keeps the bar where it belongs.
 */
export function isViewEnough(percent: number, demo: boolean): boolean {
  return percent >= adViewPercent(demo);
}

/**
 * The label every banner carries (38-FZ art. 18.1): 'Реклама', the advertiser, its taxpayer
 * number when known, and the marking token:
 *   ('ООО «Ромашка»', '7701234567', 'Kra23f') → 'Реклама · ООО «Ромашка» · ИНН 7701234567 · erid: Kra23f'
 */
export function adLabel(ad: { advertiser: string; advertiserInn: string | null; erid: string }): string {
  const parts = ['Реклама', ad.advertiser];
  if (ad.advertiserInn) parts.push(`ИНН ${ad.advertiserInn}`);
  parts.push(`erid: ${ad.erid}`);
  return parts.join(' · ');
}

/** Where a banner's click goes first: counted, then sent on to the campaign's own address. */
export function adClickUrl(campaignId: number, place: AdPlace, key: string): string {
  const query = new URLSearchParams({ banner_type: place, key });
  return `/ad/event/c/${campaignId}/?${query}`;
}

/**
 * A campaign's target is an https (or http) address of a site, or a path on this one ('/moskva/lpu/');
 * never a protocol-relative '//host', a user part, `javascript:` or anything else a redirect
 * must not lead to.
 */
export function isAdTarget(url: string): boolean {
  if (url.length === 0 || url.length > 2000 || /[\s\\]/.test(url)) return false;
  if (url.startsWith('/')) return !url.startsWith('//');
  try {
    const parsed = new URL(url);
    return (
      (parsed.protocol === 'https:' || parsed.protocol === 'http:') &&
      parsed.username === '' &&
      parsed.password === '' &&
      parsed.hostname.includes('.')
    );
  } catch {
    return false;
  }
}

/** 'Скрыть рекламу': no banners for this visitor for a day (a cookie the pages' cache keys on). */
export const ADS_HIDDEN_COOKIE = 'ads_hidden';
export const ADS_HIDDEN_VALUE = '1';
export const ADS_HIDDEN_SECONDS = 24 * 60 * 60;

export function adsHiddenCookie(): string {
  return `${ADS_HIDDEN_COOKIE}=${ADS_HIDDEN_VALUE}; Max-Age=${ADS_HIDDEN_SECONDS}; Path=/; SameSite=Lax`;
}

export function adsHidden(cookies: Record<string, string | undefined>): boolean {
  return cookies[ADS_HIDDEN_COOKIE] === ADS_HIDDEN_VALUE;
}

/**
 * Crawlers and headless browsers (which still say so) get pages without ad slots and no
 * banners: their visits are not people's, and an empty slot would only shift their layout.
 */
const CRAWLER = /bot|crawl|spider|slurp|headless|lighthouse|preview|facebookexternalhit|vkshare/i;

export function isCrawlerAgent(userAgent: string | undefined): boolean {
  return !userAgent || CRAWLER.test(userAgent);
}

/** What the hide control says after a press. */
export const ADS_HIDDEN_NOTE =
  'Реклама скрыта на сутки. На страницах клиник и врачей с версиями «Профи» и «Ультима» рекламы нет.';

/** Impressions older than this are swept; the daily counts stay. */
export const AD_IMPRESSION_KEEP_DAYS = 30;
/** A view or a click counts only this long after the banner was shown. */
export const AD_EVENT_WINDOW_MS = 24 * 60 * 60 * 1000;
