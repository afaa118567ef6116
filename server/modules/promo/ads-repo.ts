import { sql } from 'drizzle-orm';
import type { SoftwareVersion } from '../../../core/directory/software-version';
import type { AdPlace } from '../../../core/promo/ads';
import type { Db } from '../../db/client';

/** A live campaign's banner for a place, with what its label needs. */
export type AdBannerRow = {
  campaignId: number;
  advertiser: string;
  advertiserInn: string | null;
  erid: string;
  isDemo: boolean;
  title: string;
  body: string;
  imagePath: string | null;
};

export type AdImpressionRow = {
  key: string;
  campaignId: number;
  bannerType: AdPlace;
  isDemo: boolean;
  createdAt: Date;
  viewedAt: Date | null;
};

export type AdStatsRow = {
  campaignId: number;
  day: string;
  bannerType: AdPlace;
  impressions: number;
  views: number;
  clicks: number;
};

export type AdCampaignRow = {
  id: number;
  advertiser: string;
  erid: string;
  isDemo: boolean;
  isActive: boolean;
  startsOn: string;
  endsOn: string | null;
};

type Counter = 'impressions' | 'views' | 'clicks';

/** A campaign running on the day (Moscow), in the town or in every town. */
const live = (day: string) => sql`c.is_active AND c.starts_on <= ${day}::date
  AND (c.ends_on IS NULL OR c.ends_on >= ${day}::date)`;

const toDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

