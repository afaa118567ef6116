import { defineCall } from '../http/call';
import type {
  AdBannerQuery,
  AdBannerReply,
  AdClickQuery,
  AdCounted,
  AdStats,
  AdStatsQuery,
  ViewBannerBody,
  ViewStatusBody,
} from './ad-contracts';

/** A banner for a place of a page, with a fresh impression key (or none: no campaign, no ads there). */
export const adBanner = defineCall<{ query: AdBannerQuery; reply: AdBannerReply }>()(
  'GET',
  '/ajax/ad/banner/',
);

/** The banner stayed visible for 2 s (all of it; half for demo campaigns): counted once per key. */
export const viewBanner = defineCall<{ body: ViewBannerBody; reply: AdCounted }>()(
  'POST',
  '/ajax/view_banner/',
);

/** The banner's script ran in the browser (`js`) or the banner came into view (`visible`). */
export const viewStatus = defineCall<{ body: ViewStatusBody; reply: AdCounted }>()(
  'POST',
  '/ajax/view_status/',
);

/** A banner's click: counted once per key, then a 302 to the campaign's own address (a page, not a call). */
export const adClick = defineCall<{ params: { campaign: number }; query: AdClickQuery; reply: null }>()(
  'GET',
  '/ad/event/c/:campaign/',
);

/** Every campaign's impressions, views and clicks by day; staff only. */
export const adStats = defineCall<{ query: AdStatsQuery; reply: AdStats }>()('GET', '/api/staff/ads/');
