import { randomBytes } from 'node:crypto';
import { isbot } from 'isbot';
import { zonedDay } from '../../../core/dates/zoned';
import { type SoftwareVersion, softwareRights } from '../../../core/directory/software-version';
import type {
  AdBannerReply,
  AdClickQuery,
  AdCounted,
  AdStats,
  AdStatsQuery,
  ViewBannerBody,
  ViewStatusBody,
} from '../../../core/promo/ad-contracts';
import {
  AD_EVENT_WINDOW_MS,
  AD_IMPRESSION_KEEP_DAYS,
  AD_VIEW_DELAY_MS,
  type AdPlace,
  adClickUrl,
  adsHidden,
  isAdTarget,
  isCrawlerAgent,
  isViewEnough,
} from '../../../core/promo/ads';
import type { RateLimitStore } from '../../cache/rate-limit';
import { createTtlCache } from '../../cache/ttl-cache';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { forbidden, notFound, tooManyRequests, unauthorized } from '../../http/errors';
import type { SessionViewer } from '../auth/viewer';
import type { TownService } from '../towns/service';
import { createAdsRepo } from './ads-repo';
import { PROMO_STAFF_ONLY } from './service';

export type AdsService = ReturnType<typeof createAdsService>;

/** Who asks: the address bounds how much one source can count, the browser tells crawlers. */
export interface AdVisitor {
  /** The client's address key (server/security/client-address.ts: an IPv6 client by its /64). */
  ip: string;
  userAgent: string;
}

export const AD_TEXTS = {
  unknownImpression: 'Показ рекламы не найден',
  unknownCampaign: 'Реклама не найдена или её показ закончился',
  tooMany: 'Слишком много запросов. Попробуйте позже',
} as const;

/** Impressions one address may get an hour (a clinic's or an office's NAT shows many people). */
const IMPRESSIONS_PER_HOUR = 2000;
/** Reports (views, scripts, clicks) one address may send an hour; beyond them a 429. */
const REPORTS_PER_HOUR = 6000;
const HOUR_MS = 3_600_000;
/** The counts' day is Moscow's, as the advertisers' reports are. */
const STATS_ZONE = 'Europe/Moscow';

/** A crawler (and a headless browser) neither gets nor counts a banner. */
export const isCrawler = (userAgent: string) => isCrawlerAgent(userAgent) || isbot(userAgent);

/**
 * Banners and their counts (docs/product/ads.md). A page comes from the anonymous page cache,
 * so it carries only an empty slot; the browser asks for the slot's banner and gets it with a
 * fresh impression key, and the view (2 s visible), the script report and the click are each
 * counted at most once per key. Campaigns are rows (server/db/schema/ads.ts); the seed adds
 * demo ones.
 */
