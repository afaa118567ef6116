/**
 * Ads: a page's slot gets a banner with a fresh impression key; a view (2 s visible), the
 * script report and a click each count once per key; a click leads only to the campaign's
 * stored address; PRO and ULTIMA pages get no banner; garbage is a 400 or 404, never a 500.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createMemoryRateLimitStore } from '../../cache/rate-limit';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { adBanners, adCampaigns } from '../../db/schema/ads';
import { createClinic, createDoctor, createTown } from '../../db/seed/factories';
import { csrfToken } from '../../testing/csrf';
import { openTestDatabase } from '../../testing/database';
import { signedInAs } from '../../testing/session';
import { createTownService } from '../towns/service';
import { createAdsService } from './ads-service';

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
    { campaignId: campaign, bannerType: 'page_side', title: 'Скидка 20% на приём', body: 'До конца ноября' },
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

describe('GET /ajax/ad/banner/', () => {
  it('answers a live campaign’s banner with its label data and a fresh key, and counts an impression', async () => {
    const before = await stats(campaign);
    const res = await banner('town=moskva&place=list_top');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { banner: b } = res.json();
    expect(b).toMatchObject({
      campaign,
      type: 'list_top',
      demo: false,
      title: 'Скидка 20% на приём',
      advertiser: 'ООО «Здоровье»',
      advertiserInn: '7701234567',
      erid: 'Kra23fTest',
    });
    expect(b.key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(b.redis_id).toBe(b.key);
    expect(b.href).toBe(`/ad/event/c/${campaign}/?banner_type=list_top&key=${b.key}`);
    const second = await shownBanner();
    expect(second.key).not.toBe(b.key);
    expect((await stats(campaign)).impressions).toBe(before.impressions + 2);
  });

  it('has nothing for a place, town or day without a live campaign', async () => {
    expect((await banner('town=moskva&place=list_inline')).json()).toEqual({ banner: null });
    // Kazan's only list_top campaign ended in October.
    expect((await banner('town=kazan&place=list_top')).json()).toEqual({ banner: null });
    expect((await banner('town=kazan&place=list_inline')).json().banner).toMatchObject({
      campaign: demoCampaign,
      demo: true,
    });
  });

  it('gives no banner on a PRO clinic’s or an ULTIMA doctor’s page, and one on a lower level’s', async () => {
    expect((await banner(`town=moskva&place=page_side&clinic=${proClinic.id}`)).json()).toEqual({
      banner: null,
    });
    expect((await banner(`town=moskva&place=page_side&doctor=${ultimaDoctor.id}`)).json()).toEqual({
      banner: null,
    });
    expect(
      (await banner(`town=moskva&place=page_side&clinic=${lightClinic.id}`)).json().banner,
    ).not.toBeNull();
    expect(
      (await banner(`town=moskva&place=page_side&doctor=${plainDoctor.id}`)).json().banner,
    ).not.toBeNull();
  });

  it('gives crawlers no banner and counts nothing for them', async () => {
    const before = await stats(campaign);
    for (const ua of [
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
      'Mozilla/5.0 HeadlessChrome/140.0',
      '',
    ]) {
      expect((await banner('town=moskva&place=list_top', ua)).json()).toEqual({ banner: null });
    }
    expect((await stats(campaign)).impressions).toBe(before.impressions);
  });

  it('refuses garbage with a reason', async () => {
    for (const query of [
      '',
      'town=moskva',
      'town=moskva&place=sidebar',
      'town=../etc&place=list_top',
      'town=moskva&place=list_top&clinic=abc',
      'town=moskva&place=list_top&clinic=-1',
      'town=moskva&place=list_top&doctor=99999999999',
    ]) {
      const res = await banner(query);
      expect(res.statusCode, query).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
    expect((await banner('town=atlantida&place=list_top')).statusCode).toBe(404);
    expect((await banner('town=moskva&place=page_side&clinic=999999')).statusCode).toBe(404);
  });
});

describe('POST /ajax/view_banner/', () => {
  const view = (b: { redis_id: string; campaign: number; type: string }, p = '100') =>
    form('/ajax/view_banner/', { p, c: String(b.campaign), btype: b.type, redis_id: b.redis_id });

  it('counts a view once per key, and only 2 s after the banner was given', async () => {
    const b = await shownBanner();
    const before = await stats(campaign);
    // Sooner than the browser's 2 s: not a view.
    const early = await view(b);
    expect(early.statusCode).toBe(200);
    expect(early.json()).toEqual({ counted: false });
    later(2_000);
    expect((await view(b)).json()).toEqual({ counted: true });
    expect((await view(b)).json()).toEqual({ counted: false });
    expect((await stats(campaign)).views).toBe(before.views + 1);
    const { rows } = await database.db.execute(
      sql`SELECT viewed_at IS NOT NULL AS viewed FROM ad_impressions WHERE key = ${b.key}`,
    );
    expect(rows).toEqual([{ viewed: true }]);
  });

  it('counts two reports of one key sent at once as one view', async () => {
    const b = await shownBanner();
    later(3_000);
    const before = await stats(campaign);
    const replies = await Promise.all([view(b), view(b), view(b)]);
    expect(replies.map((r) => r.json().counted).filter(Boolean)).toHaveLength(1);
    expect((await stats(campaign)).views).toBe(before.views + 1);
  });

  it('wants the whole banner seen, half of it for a demo campaign', async () => {
    const b = await shownBanner();
    later(2_500);
    expect((await view(b, '50')).json()).toEqual({ counted: false });
    expect((await view(b, '100')).json()).toEqual({ counted: true });
    const demo = await shownBanner('town=kazan&place=list_inline');
    later(2_500);
    expect((await view(demo, '49')).json()).toEqual({ counted: false });
    expect((await view(demo, '50')).json()).toEqual({ counted: true });
  });

  it('answers a made-up key, or a key under another campaign or place, with 404', async () => {
    const b = await shownBanner();
    later(2_500);
    const madeUp = await view({ ...b, redis_id: 'x'.repeat(32) });
    expect(madeUp.statusCode).toBe(404);
    expect(madeUp.json().detail).toBe('Показ рекламы не найден');
    expect((await view({ ...b, campaign: demoCampaign })).statusCode).toBe(404);
    expect((await view({ ...b, type: 'page_side' })).statusCode).toBe(404);
    // The real report still counts afterwards.
    expect((await view(b)).json()).toEqual({ counted: true });
  });

  it('refuses garbage with a reason, and a report without the CSRF token', async () => {
    const bad: Record<string, string>[] = [
      {},
      { p: 'lots', c: '1', btype: 'list_top', redis_id: 'x'.repeat(32) },
      { p: '101', c: '1', btype: 'list_top', redis_id: 'x'.repeat(32) },
      { p: '100', c: '0', btype: 'list_top', redis_id: 'x'.repeat(32) },
      { p: '100', c: '1', btype: 'popup', redis_id: 'x'.repeat(32) },
      { p: '100', c: '1', btype: 'list_top', redis_id: 'short' },
      { p: '100', c: '1', btype: 'list_top', redis_id: `${'x'.repeat(32)}'; DROP TABLE ad_impressions; --` },
    ];
    for (const fields of bad) {
      const res = await form('/ajax/view_banner/', fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
    const json = await app.inject({ method: 'POST', url: '/ajax/view_banner/', payload: '{"p":' });
    expect(json.statusCode).toBeLessThan(500);
    const noToken = await app.inject({
      method: 'POST',
      url: '/ajax/view_banner/',
      payload: { p: 100, c: campaign, btype: 'list_top', redis_id: 'x'.repeat(32) },
    });
    expect(noToken.statusCode).toBe(403);
  });
});

describe('POST /ajax/view_status/', () => {
  it('marks the script as run once; a made-up key is a 404', async () => {
    const b = await shownBanner();
    expect((await form('/ajax/view_status/', { key: b.key, redis_id: b.key, js: '1' })).json()).toEqual({
      counted: true,
    });
    expect((await form('/ajax/view_status/', { redis_id: b.key, visible: '1' })).json()).toEqual({
      counted: false,
    });
    expect((await form('/ajax/view_status/', { key: 'y'.repeat(32), js: '1' })).statusCode).toBe(404);
    const bad: Record<string, string>[] = [
      { key: b.key },
      { js: '1' },
      { key: b.key, redis_id: 'z'.repeat(32), js: '1' },
    ];
    for (const fields of bad) {
      const res = await form('/ajax/view_status/', fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
  });
});

describe('GET /ad/event/c/{campaign}/', () => {
  const click = (url: string, accept = 'text/html') =>
    app.inject({ url, headers: { 'user-agent': BROWSER, accept } });

  it('counts a click once per key and leads to the campaign’s stored address', async () => {
    const b = await shownBanner();
    const before = await stats(campaign);
    const first = await click(b.href);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('https://zdorovie.example.ru/akciya');
    expect(first.headers['cache-control']).toBe('no-store');
    const again = await click(b.href);
    expect(again.statusCode).toBe(302);
    expect((await stats(campaign)).clicks).toBe(before.clicks + 1);
    // Without a key (or with another campaign's) it still leads on, counting nothing.
    expect((await click(`/ad/event/c/${campaign}/?banner_type=list_top`)).statusCode).toBe(302);
    expect((await click(`/ad/event/c/${campaign}/?banner_type=page_side&key=${b.key}`)).statusCode).toBe(302);
    expect((await stats(campaign)).clicks).toBe(before.clicks + 1);
  });

  it('never redirects anywhere but the stored address', async () => {
    const res = await click(
      `/ad/event/c/${campaign}/?banner_type=list_top&next=https://evil.example&url=//evil.example`,
    );
    expect(res.headers.location).toBe('https://zdorovie.example.ru/akciya');
    const demo = await click(`/ad/event/c/${demoCampaign}/?banner_type=list_inline`);
    expect(demo.headers.location).toBe('/moskva/lpu/');
  });

  it('answers an unknown or ended campaign with a 404 page (JSON for a call)', async () => {
    const ended = await click(`/ad/event/c/${endedCampaign}/?banner_type=list_top`);
    expect(ended.statusCode).toBe(404);
    expect(ended.headers['content-type']).toContain('text/html');
    expect(ended.body).toContain('Реклама не найдена или её показ закончился');
    const unknown = await click('/ad/event/c/999999/?banner_type=list_top', 'application/json');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Реклама не найдена или её показ закончился');
    expect((await click('/ad/event/c/abc/?banner_type=list_top', 'application/json')).statusCode).toBe(404);
    const noType = await click(`/ad/event/c/${campaign}/`, 'application/json');
    expect(noType.statusCode).toBe(400);
    expect(typeof noType.json().detail).toBe('string');
  });
});

describe('GET /api/staff/ads/ and the sweep', () => {
  it('shows staff every campaign’s counts by day; others are refused', async () => {
    expect((await app.inject({ url: '/api/staff/ads/' })).statusCode).toBe(401);
    const patient = await signedInAs(app, database.db, { role: 'patient' });
    const refused = await patient.inject({ method: 'GET', url: '/api/staff/ads/' });
    expect(refused.statusCode, refused.body).toBe(403);
    const staff = await signedInAs(app, database.db, { role: 'staff' });
    const res = await staff.inject({ method: 'GET', url: '/api/staff/ads/?days=7' });
    expect(res.statusCode).toBe(200);
    const mine = res.json().campaigns.find((c: { id: number }) => c.id === campaign);
    const totals = await stats(campaign);
    expect(mine.totals).toEqual(totals);
    expect(mine.series[0]).toMatchObject({ day: '2026-11-05', type: 'list_top' });
    expect((await staff.inject({ method: 'GET', url: '/api/staff/ads/?days=1000' })).statusCode).toBe(400);
  });

  it('sweeps impressions older than 30 days and keeps the daily counts', async () => {
    const count = async () =>
      (await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ad_impressions`)).rows[0]
        .n;
    const old = await count();
    const before = await stats(campaign);
    later(31 * 86_400_000);
    // The Moscow campaign has ended by now; Kazan's demo one runs on.
    const fresh = await shownBanner('town=kazan&place=list_inline');
    const ads = createAdsService({
      db: database.db,
      clock,
      limits: createMemoryRateLimitStore(clock),
      towns: createTownService({ db: database.db }),
    });
    expect(await ads.sweep(clock.now())).toBe(old);
    const { rows } = await database.db.execute(sql`SELECT key FROM ad_impressions`);
    expect(rows).toEqual([{ key: fresh.key }]);
    expect((await stats(campaign)).impressions).toBe(before.impressions);
  });
});
