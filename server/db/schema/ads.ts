import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { towns } from './towns';

/** Where a banner can stand (docs/product/ads.md). */
export const AD_BANNER_TYPES = ['list_top', 'list_inline', 'page_side'] as const;
export type AdBannerType = (typeof AD_BANNER_TYPES)[number];

/**
 * An advertiser's campaign. Russian advertising law (38-FZ, art. 18.1) wants every ad labelled
 * 'Реклама' with the advertiser and the marking token (erid) the ad register issued for it.
 */
export const adCampaigns = pgTable(
  'ad_campaigns',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    advertiser: text().notNull(),
    /** The advertiser's taxpayer number, shown in the label when known. */
    advertiserInn: text(),
    erid: text().notNull().unique(),
    /** Where a click leads (after it is counted). */
    targetUrl: text().notNull(),
    /** Null: every town. */
    townId: integer().references(() => towns.id),
    startsOn: date().notNull(),
    /** Null: open-ended. */
    endsOn: date(),
    /** Demo campaigns of the seed: counted at 50% visible, and marked as demo. */
    isDemo: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ad_campaigns_town').on(t.townId)],
);

/** A campaign's creative for one banner place. */
export const adBanners = pgTable(
  'ad_banners',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    campaignId: integer()
      .notNull()
      .references(() => adCampaigns.id),
    bannerType: text({ enum: AD_BANNER_TYPES }).notNull(),
    title: text().notNull(),
    body: text().notNull().default(''),
    /** A stored image's path under the media store, if the banner has one. */
    imagePath: text(),
  },
  (t) => [unique('ad_banners_campaign_type').on(t.campaignId, t.bannerType)],
);

/**
 * One banner shown once: the key the page got with it. A view (2 s visible) and a click are
 * counted at most once per key.
 */
export const adImpressions = pgTable(
  'ad_impressions',
  {
    key: text().primaryKey(),
    campaignId: integer()
      .notNull()
      .references(() => adCampaigns.id),
    bannerType: text({ enum: AD_BANNER_TYPES }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The browser ran the banner's script (view_status). */
    renderedAt: timestamp({ withTimezone: true }),
    viewedAt: timestamp({ withTimezone: true }),
    clickedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('ad_impressions_created').on(t.createdAt)],
);

/** Counts per campaign, place and day (Moscow), kept after the impressions are swept. */
export const adDailyStats = pgTable(
  'ad_daily_stats',
  {
    campaignId: integer()
      .notNull()
      .references(() => adCampaigns.id),
    bannerType: text({ enum: AD_BANNER_TYPES }).notNull(),
    day: date().notNull(),
    impressions: integer().notNull().default(0),
    views: integer().notNull().default(0),
    clicks: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.bannerType, t.day] }),
    check('ad_daily_stats_counts', sql`${t.impressions} >= 0 AND ${t.views} >= 0 AND ${t.clicks} >= 0`),
  ],
);