export function createAdsService({
  db,
  clock,
  limits,
  towns,
}: {
  db: Db;
  clock: Clock;
  /** Per-address counters (Redis when the app runs as several processes). */
  limits: RateLimitStore;
  towns: TownService;
}) {
  const repo = createAdsRepo(db);
  // Every list page asks which places have a campaign; each process keeps the answer 30 s.
  const places = createTtlCache<AdPlace[]>(clock, 30_000, 1_000);
  const today = () => zonedDay(clock.now(), STATS_ZONE).date;

  async function within(visitor: AdVisitor, what: string, max: number): Promise<boolean> {
    const { count } = await limits.hit(`ads:${what}:${visitor.ip}`, HOUR_MS);
    return count <= max;
  }

  async function report(visitor: AdVisitor) {
    if (!(await within(visitor, 'report', REPORTS_PER_HOUR))) throw tooManyRequests(AD_TEXTS.tooMany);
  }

  /** The places of a town's pages that have a live campaign today (the loaders render slots only there). */
  function livePlaces(townId: number): Promise<AdPlace[]> {
    const day = today();
    return places.get(`${townId}:${day}`, () => repo.livePlaces(townId, day));
  }

  return {
    livePlaces,

    /**
     * The ad slots a page renders (its loader asks): none for a visitor who hid ads, for a
     * crawler or on a PRO or ULTIMA page; else the places with a live campaign in the town.
     */
    async slots({
      townId,
      page,
      cookies,
      userAgent,
    }: {
      townId: number;
      page?: { kind: 'doctor' | 'clinic'; version: SoftwareVersion | null };
      cookies: Record<string, string | undefined>;
      userAgent: string;
    }): Promise<AdPlace[]> {
      if (adsHidden(cookies) || isCrawlerAgent(userAgent)) return [];
      if (page && softwareRights(page.version, page.kind).noAds) return [];
      return livePlaces(townId);
    },

    /** A banner for the place with a new impression key, or null (no campaign, a PRO/ULTIMA page, a crawler). */
    async banner(
      query: { town: string; place: AdPlace; clinic?: number; doctor?: number },
      visitor: AdVisitor,
    ): Promise<AdBannerReply> {
      const none = { banner: null };
      if (isCrawler(visitor.userAgent)) return none;
      const town = await towns.bySlug(query.town);
      if (!town) throw notFound('Город не найден');
      for (const kind of ['doctor', 'clinic'] as const) {
        const id = query[kind];
        if (id === undefined) continue;
        const version = await repo.pageVersion(kind, id);
        if (version === undefined)
          throw notFound(kind === 'doctor' ? 'Врач не найден' : 'Клиника не найдена');
        // PRO and ULTIMA pages carry no ads: the page renders no slot, and the call agrees.
        if (softwareRights(version, kind).noAds) return none;
      }
      const day = today();
      const row = await repo.pickBanner(town.id, query.place, day);
      if (!row) return none;
      if (!(await within(visitor, 'impression', IMPRESSIONS_PER_HOUR))) return none;
      const now = clock.now();
      const key = randomBytes(24).toString('base64url');
      await repo.addImpression(key, row.campaignId, query.place, now, zonedDay(now, STATS_ZONE).date);
      return {
        banner: {
          key,
          redis_id: key,
          campaign: row.campaignId,
          type: query.place,
          demo: row.isDemo,
          title: row.title,
          body: row.body,
          imageUrl: row.imagePath?.startsWith('/') && !row.imagePath.startsWith('//') ? row.imagePath : null,
          advertiser: row.advertiser,
          advertiserInn: row.advertiserInn,
          erid: row.erid,
          href: adClickUrl(row.campaignId, query.place, key),
        },
      };
    },

    /**
     * A view: the banner of that campaign and place, shown at least 2 s ago and within a day,
     * seen enough for its campaign (all of it; half for demo ones). Once per key; an unknown
     * key, or one of another campaign or place, is a 404.
     */
    async view(body: ViewBannerBody & { p: number; c: number }, visitor: AdVisitor): Promise<AdCounted> {
      await report(visitor);
      const impression = await repo.impression(body.redis_id);
      if (!impression || impression.campaignId !== body.c || impression.bannerType !== body.btype) {
        throw notFound(AD_TEXTS.unknownImpression);
      }
      if (isCrawler(visitor.userAgent) || !isViewEnough(body.p, impression.isDemo)) return { counted: false };
      const now = clock.now();
      // The browser waits 2 s of visibility; a report sooner after the banner was given is not one.
      if (now.getTime() - impression.createdAt.getTime() < AD_VIEW_DELAY_MS) return { counted: false };
      const shownAfter = new Date(now.getTime() - AD_EVENT_WINDOW_MS);
      const counted = await repo.markOnce(
        body.redis_id,
        'viewed',
        now,
        zonedDay(now, STATS_ZONE).date,
        shownAfter,
      );
      return { counted };
    },

    /** The banner's script ran (or it came into view): the impression's rendered mark, once. */
    async status(body: ViewStatusBody, visitor: AdVisitor): Promise<AdCounted> {
      await report(visitor);
      const key = (body.key ?? body.redis_id) as string;
      const { known, counted } = await repo.markRendered(key, clock.now());
      if (!known) throw notFound(AD_TEXTS.unknownImpression);
      return { counted };
    },

    /**
     * A click: the campaign's own stored address when it runs today (nothing else is ever a
     * redirect's target), counted once per key of that campaign and place. A click without a
     * key (an old link, a typed URL) is led on but not counted.
     */
    async click(campaignId: number, query: AdClickQuery, visitor: AdVisitor): Promise<string> {
      await report(visitor);
      const day = today();
      const target = await repo.liveTarget(campaignId, day);
      if (!target || !isAdTarget(target)) throw notFound(AD_TEXTS.unknownCampaign);
      const place = query.banner_type as AdPlace;
      if (
        query.key &&
        !isCrawler(visitor.userAgent) &&
        (await repo.impressionOf(query.key, campaignId, place))
      ) {
        const now = clock.now();
        await repo.markOnce(query.key, 'clicked', now, day, new Date(now.getTime() - AD_EVENT_WINDOW_MS));
      }
      return target;
    },

    /** Every campaign's counts by day and place for the last `days` days (Moscow); staff only. */
    async stats(viewer: SessionViewer, query: AdStatsQuery): Promise<AdStats> {
      if (viewer.userId === null) throw unauthorized(PROMO_STAFF_ONLY);
      if (!viewer.isStaff) throw forbidden(PROMO_STAFF_ONLY);
      const days = Number(query.days ?? 30);
      const from = zonedDay(new Date(clock.now().getTime() - (days - 1) * 86_400_000), STATS_ZONE).date;
      const [campaigns, rows] = await Promise.all([repo.campaigns(), repo.dailyStats(from)]);
      return {
        days,
        campaigns: campaigns.map((c) => {
          const series = rows
            .filter((r) => r.campaignId === c.id)
            .map(({ day, bannerType, impressions, views, clicks }) => ({
              day,
              type: bannerType,
              impressions,
              views,
              clicks,
            }));
          const sum = (k: 'impressions' | 'views' | 'clicks') => series.reduce((s, r) => s + r[k], 0);
          return {
            id: c.id,
            advertiser: c.advertiser,
            erid: c.erid,
            demo: c.isDemo,
            active: c.isActive,
            startsOn: c.startsOn,
            endsOn: c.endsOn,
            totals: { impressions: sum('impressions'), views: sum('views'), clicks: sum('clicks') },
            series,
          };
        }),
      };
    },

    /** The nightly sweep: impressions older than 30 days go; the daily counts stay. */
    sweep(now: Date): Promise<number> {
      return repo.sweepImpressions(new Date(now.getTime() - AD_IMPRESSION_KEEP_DAYS * 86_400_000));
    },
  };
}
