/**
 * The world of the ads tests (ads.test.ts, ad-events.test.ts): a live campaign in Moscow with a
 * list and a page banner, a demo and an ended campaign in Kazan, a LIGHT and a PRO clinic, an ULTIMA
 * and a plain doctor; the clock on 5 November 2026, moved on by `later`; and the calls a page's
 * script makes.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../../app';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { adBanners, adCampaigns } from '../../db/schema/ads';
import { createClinic, createDoctor, createTown } from '../../db/seed/factories';
import { csrfToken } from '../../testing/csrf';
import { openTestDatabase } from '../../testing/database';

export function adsFixture() {
  let database: Database;
  let app: FastifyInstance;
  let now = new Date('2026-11-05T09:00:00Z');
  const clock: Clock = { now: () => new Date(now) };
  const later = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };

  let town: { id: number };
  let otherTown: { id: number };
  let lightClinic: { id: number };
  let proClinic: { id: number };
  let ultimaDoctor: { id: number };
  let plainDoctor: { id: number };
  let campaign: number;
  let demoCampaign: number;
  let endedCampaign: number;

  const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36';

  beforeAll(async () => {
    database = await openTestDatabase();
    const { db } = database;
    town = await createTown(db, { slug: 'moskva', name: 'Москва', tz: 'Europe/Moscow' });
    otherTown = await createTown(db, { slug: 'kazan', name: 'Казань', tz: 'Europe/Moscow' });
    lightClinic = await createClinic(db, { townId: town.id, softwareVersion: 'LIGHT' });
    proClinic = await createClinic(db, { townId: town.id, softwareVersion: 'PRO' });
    ultimaDoctor = await createDoctor(db, {
      townId: town.id,
      clinicIds: [lightClinic.id],
      softwareVersion: 'ULTIMA',
    });
    plainDoctor = await createDoctor(db, {
      townId: town.id,
      clinicIds: [lightClinic.id],
      softwareVersion: null,
    });
    const [a, demo, ended] = await db
      .insert(adCampaigns)
      .values([
        {
          advertiser: 'ООО «Здоровье»',
          advertiserInn: '7701234567',
          erid: 'Kra23fTest',
          targetUrl: 'https://zdorovie.example.ru/akciya',
          townId: town.id,
          startsOn: '2026-11-01',
          endsOn: '2026-11-30',
        },
        {
          advertiser: 'Демо-рекламодатель',
          erid: 'demo-test-1',
          targetUrl: '/moskva/lpu/',
          townId: otherTown.id,
          startsOn: '2026-01-01',
          isDemo: true,
        },
        {
          advertiser: 'ООО «Вчера»',
          erid: 'ended-1',
          targetUrl: 'https://vchera.example.ru/',
          townId: otherTown.id,
          startsOn: '2026-01-01',
          endsOn: '2026-10-31',
        },
      ])
      .returning({ id: adCampaigns.id });
    campaign = a.id;
    demoCampaign = demo.id;
    endedCampaign = ended.id;
    await db.insert(adBanners).values([
      { campaignId: campaign, bannerType: 'list_top', title: 'Скидка 20% на приём', body: 'До конца ноября' },
      {
        campaignId: campaign,
        bannerType: 'page_side',
        title: 'Скидка 20% на приём',
        body: 'До конца ноября',
      },
      { campaignId: demoCampaign, bannerType: 'list_inline', title: 'Демо-баннер', body: 'Пример рекламы' },
      { campaignId: endedCampaign, bannerType: 'list_top', title: 'Прошло', body: '' },
    ]);
    app = await buildApp({ db, clock });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  async function banner(query: string, userAgent = BROWSER) {
    return app.inject({ url: `/ajax/ad/banner/?${query}`, headers: { 'user-agent': userAgent } });
  }

  async function form(url: string, fields: Record<string, string>, userAgent = BROWSER) {
    const token = await csrfToken(app);
    return app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': userAgent },
      cookies: { csrftoken: token },
      payload: new URLSearchParams({ ...fields, csrfmiddlewaretoken: token }).toString(),
    });
  }

  async function stats(campaignId: number) {
    const { rows } = await database.db.execute<{ impressions: number; views: number; clicks: number }>(sql`
      SELECT coalesce(sum(impressions), 0)::int AS impressions, coalesce(sum(views), 0)::int AS views,
             coalesce(sum(clicks), 0)::int AS clicks
        FROM ad_daily_stats WHERE campaign_id = ${campaignId}`);
    return rows[0];
  }

  async function shownBanner(query = 'town=moskva&place=list_top') {
    const res = await banner(query);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.banner).not.toBeNull();
    return body.banner as {
      key: string;
      redis_id: string;
      campaign: number;
      type: string;
      href: string;
      demo: boolean;
    };
  }

  return {
    get database() {
      return database;
    },
    get app() {
      return app;
    },
    get now() {
      return now;
    },
    get town() {
      return town;
    },
    get lightClinic() {
      return lightClinic;
    },
    get proClinic() {
      return proClinic;
    },
    get ultimaDoctor() {
      return ultimaDoctor;
    },
    get plainDoctor() {
      return plainDoctor;
    },
    get campaign() {
      return campaign;
    },
    get demoCampaign() {
      return demoCampaign;
    },
    get endedCampaign() {
      return endedCampaign;
    },
    clock,
    later,
    BROWSER,
    banner,
    form,
    stats,
    shownBanner,
  };
}