/** SQL of the ad tables (server/db/schema/ads.ts); the service keeps the rules. */
export function createAdsRepo(db: Db) {
  async function bump(campaignId: number, place: AdPlace, day: string, counter: Counter) {
    const column = sql.raw(counter);
    await db.execute(sql`
      INSERT INTO ad_daily_stats (campaign_id, banner_type, day, ${column})
      VALUES (${campaignId}, ${place}, ${day}::date, 1)
      ON CONFLICT (campaign_id, banner_type, day) DO UPDATE SET ${column} = ad_daily_stats.${column} + 1`);
  }

  return {
    /** The places that have at least one live campaign's banner in the town today. */
    async livePlaces(townId: number, day: string): Promise<AdPlace[]> {
      const { rows } = await db.execute<{ place: AdPlace }>(sql`
        SELECT DISTINCT b.banner_type AS place
          FROM ad_banners b JOIN ad_campaigns c ON c.id = b.campaign_id
         WHERE ${live(day)} AND (c.town_id IS NULL OR c.town_id = ${townId})`);
      return rows.map((r) => r.place);
    },

    /** One live banner for the place, picked at random among the town's campaigns (a plain rotation). */
    async pickBanner(townId: number, place: AdPlace, day: string): Promise<AdBannerRow | null> {
      const { rows } = await db.execute<AdBannerRow>(sql`
        SELECT c.id AS "campaignId", c.advertiser, c.advertiser_inn AS "advertiserInn", c.erid,
               c.is_demo AS "isDemo", b.title, b.body, b.image_path AS "imagePath"
          FROM ad_banners b JOIN ad_campaigns c ON c.id = b.campaign_id
         WHERE b.banner_type = ${place} AND ${live(day)} AND (c.town_id IS NULL OR c.town_id = ${townId})
         ORDER BY random() LIMIT 1`);
      return rows[0] ?? null;
    },

    /** An impression and its count for the day, in one transaction. */
    async addImpression(key: string, campaignId: number, place: AdPlace, now: Date, day: string) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          INSERT INTO ad_impressions (key, campaign_id, banner_type, created_at)
          VALUES (${key}, ${campaignId}, ${place}, ${now.toISOString()}::timestamptz)`);
        await createAdsRepo(tx as unknown as Db).bump(campaignId, place, day, 'impressions');
      });
    },

    async impression(key: string): Promise<AdImpressionRow | null> {
      const { rows } = await db.execute<AdImpressionRow>(sql`
        SELECT i.key, i.campaign_id AS "campaignId", i.banner_type AS "bannerType", c.is_demo AS "isDemo",
               i.created_at AS "createdAt", i.viewed_at AS "viewedAt"
          FROM ad_impressions i JOIN ad_campaigns c ON c.id = i.campaign_id
         WHERE i.key = ${key}`);
      const row = rows[0];
      return row
        ? { ...row, createdAt: toDate(row.createdAt), viewedAt: row.viewedAt && toDate(row.viewedAt) }
        : null;
    },

    /**
     * Marks the impression's view or click, once: only the first of two reports (even at the
     * same moment) finds the column empty, and only then the day's count grows.
     */
    async markOnce(
      key: string,
      event: 'viewed' | 'clicked',
      now: Date,
      day: string,
      shownAfter: Date,
    ): Promise<boolean> {
      const column = sql.raw(event === 'viewed' ? 'viewed_at' : 'clicked_at');
      return db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ campaignId: number; bannerType: AdPlace }>(sql`
          UPDATE ad_impressions SET ${column} = ${now.toISOString()}::timestamptz
           WHERE key = ${key} AND ${column} IS NULL AND created_at >= ${shownAfter.toISOString()}::timestamptz
          RETURNING campaign_id AS "campaignId", banner_type AS "bannerType"`);
        const row = rows[0];
        if (!row) return false;
        await createAdsRepo(tx as unknown as Db).bump(
          row.campaignId,
          row.bannerType,
          day,
          event === 'viewed' ? 'views' : 'clicks',
        );
        return true;
      });
    },

    /** The browser ran the banner's script: `known` false when the key is unknown. */
    async markRendered(key: string, now: Date): Promise<{ known: boolean; counted: boolean }> {
      const { rows } = await db.execute(sql`
        UPDATE ad_impressions SET rendered_at = ${now.toISOString()}::timestamptz
         WHERE key = ${key} AND rendered_at IS NULL RETURNING 1`);
      if (rows.length > 0) return { known: true, counted: true };
      const seen = await db.execute(sql`SELECT 1 FROM ad_impressions WHERE key = ${key}`);
      return { known: seen.rows.length > 0, counted: false };
    },

    /** The campaign's target when it runs on the day; null for an unknown, stopped or ended one. */
    async liveTarget(campaignId: number, day: string): Promise<string | null> {
      const { rows } = await db.execute<{ targetUrl: string }>(sql`
        SELECT c.target_url AS "targetUrl" FROM ad_campaigns c WHERE c.id = ${campaignId} AND ${live(day)}`);
      return rows[0]?.targetUrl ?? null;
    },

    /** Whether the impression belongs to the campaign and place named in the click. */
    async impressionOf(key: string, campaignId: number, place: AdPlace): Promise<boolean> {
      const { rows } = await db.execute(sql`
        SELECT 1 FROM ad_impressions WHERE key = ${key} AND campaign_id = ${campaignId} AND banner_type = ${place}`);
      return rows.length > 0;
    },

    /** A doctor's or clinic's software version; undefined when there is no such page. */
    async pageVersion(kind: 'doctor' | 'clinic', id: number): Promise<SoftwareVersion | null | undefined> {
      const table = kind === 'doctor' ? sql`doctors` : sql`clinics`;
      const { rows } = await db.execute<{ version: SoftwareVersion | null }>(
        sql`SELECT software_version AS version FROM ${table} WHERE id = ${id}`,
      );
      return rows.length === 0 ? undefined : rows[0].version;
    },

    async campaigns(): Promise<AdCampaignRow[]> {
      const { rows } = await db.execute<AdCampaignRow>(sql`
        SELECT id, advertiser, erid, is_demo AS "isDemo", is_active AS "isActive",
               to_char(starts_on, 'YYYY-MM-DD') AS "startsOn", to_char(ends_on, 'YYYY-MM-DD') AS "endsOn"
          FROM ad_campaigns ORDER BY id`);
      return rows;
    },

    async dailyStats(fromDay: string): Promise<AdStatsRow[]> {
      const { rows } = await db.execute<AdStatsRow>(sql`
        SELECT campaign_id AS "campaignId", to_char(day, 'YYYY-MM-DD') AS day, banner_type AS "bannerType",
               impressions, views, clicks
          FROM ad_daily_stats WHERE day >= ${fromDay}::date ORDER BY campaign_id, day, banner_type`);
      return rows;
    },

    /** Deletes impressions shown before the instant, a batch at a time; answers how many. */
    async sweepImpressions(before: Date, batch = 5000): Promise<number> {
      let total = 0;
      for (;;) {
        const { rows } = await db.execute(sql`
          DELETE FROM ad_impressions WHERE key IN (
            SELECT key FROM ad_impressions WHERE created_at < ${before.toISOString()}::timestamptz LIMIT ${batch})
          RETURNING 1`);
        total += rows.length;
        if (rows.length < batch) return total;
      }
    },

    bump,
  };
}

export type AdsRepo = ReturnType<typeof createAdsRepo>;
