/**
 * Ads: the script report and a click each count once per key; a click leads only to the
 * campaign's stored address; staff see the daily counts, which outlive the 30-day sweep of
 * impressions. Banners and views: ads.test.ts.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createMemoryRateLimitStore } from '../../cache/rate-limit';
import { signedInAs } from '../../testing/session';
import { createTownService } from '../towns/service';
import { adsFixture } from './ads-fixture';
import { createAdsService } from './ads-service';

const t = adsFixture();
const { clock, later, BROWSER, form, stats, shownBanner } = t;

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
    t.app.inject({ url, headers: { 'user-agent': BROWSER, accept } });

  it('counts a click once per key and leads to the campaign’s stored address', async () => {
    const b = await shownBanner();
    const before = await stats(t.campaign);
    const first = await click(b.href);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('https://zdorovie.example.ru/akciya');
    expect(first.headers['cache-control']).toBe('no-store');
    const again = await click(b.href);
    expect(again.statusCode).toBe(302);
    expect((await stats(t.campaign)).clicks).toBe(before.clicks + 1);
    // Without a key (or with another campaign's) it still leads on, counting nothing.
    expect((await click(`/ad/event/c/${t.campaign}/?banner_type=list_top`)).statusCode).toBe(302);
    expect((await click(`/ad/event/c/${t.campaign}/?banner_type=page_side&key=${b.key}`)).statusCode).toBe(
      302,
    );
    expect((await stats(t.campaign)).clicks).toBe(before.clicks + 1);
  });

  it('never redirects anywhere but the stored address', async () => {
    const res = await click(
      `/ad/event/c/${t.campaign}/?banner_type=list_top&next=https://evil.example&url=//evil.example`,
    );
    expect(res.headers.location).toBe('https://zdorovie.example.ru/akciya');
    const demo = await click(`/ad/event/c/${t.demoCampaign}/?banner_type=list_inline`);
    expect(demo.headers.location).toBe('/moskva/lpu/');
  });

  it('answers an unknown or ended campaign with a 404 page (JSON for a call)', async () => {
    const ended = await click(`/ad/event/c/${t.endedCampaign}/?banner_type=list_top`);
    expect(ended.statusCode).toBe(404);
    expect(ended.headers['content-type']).toContain('text/html');
    expect(ended.body).toContain('Реклама не найдена или её показ закончился');
    const unknown = await click('/ad/event/c/999999/?banner_type=list_top', 'application/json');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Реклама не найдена или её показ закончился');
    expect((await click('/ad/event/c/abc/?banner_type=list_top', 'application/json')).statusCode).toBe(404);
    const noType = await click(`/ad/event/c/${t.campaign}/`, 'application/json');
    expect(noType.statusCode).toBe(400);
    expect(typeof noType.json().detail).toBe('string');
  });
});

describe('GET /api/staff/ads/ and the sweep', () => {
  it('shows staff every campaign’s counts by day; others are refused', async () => {
    expect((await t.app.inject({ url: '/api/staff/ads/' })).statusCode).toBe(401);
    const patient = await signedInAs(t.app, t.database.db, { role: 'patient' });
    const refused = await patient.inject({ method: 'GET', url: '/api/staff/ads/' });
    expect(refused.statusCode, refused.body).toBe(403);
    const staff = await signedInAs(t.app, t.database.db, { role: 'staff' });
    const res = await staff.inject({ method: 'GET', url: '/api/staff/ads/?days=7' });
    expect(res.statusCode).toBe(200);
    const mine = res.json().campaigns.find((c: { id: number }) => c.id === t.campaign);
    const totals = await stats(t.campaign);
    expect(mine.totals).toEqual(totals);
    expect(mine.series[0]).toMatchObject({ day: '2026-11-05', type: 'list_top' });
    expect((await staff.inject({ method: 'GET', url: '/api/staff/ads/?days=1000' })).statusCode).toBe(400);
  });

  it('sweeps impressions older than 30 days and keeps the daily counts', async () => {
    const count = async () =>
      (await t.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ad_impressions`)).rows[0]
        .n;
    const old = await count();
    const before = await stats(t.campaign);
    later(31 * 86_400_000);
    // The Moscow campaign has ended by now; Kazan's demo one runs on.
    const fresh = await shownBanner('town=kazan&place=list_inline');
    const ads = createAdsService({
      db: t.database.db,
      clock,
      limits: createMemoryRateLimitStore(clock),
      towns: createTownService({ db: t.database.db }),
    });
    expect(await ads.sweep(clock.now())).toBe(old);
    const { rows } = await t.database.db.execute(sql`SELECT key FROM ad_impressions`);
    expect(rows).toEqual([{ key: fresh.key }]);
    expect((await stats(t.campaign)).impressions).toBe(before.impressions);
  });
});
