/**
 * Ads: a page's slot gets a banner with a fresh impression key, and a view (2 s visible) counts
 * once per key; PRO and ULTIMA pages get no banner; garbage is a 400 or 404, never a 500. The
 * script report, clicks and the staff's counts: ad-events.test.ts.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adsFixture } from './ads-fixture';

const t = adsFixture();
const { later, banner, form, stats, shownBanner } = t;

describe('GET /ajax/ad/banner/', () => {
  it('answers a live campaign’s banner with its label data and a fresh key, and counts an impression', async () => {
    const before = await stats(t.campaign);
    const res = await banner('town=moskva&place=list_top');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { banner: b } = res.json();
    expect(b).toMatchObject({
      campaign: t.campaign,
      type: 'list_top',
      demo: false,
      title: 'Скидка 20% на приём',
      advertiser: 'ООО «Здоровье»',
      advertiserInn: '7701234567',
      erid: 'Kra23fTest',
    });
    expect(b.key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(b.redis_id).toBe(b.key);
    expect(b.href).toBe(`/ad/event/c/${t.campaign}/?banner_type=list_top&key=${b.key}`);
    const second = await shownBanner();
    expect(second.key).not.toBe(b.key);
    expect((await stats(t.campaign)).impressions).toBe(before.impressions + 2);
  });

  it('has nothing for a place, town or day without a live campaign', async () => {
    expect((await banner('town=moskva&place=list_inline')).json()).toEqual({ banner: null });
    // Kazan's only list_top campaign ended in October.
    expect((await banner('town=kazan&place=list_top')).json()).toEqual({ banner: null });
    expect((await banner('town=kazan&place=list_inline')).json().banner).toMatchObject({
      campaign: t.demoCampaign,
      demo: true,
    });
  });

  it('gives no banner on a PRO clinic’s or an ULTIMA doctor’s page, and one on a lower level’s', async () => {
    expect((await banner(`town=moskva&place=page_side&clinic=${t.proClinic.id}`)).json()).toEqual({
      banner: null,
    });
    expect((await banner(`town=moskva&place=page_side&doctor=${t.ultimaDoctor.id}`)).json()).toEqual({
      banner: null,
    });
    expect(
      (await banner(`town=moskva&place=page_side&clinic=${t.lightClinic.id}`)).json().banner,
    ).not.toBeNull();
    expect(
      (await banner(`town=moskva&place=page_side&doctor=${t.plainDoctor.id}`)).json().banner,
    ).not.toBeNull();
  });

  it('gives crawlers no banner and counts nothing for them', async () => {
    const before = await stats(t.campaign);
    for (const ua of [
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
      'Mozilla/5.0 HeadlessChrome/140.0',
      '',
    ]) {
      expect((await banner('town=moskva&place=list_top', ua)).json()).toEqual({ banner: null });
    }
    expect((await stats(t.campaign)).impressions).toBe(before.impressions);
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
    const before = await stats(t.campaign);
    // Sooner than the browser's 2 s: not a view.
    const early = await view(b);
    expect(early.statusCode).toBe(200);
    expect(early.json()).toEqual({ counted: false });
    later(2_000);
    expect((await view(b)).json()).toEqual({ counted: true });
    expect((await view(b)).json()).toEqual({ counted: false });
    expect((await stats(t.campaign)).views).toBe(before.views + 1);
    const { rows } = await t.database.db.execute(
      sql`SELECT viewed_at IS NOT NULL AS viewed FROM ad_impressions WHERE key = ${b.key}`,
    );
    expect(rows).toEqual([{ viewed: true }]);
  });

  it('counts two reports of one key sent at once as one view', async () => {
    const b = await shownBanner();
    later(3_000);
    const before = await stats(t.campaign);
    const replies = await Promise.all([view(b), view(b), view(b)]);
    expect(replies.map((r) => r.json().counted).filter(Boolean)).toHaveLength(1);
    expect((await stats(t.campaign)).views).toBe(before.views + 1);
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
    expect((await view({ ...b, campaign: t.demoCampaign })).statusCode).toBe(404);
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
    const json = await t.app.inject({ method: 'POST', url: '/ajax/view_banner/', payload: '{"p":' });
    expect(json.statusCode).toBeLessThan(500);
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/ajax/view_banner/',
      payload: { p: 100, c: t.campaign, btype: 'list_top', redis_id: 'x'.repeat(32) },
    });
    expect(noToken.statusCode).toBe(403);
  });
});
